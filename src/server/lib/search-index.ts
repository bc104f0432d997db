import type MiniSearch from 'minisearch';
import type { AsPlainObject, SearchResult } from 'minisearch';
import { runToEnd } from '../../lib/steps.js';
import { miniSearchJson } from './search-json.js';
import { splitSections } from './search.js';
import { searchTerm, searchWords, typosFor } from './search-words.js';

/** One section of a page, as indexed. */
export interface SectionDoc {
  id: string;
  pageId: string;
  sectionId: string;
  pageTitle: string;
  title: string;
  body: string;
}

export type MiniSearchClass = typeof MiniSearch;

/**
 * A document page of a revision as the index knows it: its id and a version that changes
 * whenever its title or text does (the store's content hash of the page).
 */
export type PageVersion = readonly [id: string, version: string];

/** What a page is indexed from. */
export interface PageText {
  id: string;
  title: string;
  markdown: string;
}

// Every indexed field is stored too: a page's sections are removed with exactly the values they
// were added with, whichever code made them (an index read back from disk included).
const OPTIONS = {
  fields: ['pageTitle', 'title', 'body'],
  storeFields: ['pageId', 'sectionId', 'pageTitle', 'title', 'body'],
  tokenize: searchWords,
  processTerm: searchTerm,
};

/** The documents of one page: a section per heading, or the page alone when it has no text. */
function docsOf(page: PageText): SectionDoc[] {
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

/** An index as written to disk and read back (see search-files.ts). */
export interface IndexJson {
  revision: string;
  /** Each indexed page: id, version, number of sections, in page order. */
  pages: [string, string, number][];
  index: AsPlainObject;
}

/**
 * The full-text index of one revision's document pages. Revisions never change, so it is built
 * once per revision; the next revision's is derived from it by re-indexing only the pages whose
 * version changed (`advance`), which gives the same answers as building it afresh.
 */
export class RevisionIndex {
  private index: MiniSearch<SectionDoc>;
  /** Per indexed page: its version and how many sections it has (`ID#0` …). */
  private pages = new Map<string, { version: string; sections: number }>();
  private order = new Map<string, number>();

  constructor(
    private readonly MiniSearchCtor: MiniSearchClass,
    public revision = '',
    index?: MiniSearch<SectionDoc>,
  ) {
    this.index = index ?? new MiniSearchCtor<SectionDoc>(OPTIONS);
  }

  /** An index written by `toJSON`. Throws when it is not one. */
  static fromJSON(MiniSearchCtor: MiniSearchClass, data: IndexJson): RevisionIndex {
    const idx = new RevisionIndex(MiniSearchCtor, data.revision, MiniSearchCtor.loadJS<SectionDoc>(data.index, OPTIONS));
    data.pages.forEach(([id, version, sections], i) => {
      idx.pages.set(id, { version, sections });
      idx.order.set(id, i);
    });
    let sections = 0;
    for (const p of idx.pages.values()) sections += p.sections;
    if (sections !== idx.index.documentCount) throw new Error(`the index holds ${idx.index.documentCount} sections, its pages ${sections}`);
    return idx;
  }

  toJSON(): IndexJson {
    return { revision: this.revision, pages: this.pageList(), index: this.index.toJSON() };
  }

  /**
   * The JSON text of `toJSON()`, in pieces of bounded work (see search-json.ts). The index must
   * not move until the last piece is taken.
   */
  *jsonPieces(): Generator<string> {
    yield `{"revision":${JSON.stringify(this.revision)},"pages":${JSON.stringify(this.pageList())},"index":`;
    yield* miniSearchJson(this.index);
    yield '}';
  }

  private pageList(): IndexJson['pages'] {
    const pages = [...this.pages].map(([id, p]): [string, string, number] => [id, p.version, p.sections]);
    return pages.sort((a, b) => (this.order.get(a[0]) ?? 0) - (this.order.get(b[0]) ?? 0));
  }

  /** The pages of `order` whose version this index does not hold: the text `advance` will need. */
  lacking(order: readonly PageVersion[]): string[] {
    return order.filter(([id, version]) => this.pages.get(id)?.version !== version).map(([id]) => id);
  }

  /**
   * Makes this the index of `revision`, whose document pages are `order` (in page order): pages
   * gone are removed, pages whose version changed re-indexed from `text`. O(pages) compares,
   * O(changed text) indexing.
   */
  advance(revision: string, order: readonly PageVersion[], text: (id: string) => PageText | undefined): { changed: number } {
    return runToEnd(this.advanceSteps(revision, order, text));
  }

  /**
   * `advance`, a page at a time: the caller may let other work run at each `yield`. Every text is
   * had before the first; between the first and the last the index is half moved, and nothing
   * may read it.
   */
  *advanceSteps(revision: string, order: readonly PageVersion[], text: (id: string) => PageText | undefined): Generator<void, { changed: number }> {
    const seen = new Set<string>();
    // Every text is had before anything changes: an index is never left half moved.
    const texts = new Map<string, PageText>();
    for (const id of this.lacking(order)) {
      const page = text(id);
      if (!page) throw new Error(`no text given for page ${id}`);
      texts.set(id, page);
    }
    let changed = 0;
    for (const [id, version] of order) {
      seen.add(id);
      const page = texts.get(id);
      if (!page) continue;
      texts.delete(id);
      const had = this.pages.get(id);
      if (had) this.remove(id, had.sections);
      const made = docsOf(page);
      this.index.addAll(made);
      this.pages.set(id, { version, sections: made.length });
      changed++;
      yield;
    }
    for (const [id, had] of this.pages) {
      if (seen.has(id)) continue;
      this.remove(id, had.sections);
      this.pages.delete(id);
      changed++;
    }
    this.revision = revision;
    this.order = new Map(order.map(([id], i) => [id, i]));
    return { changed };
  }

  private remove(pageId: string, sections: number): void {
    const docs: SectionDoc[] = [];
    for (let i = 0; i < sections; i++) {
      const id = `${pageId}#${i}`;
      docs.push({ ...(this.index.getStoredFields(id) as Omit<SectionDoc, 'id'>), id });
    }
    this.index.removeAll(docs);
  }

  /** Runs one search (a word of the first page's title), so that the first real one runs compiled code. */
  warm(): void {
    const first = [...this.pages.keys()][0];
    const title = first ? String(this.index.getStoredFields(`${first}#0`)?.pageTitle ?? '') : '';
    const word = title.split(/\s+/).find(Boolean);
    if (word) this.search(word);
  }

  /** How many sections are indexed: what the caches bound. */
  get size(): number {
    return this.index.documentCount;
  }

  /** The text of an indexed section, by its id (`PAGE#N`). */
  body(docId: string): string | undefined {
    const f = this.index.getStoredFields(docId);
    return f ? String(f.body) : undefined;
  }

  /**
   * Pages matching every word of `query` (by prefix, with typos), best first. Scores equal to
   * nine digits rank by page order, so a derived index and a fresh one answer alike.
   */
  search(query: string): PageHit[] {
    if (!query.trim()) return [];
    const hits = this.index.search(query, { prefix: true, fuzzy: typosFor, boost: { pageTitle: 3, title: 2 }, combineWith: 'AND' });
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
