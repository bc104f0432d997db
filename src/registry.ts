import { overlayOf, type Overlays } from './cli/overlay.js';
import type { CliResources } from './cli/deps.js';
import type { Endpoint } from './contract/endpoint.js';
import type { Endpoints } from './contract/index.js';
import type { IdsOf, Resource } from './contract/resources.js';
import type { ServerResources } from './server/resources.js';
import type { AnyHandler, HandlersOf } from './server/types.js';

type EndpointsOf<R extends Resource> = { [K in IdsOf<R>]: Endpoints[K] };

interface Parts<R extends Resource> {
  endpoints(): Promise<EndpointsOf<R>>;
  handlers(): Promise<HandlersOf<R>>;
  overlays(): Promise<Overlays>;
}

const spaceHandlers = () => import('./server/handlers/spaces.js');
const editing = () => import('./server/handlers/editing.js').then((m) => m.editingHandlers);
const sites = () => import('./server/handlers/sites.js').then((m) => m.siteHandlers);

const none = async (): Promise<Overlays> => ({});

/**
 * Each resource's parts, loaded when one of its commands or routes is first used: building the
 * zod schemas of the whole catalogue is a large part of a short command's run, and a command
 * needs one resource. This table is the one place gbctl loads its own modules lazily (with the
 * table of bespoke commands in commands/index.ts). A resource missing here does not compile.
 */
const RESOURCES: { [R in Resource]: Parts<R> } = {
  account: {
    endpoints: () => import('./contract/endpoints/account.js').then((m) => m.account),
    handlers: () => spaceHandlers().then((m) => m.accountHandlers),
    overlays: none,
  },
  'change-requests': {
    endpoints: () => import('./contract/endpoints/change-requests.js').then((m) => m.changeRequests),
    handlers: editing,
    overlays: () => import('../commands/overlays/change-requests.js').then((m) => m.overlays),
  },
  collections: {
    endpoints: () => import('./contract/endpoints/collections.js').then((m) => m.collections),
    handlers: () => spaceHandlers().then((m) => m.collectionHandlers),
    overlays: () => import('../commands/overlays/collections.js').then((m) => m.overlays),
  },
  comments: {
    endpoints: () => import('./contract/endpoints/comments.js').then((m) => m.comments),
    handlers: editing,
    overlays: () => import('../commands/overlays/comments.js').then((m) => m.overlays),
  },
  content: {
    endpoints: () => import('./contract/endpoints/content.js').then((m) => m.content),
    handlers: editing,
    overlays: () => import('../commands/overlays/content.js').then((m) => m.overlays),
  },
  'cr-comments': {
    endpoints: () => import('./contract/endpoints/cr-comments.js').then((m) => m.crComments),
    handlers: editing,
    overlays: none,
  },
  'cr-content': {
    endpoints: () => import('./contract/endpoints/cr-content.js').then((m) => m.crContent),
    handlers: editing,
    overlays: none,
  },
  openapi: {
    endpoints: () => import('./contract/endpoints/openapi.js').then((m) => m.openapi),
    handlers: sites,
    overlays: () => import('../commands/overlays/openapi.js').then((m) => m.overlays),
  },
  saml: {
    endpoints: () => import('./contract/endpoints/saml.js').then((m) => m.saml),
    handlers: sites,
    overlays: () => import('../commands/overlays/saml.js').then((m) => m.overlays),
  },
  sso: {
    endpoints: () => import('./contract/endpoints/saml.js').then((m) => m.sso),
    handlers: sites,
    overlays: () => import('../commands/overlays/saml.js').then((m) => m.overlays),
  },
  sections: {
    endpoints: () => import('./contract/endpoints/site-structure.js').then((m) => m.sections),
    handlers: sites,
    overlays: () => import('../commands/overlays/site-structure.js').then((m) => m.overlays),
  },
  'section-groups': {
    endpoints: () => import('./contract/endpoints/site-structure.js').then((m) => m.sectionGroups),
    handlers: sites,
    overlays: () => import('../commands/overlays/site-structure.js').then((m) => m.overlays),
  },
  'site-spaces': {
    endpoints: () => import('./contract/endpoints/site-structure.js').then((m) => m.siteSpaces),
    handlers: sites,
    overlays: () => import('../commands/overlays/site-structure.js').then((m) => m.overlays),
  },
  sites: {
    endpoints: () => import('./contract/endpoints/sites.js').then((m) => m.sites),
    handlers: sites,
    overlays: () => import('../commands/overlays/sites.js').then((m) => m.overlays),
  },
  spaces: {
    endpoints: () => import('./contract/endpoints/spaces.js').then((m) => m.spaces),
    handlers: () => spaceHandlers().then((m) => m.spaceHandlers),
    overlays: () => import('../commands/overlays/spaces.js').then((m) => m.overlays),
  },
  translations: {
    endpoints: () => import('./contract/endpoints/translations.js').then((m) => m.translations),
    handlers: sites,
    overlays: () => import('../commands/overlays/translations.js').then((m) => m.overlays),
  },
};

/** Every resource name. */
export const RESOURCE_NAMES = Object.keys(RESOURCES) as Resource[];

/** The resource of an endpoint id, when it names one. */
export function resourceOf(id: string): Resource | undefined {
  const r = id.slice(0, id.indexOf('.'));
  return Object.hasOwn(RESOURCES, r) ? (r as Resource) : undefined;
}

async function endpointOf(id: string): Promise<Endpoint | undefined> {
  const r = resourceOf(id);
  if (!r) return undefined;
  const endpoints: Record<string, Endpoint> = await RESOURCES[r].endpoints();
  return Object.hasOwn(endpoints, id) ? endpoints[id] : undefined;
}

/** The overlays of every resource, for the build and for tests that derive the command tree. */
export async function allOverlays(): Promise<Overlays> {
  const parts = await Promise.all(RESOURCE_NAMES.map((r) => RESOURCES[r].overlays()));
  return Object.assign({}, ...parts) as Overlays;
}

/** What the CLI loads per resource. */
export const cliResources: CliResources = {
  endpoint: endpointOf,
  async overlay(id) {
    const r = resourceOf(id);
    return r ? overlayOf(await RESOURCES[r].overlays(), id) : undefined;
  },
};

/** What the server loads per resource: an endpoint with its handler. */
export const serverResources: ServerResources = {
  async route(id) {
    const r = resourceOf(id);
    if (!r) return undefined;
    const [endpoint, handlers] = await Promise.all([endpointOf(id), RESOURCES[r].handlers()]);
    const handler = (handlers as Record<string, AnyHandler>)[id];
    return endpoint && handler ? { endpoint, handler } : undefined;
  },
};
