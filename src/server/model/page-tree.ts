import type { PageRecord } from './revision.js';

/** URL-safe slug of a title, as the platform derives page slugs. */
export function slugify(title: string): string {
  const s = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
  return s || 'page';
}

export interface FlatPage {
  page: PageRecord;
  slug: string;
  /** Slash-joined slugs from the root, unique within the revision. */
  path: string;
  parent?: string;
}

/** Every page of a tree, depth first, with slugs made unique among siblings. */
export function flattenPages(pages: readonly PageRecord[], prefix = '', parent?: string): FlatPage[] {
  const out: FlatPage[] = [];
  const seen = new Map<string, number>();
  for (const page of pages) {
    let slug = slugify(page.title);
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    if (n > 0) slug = `${slug}-${n + 1}`;
    const path = prefix ? `${prefix}/${slug}` : slug;
    out.push({ page, slug, path, ...(parent ? { parent } : {}) });
    out.push(...flattenPages(page.pages, path, page.id));
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

export function mapPage(pages: readonly PageRecord[], id: string, fn: (p: PageRecord) => PageRecord): PageRecord[] {
  return pages.map((p) => (p.id === id ? fn(p) : { ...p, pages: mapPage(p.pages, id, fn) }));
}

export function removePage(pages: readonly PageRecord[], id: string): PageRecord[] {
  return pages.filter((p) => p.id !== id).map((p) => ({ ...p, pages: removePage(p.pages, id) }));
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

