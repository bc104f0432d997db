/** Where the emulator's test controls live, apart from the API under /v1/. */
export const CONTROL_PREFIX = '/_gbctl/';
