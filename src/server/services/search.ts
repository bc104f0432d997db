import type { Ctx } from '../context.js';
import { paginate, type PageQuery } from '../lib/paginate.js';
import { flattenPages } from '../model/page-tree.js';
import { contentScope } from './revisions.js';
import { pageAppUrl } from '../views/revision.js';
import { splitSections } from '../lib/search.js';

interface Doc {
  id: string;
  pageId: string;
  sectionId: string;
  pageTitle: string;
  title: string;
  body: string;
}

/** Full-text search over page titles and sections, ranked by relevance. */
export async function searchSpace(c: Ctx, spaceId: string, q: PageQuery & { query: string }) {
  const { default: MiniSearch } = await import('minisearch');
  return c.read((tx) => {
    const scope = contentScope(c, tx, spaceId);
    const flat = flattenPages(scope.rev.pages).filter((f) => f.page.type === 'document');
    const docs: Doc[] = [];
    for (const { page } of flat) {
      const sections = splitSections(page.id, page.title, page.markdown);
      if (!sections.length) sections.push({ id: page.id, title: page.title, body: '' });
      sections.forEach((s, i) => docs.push({ id: `${page.id}#${i}`, pageId: page.id, sectionId: s.id, pageTitle: page.title, title: s.title, body: s.body }));
    }
    const index = new MiniSearch<Doc>({ fields: ['pageTitle', 'title', 'body'], storeFields: ['pageId', 'sectionId', 'title', 'body'] });
    index.addAll(docs);
    const hits = q.query.trim()
      ? index.search(q.query, { prefix: true, fuzzy: 0.2, boost: { pageTitle: 3, title: 2 }, combineWith: 'AND' })
      : [];
    // Rank pages by their best section; keep the sections whose own text matched.
    const byPage = new Map<string, { score: number; sections: typeof hits }>();
    for (const h of hits) {
      const entry = byPage.get(h.pageId as string) ?? { score: 0, sections: [] };
      entry.score = Math.max(entry.score, h.score);
      const own = Object.values(h.match).some((fields) => fields.includes('title') || fields.includes('body'));
      if (own) entry.sections.push(h);
      byPage.set(h.pageId as string, entry);
    }
    const ranked = [...byPage.entries()].sort((a, b) => b[1].score - a[1].score);
    const paths = new Map(flat.map((f) => [f.page.id, f]));
    return paginate(ranked, q, ([pageId, { sections }]) => {
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
    });
  });
}

/** Full-text search of a space's content. */
export const searchService = { space: searchSpace };
