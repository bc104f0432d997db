import { readFileSync } from 'node:fs';
import type { Endpoint, Method } from './endpoint.js';
import type { EndpointId, Endpoints } from './index.js';

type ResourceOf<K> = K extends `${infer R}.${string}` ? R : never;

/** The first part of an endpoint id: `spaces` in `spaces.list`. */
export type Resource = ResourceOf<EndpointId>;

/** The ids of one resource's endpoints. */
export type IdsOf<R extends Resource> = Extract<EndpointId, `${R}.${string}`>;

/**
 * Each resource's endpoints, imported on first use: building the zod schemas of the whole
 * catalogue is a large part of a short command's run, and a command needs one resource. A
 * resource without a loader, or a loader giving the wrong endpoints, does not compile.
 */
const loaders: { [R in Resource]: () => Promise<{ [K in IdsOf<R>]: Endpoints[K] }> } = {
  account: () => import('./endpoints/account.js').then((m) => m.account),
  'change-requests': () => import('./endpoints/change-requests.js').then((m) => m.changeRequests),
  collections: () => import('./endpoints/collections.js').then((m) => m.collections),
  comments: () => import('./endpoints/comments.js').then((m) => m.comments),
  content: () => import('./endpoints/content.js').then((m) => m.content),
  'cr-comments': () => import('./endpoints/cr-comments.js').then((m) => m.crComments),
  'cr-content': () => import('./endpoints/cr-content.js').then((m) => m.crContent),
  openapi: () => import('./endpoints/openapi.js').then((m) => m.openapi),
  saml: () => import('./endpoints/saml.js').then((m) => m.saml),
  sso: () => import('./endpoints/saml.js').then((m) => m.sso),
  sections: () => import('./endpoints/site-structure.js').then((m) => m.sections),
  'section-groups': () => import('./endpoints/site-structure.js').then((m) => m.sectionGroups),
  'site-spaces': () => import('./endpoints/site-structure.js').then((m) => m.siteSpaces),
  sites: () => import('./endpoints/sites.js').then((m) => m.sites),
  spaces: () => import('./endpoints/spaces.js').then((m) => m.spaces),
  translations: () => import('./endpoints/translations.js').then((m) => m.translations),
};

/** The resource of an endpoint id, when it names one. */
export function resourceOf(id: string): Resource | undefined {
  const r = id.slice(0, id.indexOf('.'));
  return Object.hasOwn(loaders, r) ? (r as Resource) : undefined;
}

/** One endpoint, loading only its resource's part of the catalogue. */
export async function loadEndpoint(id: string): Promise<Endpoint | undefined> {
  const r = resourceOf(id);
  if (!r) return undefined;
  const endpoints: Record<string, Endpoint> = await loaders[r]();
  return Object.hasOwn(endpoints, id) ? endpoints[id] : undefined;
}

/** What routing needs of an endpoint. */
export interface RouteEntry {
  id: string;
  method: Method;
  path: string;
}

/** The route table as written next to the bundle at build time (dist/routes.json). */
export const ROUTES_FILE = 'routes.json';

export function routeTable(catalogue: readonly Endpoint[]): RouteEntry[] {
  return catalogue.map(({ id, method, path }) => ({ id, method, path }));
}

/**
 * Every route without building any schema: from the build's routes.json, or, running from
 * source (no such file), from the catalogue itself.
 */
export async function loadRoutes(): Promise<RouteEntry[]> {
  try {
    return JSON.parse(readFileSync(new URL(`./${ROUTES_FILE}`, import.meta.url), 'utf8')) as RouteEntry[];
  } catch {
    const { catalogue } = await import('./index.js');
    return routeTable(catalogue);
  }
}
