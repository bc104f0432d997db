import type { PageRecord } from '../model/revision.js';

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
