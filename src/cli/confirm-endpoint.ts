import { listAnswer, records } from './list-answer.js';
import type { Client } from '../client/client.js';
import type { Endpoint } from '../contract/endpoint.js';
import { pathParams } from '../contract/endpoint.js';
import type { Io } from './context.js';
import type { CliResources } from './resources.js';
import type { Overlay } from './overlay.js';
import { CliError, Exit, usageError } from './exit-codes.js';
import { canPrompt, confirmOrFail, type Confirmation } from './prompt.js';

/** The read of the object a destructive endpoint acts on: `spaces.delete` is read by `spaces.get`, `comments.delete-reply` by `comments.get-reply`. */
function readerId(id: string): string | undefined {
  const m = /^([\w-]+)\.(delete|transfer|unpublish|remove)(-[\w-]+)?$/.exec(id);
  return m ? `${m[1]}.get${m[3] ?? ''}` : undefined;
}

type Item = Record<string, unknown>;
const hasId = (id: unknown) => (i: Item) => i.id === id;

/**
 * Objects the API reads only as items of a list: the list, and how to know the object in it.
 * Every destructive endpoint has a get reader or a row here (a test holds it so).
 */
const LISTED: Record<string, { list: string; what: string; find(params: Record<string, unknown>): (i: Item) => boolean; param: string }> = {
  'sections.delete': { list: 'sections.list', what: 'section', param: 'siteSectionId', find: (p) => hasId(p.siteSectionId) },
  'section-groups.delete': { list: 'section-groups.list', what: 'section group', param: 'siteSectionGroupId', find: (p) => hasId(p.siteSectionGroupId) },
  'section-groups.remove-section': {
    list: 'section-groups.list',
    what: 'section in that group',
    param: 'siteSectionId',
    find: (p) => (g) => g.id === p.siteSectionGroupId && records(Array.isArray(g.sections) ? g.sections : []).some(hasId(p.siteSectionId)),
  },
  'site-spaces.delete': { list: 'site-spaces.list', what: 'site space', param: 'siteSpaceId', find: (p) => hasId(p.siteSpaceId) },
};

/** Endpoints whose object is read by an endpoint of another name. */
const READ_BY: Record<string, string> = { 'change-requests.delete-page': 'cr-content.page' };

/** How the object a destructive endpoint acts on is read, if it can be. */
export function targetReader(id: string): { get: string } | { list: string } | undefined {
  if (LISTED[id]) return { list: LISTED[id].list };
  const get = READ_BY[id] ?? readerId(id);
  return get ? { get } : undefined;
}

/**
 * Reads the object a destructive call would act on; a missing one is "not found" (exit 5) before
 * anything is asked or sent, since the API answers a DELETE of a missing object 204 as if done.
 */
async function readTarget(ctx: { resources: CliResources; client: Client }, endpoint: Endpoint, params: Record<string, unknown>): Promise<unknown> {
  const listed = LISTED[endpoint.id];
  if (listed) {
    const list = await ctx.resources.endpoint(listed.list);
    if (!list) return undefined;
    const match = listed.find(params);
    let page: string | undefined;
    do {
      const res = listAnswer(await ctx.client.call(list, { params, query: { limit: 1000, ...(page ? { page } : {}) } }), list.id);
      const found = records(res.items).find(match);
      if (found) return found;
      page = res.next?.page;
    } while (page);
    throw new CliError(`no ${listed.what} ${String(params[listed.param])} in site ${String(params.siteId)}`, Exit.notFound);
  }
  const reader = READ_BY[endpoint.id] ?? readerId(endpoint.id);
  const get = reader ? await ctx.resources.endpoint(reader) : undefined;
  if (!get || !pathParams(get.path).every((p) => params[p] !== undefined)) return undefined;
  return ctx.client.call(get, { params });
}

/** A person's name for an object: its title, label or name, and its id. */
function nameOf(o: unknown, id: string): string {
  const r = (o ?? {}) as Record<string, unknown>;
  const title = [r.title, r.label, r.displayName, r.subject, r.slug, r.name].find((v) => typeof v === 'string' && v);
  return title ? `"${String(title)}" (${id})` : id;
}

/**
 * Asks before a destructive call (or requires --yes), naming the object by title where a person
 * will read it; returns that name, for the line that says what was done.
 */
export async function confirmEndpoint(
  ctx: { io: Io; resources: CliResources; client: Client; yes: boolean; noInput: boolean },
  endpoint: Endpoint,
  overlay: Overlay,
  params: Record<string, unknown>,
): Promise<string> {
  // Read first, with --yes too: a missing object is exit 5, and a person is asked by its title.
  const name = nameOf(await readTarget(ctx, endpoint, params), lastId(params));
  const action = actionOf(endpoint, name);
  const c: Confirmation = { action, question: overlay.confirm?.(params, name) ?? `${action[0]?.toUpperCase()}${action.slice(1)}?` };
  await confirmOrFail(ctx.io, c, ctx.yes, ctx.noInput);
  return name;
}

const lastId = (params: Record<string, unknown>) => Object.values(params).map(String).pop() ?? '';

/** The act in a few words: `delete space "Guides" (abc)`. */
function actionOf(endpoint: Endpoint, name: string): string {
  return `${endpoint.verb.replace(/-.*/, '')} ${endpoint.noun.replace(/s$/, '').replace(/-/g, ' ')} ${name}`;
}

/**
 * Off a terminal without --yes a destructive command is refused before it connects, so the
 * refusal (a usage error) leaves everything as it was, a store file not yet made included.
 */
export function refuseUnconfirmed(io: Io, endpoint: Endpoint, params: Record<string, unknown>, yes: boolean, noInput: boolean): void {
  if (endpoint.destructive && !yes && !canPrompt(io, noInput)) {
    throw usageError(`refusing to ${actionOf(endpoint, lastId(params))} without confirmation`, 'pass --yes to confirm');
  }
}
