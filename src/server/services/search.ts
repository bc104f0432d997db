import type { Ctx } from '../context.js';
import { listKey, paginate, type PageQuery } from '../lib/paginate.js';
import { searchDir } from '../lib/search-files.js';
import { searchRevision } from '../lib/search-thread.js';
import { contentScope } from './revisions.js';
import { pageAppUrl, pageIndex } from '../views/revision.js';

/**
 * Full-text search over page titles and sections, ranked by relevance. The index of each space's
 * last searched revision is held by the search thread (lib/search-thread.ts) and kept on disk
 * beside the store; a request reads the text of only the sections on its page of results.
 */
export async function searchSpace(c: Ctx, spaceId: string, q: PageQuery & { query: string }) {
  const scope = await c.read((tx) => contentScope(c, tx, spaceId));
  const found = await searchRevision({ store: c.store, dir: searchDir(c), space: scope.space.id, rev: scope.rev }, q.query);
  const paths = pageIndex(scope.rev.pages);
  const page = paginate(found.hits, q, (h) => h, listKey('search', spaceId, q.query));
  const bodies = await found.bodies(page.items.flatMap((h) => h.sections.map((s) => s.doc)));
  let at = 0;
  return {
    ...page,
    items: page.items.map(({ pageId, sections }) => {
      const f = paths.get(pageId);
      const path = f?.path ?? '';
      return {
        id: pageId,
        title: f?.page.title ?? '',
        path,
        sections: sections.map((s) => {
          const anchor = s.sectionId === pageId ? '' : `#${s.sectionId}`;
          return {
            id: s.sectionId,
            title: s.title,
            path: `${path}${anchor}`,
            body: bodies[at++] ?? '',
            urls: { app: `${pageAppUrl(c, scope, path)}${anchor}` },
          };
        }),
        urls: { app: pageAppUrl(c, scope, path) },
      };
    }),
  };
}

/** Full-text search of a space's content. */
export const searchService = { space: searchSpace };
