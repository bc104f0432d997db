import type { PageRecord } from './revision.js';

/** Slugs already worked out, by title: a revision's page index is rebuilt on every edit. */
const slugs = new Map<string, string>();

/** URL-safe slug of a title, as the platform derives page slugs. */
export function slugify(title: string): string {
  const kept = slugs.get(title);
  if (kept !== undefined) return kept;
  const s =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 100) || 'page';
  if (slugs.size >= 10_000) slugs.clear();
  slugs.set(title, s);
  return s;
}

export interface FlatPage {
  page: PageRecord;
  slug: string;
  /** Slash-joined slugs from the root, unique within the revision. */
  path: string;
  parent?: string;
}

/** Every page of a tree, depth first, with slugs made unique among siblings. */
export function flattenPages(pages: readonly PageRecord[], prefix = '', parent?: string, out: FlatPage[] = []): FlatPage[] {
  const seen = new Map<string, number>();
  for (const page of pages) {
    let slug = slugify(page.title);
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    if (n > 0) slug = `${slug}-${n + 1}`;
    const path = prefix ? `${prefix}/${slug}` : slug;
    out.push({ page, slug, path, ...(parent ? { parent } : {}) });
    flattenPages(page.pages, path, page.id, out);
  }
  return out;
}

// Page trees are immutable: every helper returns a new tree.
export function findPage(pages: readonly PageRecord[], id: string): PageRecord | undefined {
  for (const p of pages) {
    if (p.id === id) return p;
    const inner = findPage(p.pages, id);
    if (inner) return inner;
  }
  return undefined;
}

// A subtree the change does not reach is kept as the same objects: revisions share them, and
// storing or comparing a revision skips a page it already knows by reference.
export function mapPage(pages: readonly PageRecord[], id: string, fn: (p: PageRecord) => PageRecord): PageRecord[] {
  return pages.map((p) => {
    if (p.id === id) return fn(p);
    const inner = mapPage(p.pages, id, fn);
    return inner.every((k, i) => k === p.pages[i]) ? p : { ...p, pages: inner };
  });
}

export function removePage(pages: readonly PageRecord[], id: string): PageRecord[] {
  return pages
    .filter((p) => p.id !== id)
    .map((p) => {
      const inner = removePage(p.pages, id);
      return inner.length === p.pages.length && inner.every((k, i) => k === p.pages[i]) ? p : { ...p, pages: inner };
    });
}

/** Inserts under `parent` (top level when absent), after the sibling `after` or else at the end. */
export function insertPage(pages: readonly PageRecord[], parent: string | undefined, page: PageRecord, after?: string): PageRecord[] {
  const place = (list: readonly PageRecord[]) => {
    const i = after ? list.findIndex((p) => p.id === after) : -1;
    return i >= 0 ? [...list.slice(0, i + 1), page, ...list.slice(i + 1)] : [...list, page];
  };
  if (!parent) return place(pages);
  return pages.map((p) => (p.id === parent ? { ...p, pages: place(p.pages) } : { ...p, pages: insertPage(p.pages, parent, page, after) }));
}

