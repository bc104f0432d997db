/**
 * The origin of the addresses the embedded store gives (`gbctl://local/app/s/…`): no server
 * answers it, `gbctl preview` serves the store and maps them onto its own origin. The store's
 * opener, the seeding of stores and the commands that open addresses all read it here.
 */
export const EMBEDDED_ORIGIN = 'gbctl://local';

/** Whether an address is one the embedded store gave. */
export const isEmbeddedUrl = (url: string): boolean => url === EMBEDDED_ORIGIN || url.startsWith(`${EMBEDDED_ORIGIN}/`);

/** The path of an embedded address (`/app/s/X`), '' for the origin itself. */
export const embeddedPath = (url: string): string => (isEmbeddedUrl(url) ? url.slice(EMBEDDED_ORIGIN.length) : url);
