import type MiniSearch from 'minisearch';
import type { SearchResult } from 'minisearch';
import type { PageRecord } from '../model/revision.js';
import { flattenPages, type FlatPage } from '../model/page-tree.js';
import { splitSections } from './search.js';

/** One section of a page, as indexed. */
export interface SectionDoc {
  id: string;
  pageId: string;
  sectionId: string;
  pageTitle: string;
  title: string;
  body: string;
}

/** What the index holds of one page: the text it was built from, and the documents made of it. */
interface Indexed {
  title: string;
  markdown: string;
  docs: SectionDoc[];
}

export type MiniSearchClass = typeof MiniSearch;

const OPTIONS = { fields: ['pageTitle', 'title', 'body'], storeFields: ['pageId', 'sectionId', 'title', 'body'] };

/** The documents of one page: a section per heading, or the page alone when it has no text. */
function docsOf(page: PageRecord): SectionDoc[] {
  const sections = splitSections(page.id, page.title, page.markdown);
  if (!sections.length) sections.push({ id: page.id, title: page.title, body: '' });
  return sections.map((s, i) => ({ id: `${page.id}#${i}`, pageId: page.id, sectionId: s.id, pageTitle: page.title, title: s.title, body: s.body }));
}

/** A page's hits: its score is its best section's; its sections are those whose own text matched. */
export interface PageHit {
  pageId: string;
  score: number;
  sections: SearchResult[];
}

/**
 * The full-text index of one revision's document pages. Revisions never change, so it is built
 * once per revision; the next revision's is derived from it by re-indexing only the pages whose
 * title or text changed (`advance`), which gives the same answers as building it afresh.
 */
export class RevisionIndex {
  private readonly index: MiniSearch<SectionDoc>;
  private pages = new Map<string, Indexed>();
  /** Page paths and order of the revision indexed. */
  flat: FlatPage[] = [];
  private order = new Map<string, number>();

  constructor(
    MiniSearchCtor: MiniSearchClass,
    public revision: string,
    pages: readonly PageRecord[],
  ) {
    this.index = new MiniSearchCtor<SectionDoc>(OPTIONS);
    this.advance(revision, pages);
  }

  /** Makes this the index of `revision`, whose pages are `pages`: O(pages) compares, O(changed text) indexing. */
  advance(revision: string, pages: readonly PageRecord[]): { changed: number } {
    this.revision = revision;
    this.flat = flattenPages(pages);
    this.order = new Map(this.flat.map((f, i) => [f.page.id, i]));
    const docs = this.flat.filter((f) => f.page.type === 'document');
    const seen = new Set<string>();
    let changed = 0;
    for (const { page } of docs) {
      seen.add(page.id);
      const had = this.pages.get(page.id);
      if (had && had.title === page.title && had.markdown === page.markdown) continue;
      if (had) this.index.removeAll(had.docs);
      const made = docsOf(page);
      this.index.addAll(made);
      this.pages.set(page.id, { title: page.title, markdown: page.markdown, docs: made });
      changed++;
    }
    for (const [id, had] of this.pages) {
      if (seen.has(id)) continue;
      this.index.removeAll(had.docs);
      this.pages.delete(id);
      changed++;
    }
    return { changed };
  }

  /** How many sections are indexed: what the cache bounds. */
  get size(): number {
    return this.index.documentCount;
  }

  /**
   * Pages matching every word of `query` (by prefix, with typos), best first. Scores equal to
   * nine digits rank by page order, so a derived index and a fresh one answer alike.
   */
  search(query: string): PageHit[] {
    if (!query.trim()) return [];
    const hits = this.index.search(query, { prefix: true, fuzzy: 0.2, boost: { pageTitle: 3, title: 2 }, combineWith: 'AND' });
    const byPage = new Map<string, PageHit>();
    for (const h of hits) {
      const pageId = h.pageId as string;
      let entry = byPage.get(pageId);
      if (!entry) byPage.set(pageId, (entry = { pageId, score: 0, sections: [] }));
      entry.score = Math.max(entry.score, h.score);
      const own = Object.values(h.match).some((fields) => fields.includes('title') || fields.includes('body'));
      if (own) entry.sections.push(h);
    }
    const rounded = (x: number) => Math.round(x * 1e9);
    const at = (id: string) => this.order.get(id) ?? 0;
    const docAt = (h: SearchResult) => Number(String(h.id).split('#')[1] ?? 0);
    for (const e of byPage.values()) e.sections.sort((a, b) => rounded(b.score) - rounded(a.score) || docAt(a) - docAt(b));
    return [...byPage.values()].sort((a, b) => rounded(b.score) - rounded(a.score) || at(a.pageId) - at(b.pageId));
  }
}
