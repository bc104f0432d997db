import type { Handlers } from '../types.js';

/** Sites and their structure, OpenAPI specs, SAML/SSO and translations. */
export const siteHandlers: Partial<Handlers> = {};
