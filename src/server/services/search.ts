import type { Store } from '../../store/store.js';
import type { Ctx } from '../context.js';
import { listKey, paginate, type PageQuery } from '../lib/paginate.js';
import { RevisionIndex, type MiniSearchClass } from '../lib/search-index.js';
import type { RevisionRecord } from '../model/revision.js';
import { contentScope } from './revisions.js';
import { pageAppUrl } from '../views/revision.js';

/** Indexes kept, by space: at most this many spaces, and this many sections over all of them. */
const MAX_SPACES = 16;
const MAX_SECTIONS = 200_000;

/**
 * The index of each space's latest searched revision, per store (two stores in one process may
 * hold the same ids), least recently used first. A space's index moves forward with its content:
 * the next revision's is derived from it by the pages that changed.
 */
const caches = new WeakMap<Store, Map<string, RevisionIndex>>();

function indexFor(store: Store, MiniSearch: MiniSearchClass, space: string, rev: RevisionRecord): RevisionIndex {
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new Map()));
  let idx = cache.get(space);
  if (idx) cache.delete(space);
  if (!idx) idx = new RevisionIndex(MiniSearch, rev.id, rev.pages);
  else if (idx.revision !== rev.id) idx.advance(rev.id, rev.pages);
  cache.set(space, idx);
  let total = 0;
  for (const i of cache.values()) total += i.size;
  for (const [key, old] of cache) {
    if (cache.size <= 1 || (cache.size <= MAX_SPACES && total <= MAX_SECTIONS)) break;
    cache.delete(key);
    total -= old.size;
  }
  return idx;
}

/** Full-text search over page titles and sections, ranked by relevance. */
export async function searchSpace(c: Ctx, spaceId: string, q: PageQuery & { query: string }) {
  const { default: MiniSearch } = await import('minisearch');
  return c.read((tx) => {
    const scope = contentScope(c, tx, spaceId);
    const index = indexFor(c.store, MiniSearch, scope.space.id, scope.rev);
    const paths = new Map(index.flat.map((f) => [f.page.id, f]));
    return paginate(index.search(q.query), q, ({ pageId, sections }) => {
      const f = paths.get(pageId);
      const path = f?.path ?? '';
      return {
        id: pageId,
        title: f?.page.title ?? '',
        path,
        sections: sections.map((s) => {
          const anchor = s.sectionId === pageId ? '' : `#${String(s.sectionId)}`;
          return { id: String(s.sectionId), title: String(s.title), path: `${path}${anchor}`, body: String(s.body), urls: { app: `${pageAppUrl(c, scope, path)}${anchor}` } };
        }),
        urls: { app: pageAppUrl(c, scope, path) },
      };
    }, listKey('search', spaceId, q.query));
  });
}

/** Full-text search of a space's content. */
export const searchService = { space: searchSpace };
