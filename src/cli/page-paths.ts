import type * as z from 'zod';
import type { Client } from '../client/client.js';
import type { Endpoint } from '../contract/endpoint.js';
import type { CliResources } from './resources.js';
import { CliError, Exit } from './exit-codes.js';
import type { InvocationInput } from './overlay.js';

interface PageNode {
  id: string;
  path?: string;
  pages?: PageNode[];
}

type Where = 'params' | 'query' | 'body';

/**
 * Where a request names a page: the path's pageId, the page comments are filtered by or attached
 * to, the page a PDF starts from, a new page's parent. Each takes a page id or a page's path on
 * the command line. (A list's `page` is its page token instead: `paged` says the answer is one.)
 */
export function isPageSlot(endpointId: string, where: Where, key: string, paged = false): boolean {
  if (where === 'params') return key === 'pageId';
  if (where === 'query') return key === 'targetPage' || (key === 'page' && !paged);
  return key === 'page' || (key === 'parent' && /-page$/.test(endpointId));
}

/** What the help says of an argument or option that names a page. */
export const PAGE_ARG_DESCRIPTION = 'page id or path (e.g. guides/getting-started)';

function schemaOf(endpoint: Endpoint, where: Where, key: string): z.ZodType | undefined {
  const object = where === 'params' ? endpoint.params : where === 'query' ? endpoint.query : endpoint.body;
  return (object?.shape as Record<string, z.ZodType> | undefined)?.[key];
}

/**
 * The input as it will be once page paths are resolved, for checking it before anything is
 * sent: a page slot's value (an id or a path, unknown until the tree is read) stands as an id.
 */
export function withPageIds(endpoint: Endpoint, input: InvocationInput, list: boolean): InvocationInput {
  const out = { params: { ...input.params }, query: { ...input.query }, body: { ...input.body } };
  for (const where of ['params', 'query', 'body'] as const) {
    for (const key of Object.keys(out[where])) if (typeof out[where][key] === 'string' && isPageSlot(endpoint.id, where, key, list)) out[where][key] = 'page';
  }
  return out;
}

const normal = (p: string) => p.replace(/^\/+|\/+$/g, '').replace(/(\/README)?\.md$/i, '');

function pageSlots(endpoint: Endpoint, input: InvocationInput, list: boolean): { where: Where; key: string }[] {
  return (['params', 'query', 'body'] as const).flatMap((where) =>
    Object.keys(input[where])
      .filter((key) => typeof input[where][key] === 'string' && isPageSlot(endpoint.id, where, key, list))
      .map((key) => ({ where, key })),
  );
}

const canBeId = (endpoint: Endpoint, input: InvocationInput, s: { where: Where; key: string }) =>
  schemaOf(endpoint, s.where, s.key)?.safeParse(input[s.where][s.key]).success === true;

/**
 * Whether the request may be sent with its pages as given, the tree read only when it answers
 * 404: every page slot is in the request's path and its value can be an id. A value that is a
 * page's id is what resolving would have sent; one that is a path finds no page (a write is one
 * transaction: nothing is done) and is resolved then (resolvePagePaths). Most commands name a
 * page by id, and the tree holds every page's markdown: reading it first cost a page read on a
 * 1,000-page space four times a space read. The caller leaves out dry runs and commands that ask
 * before they act (their question names the page).
 */
export function idsFirst(endpoint: Endpoint, input: InvocationInput, list: boolean): boolean {
  const slots = pageSlots(endpoint, input, list);
  return slots.length > 0 && slots.every((s) => s.where === 'params' && canBeId(endpoint, input, s));
}

/**
 * Lets a page be named by its path (`guides/getting-started`) wherever a page id is taken: the
 * space's (or change request's) page tree is read once; a value that is a page's id stays, one
 * that is a page's path becomes that page's id, and one that is neither is "not found" (exit 5).
 * A dry run reads the tree only for a value that cannot be an id (a path with a slash): it
 * prints the request as it would be sent without reading anything else. Answers how many values
 * it changed.
 */
export async function resolvePagePaths(
  endpoint: Endpoint,
  input: InvocationInput,
  opts: { list: boolean; dryRun: boolean },
  client: Client,
  resources: CliResources,
): Promise<number> {
  const slots = pageSlots(endpoint, input, opts.list);
  const asked = opts.dryRun ? slots.filter((s) => !canBeId(endpoint, input, s)) : slots;
  const spaceId = input.params.spaceId;
  if (!asked.length || typeof spaceId !== 'string') return 0;
  const cr = input.params.changeRequestId;
  const tree = await resources.endpoint(cr === undefined ? 'content.pages' : 'cr-content.pages');
  if (!tree) return 0;
  // Ids and paths are all it needs: no git metadata (each page's hash).
  const { pages } = (await client.call(tree, { params: { spaceId, ...(cr === undefined ? {} : { changeRequestId: cr }) }, query: { metadata: false } })) as {
    pages: PageNode[];
  };
  const ids = new Set<string>();
  const byPath = new Map<string, string>();
  const walk = (nodes: PageNode[]) => {
    for (const n of nodes) {
      ids.add(n.id);
      if (n.path !== undefined) byPath.set(normal(n.path), n.id);
      walk(n.pages ?? []);
    }
  };
  walk(pages);
  let changed = 0;
  for (const s of asked) {
    const v = input[s.where][s.key] as string;
    if (ids.has(v)) continue;
    const id = byPath.get(normal(v));
    if (id === undefined && endpoint.cli?.pageMayBeAbsent && schemaOf(endpoint, s.where, s.key)?.safeParse(v).success) continue;
    if (id === undefined)
      throw new CliError(
        `no page with the id or path "${v}" in space ${spaceId}${cr === undefined ? '' : ` (change request ${String(cr)})`}`,
        Exit.notFound,
        `see "gbctl pages list ${spaceId}${cr === undefined ? '' : ` --change-request ${String(cr)}`}"`,
      );
    input[s.where][s.key] = id;
    changed++;
  }
  return changed;
}
