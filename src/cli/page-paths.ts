import type { Client } from '../client/client.js';
import type { Endpoint } from '../contract/endpoint.js';
import type { CliResources } from './deps.js';
import type { InvocationInput } from './overlay.js';

interface PageNode {
  id: string;
  path?: string;
  pages?: PageNode[];
}

/** The places a page id goes in a request: the path's pageId, a page to attach to or start from, a new page's parent. */
function pageSlots(endpoint: Endpoint, input: InvocationInput, list: boolean): { where: Record<string, unknown>; key: string }[] {
  const slots = [
    { where: input.params, key: 'pageId' },
    ...(list ? [] : [{ where: input.query, key: 'page' }]),
    { where: input.body, key: 'page' },
    { where: input.body, key: 'pageId' },
    ...(/-page$/.test(endpoint.id) ? [{ where: input.body, key: 'parent' }] : []),
  ];
  return slots.filter((s) => typeof s.where[s.key] === 'string');
}

/**
 * The input as it will be once page paths are resolved, for checking it before anything is
 * sent: a page slot's value (an id or a path, unknown until the tree is read) stands as an id.
 */
export function withPageIds(endpoint: Endpoint, input: InvocationInput, list: boolean): InvocationInput {
  const out = { params: { ...input.params }, query: { ...input.query }, body: { ...input.body } };
  for (const s of pageSlots(endpoint, out, list)) s.where[s.key] = 'page';
  return out;
}

const normal = (p: string) => p.replace(/^\/+|\/+$/g, '').replace(/(\/README)?\.md$/i, '');

/**
 * Lets a page be named by its path (`guides/getting-started`) wherever a page id is taken: the
 * space's (or change request's) page tree is read once and a value that is no page's id but
 * is a page's path becomes that page's id. Anything else is sent as given, for the API to judge.
 */
export async function resolvePagePaths(endpoint: Endpoint, input: InvocationInput, list: boolean, client: Client, resources: CliResources): Promise<void> {
  const slots = pageSlots(endpoint, input, list);
  const spaceId = input.params.spaceId;
  if (!slots.length || typeof spaceId !== 'string') return;
  const cr = input.params.changeRequestId;
  const tree = await resources.endpoint(cr === undefined ? 'content.pages' : 'cr-content.pages');
  if (!tree) return;
  const { pages } = (await client.call(tree, { params: { spaceId, ...(cr === undefined ? {} : { changeRequestId: cr }) }, query: {} })) as { pages: PageNode[] };
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
  for (const s of slots) {
    const v = s.where[s.key] as string;
    if (!ids.has(v)) s.where[s.key] = byPath.get(normal(v)) ?? v;
  }
}
