import type { Endpoint } from './endpoint.js';
import { account } from './endpoints/account.js';
import { changeRequests } from './endpoints/change-requests.js';
import { collections } from './endpoints/collections.js';
import { comments } from './endpoints/comments.js';
import { content } from './endpoints/content.js';
import { crComments } from './endpoints/cr-comments.js';
import { crContent } from './endpoints/cr-content.js';
import { openapi } from './endpoints/openapi.js';
import { saml, sso } from './endpoints/saml.js';
import { sectionGroups, sections, siteSpaces } from './endpoints/site-structure.js';
import { sites } from './endpoints/sites.js';
import { spaces } from './endpoints/spaces.js';
import { translations } from './endpoints/translations.js';

/** Every endpoint, keyed by id. */
export const endpoints = {
  ...spaces,
  ...collections,
  ...content,
  ...crContent,
  ...comments,
  ...crComments,
  ...changeRequests,
  ...sites,
  ...sections,
  ...sectionGroups,
  ...siteSpaces,
  ...openapi,
  ...saml,
  ...sso,
  ...translations,
  ...account,
};

export type Endpoints = typeof endpoints;
export type EndpointId = keyof Endpoints;
export const catalogue: readonly Endpoint[] = Object.values(endpoints);

export function endpointById(id: string): Endpoint | undefined {
  return (endpoints as Record<string, Endpoint>)[id];
}

export * from './endpoint.js';
export * from './call-types.js';
