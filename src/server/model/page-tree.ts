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

/** The slug flattenPages gives the page at `i` among its siblings. */
function siblingSlug(siblings: readonly PageRecord[], i: number): string {
  const slug = slugify((siblings[i] as PageRecord).title);
  let n = 0;
  for (let k = 0; k < i; k++) if (slugify((siblings[k] as PageRecord).title) === slug) n++;
  return n > 0 ? `${slug}-${n + 1}` : slug;
}

/**
 * The page `id` and the pages under it as flattenPages gives them, working out only their
 * ancestors' siblings: an edit shows the page it changed without indexing the whole tree.
 */
export function flattenSubtree(pages: readonly PageRecord[], id: string): FlatPage[] {
  const path = pathTo(pages, id);
  if (!path) return [];
  let list = pages;
  let prefix = '';
  let parent: string | undefined;
  for (const [depth, i] of path.entries()) {
    const page = list[i] as PageRecord;
    const slug = siblingSlug(list, i);
    const at = prefix ? `${prefix}/${slug}` : slug;
    if (depth === path.length - 1) return flattenPages(page.pages, at, page.id, [{ page, slug, path: at, ...(parent ? { parent } : {}) }]);
    prefix = at;
    parent = page.id;
    list = page.pages;
  }
  return [];
}

/** The indexes down to the page, or undefined when it is not in the tree. */
function pathTo(pages: readonly PageRecord[], id: string): number[] | undefined {
  for (let i = 0; i < pages.length; i++) {
    const p = pages[i] as PageRecord;
    if (p.id === id) return [i];
    if (p.pages.length === 0) continue;
    const inner = pathTo(p.pages, id);
    if (inner) return [i, ...inner];
  }
  return undefined;
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
// storing or comparing a revision skips a page it already knows by reference. Only the lists
// on the way to the change are copied, so a change costs its depth and siblings, not the tree.

/** The tree with the children of the page at `path` (the top level when empty) made by `fn`. */
function withList(pages: readonly PageRecord[], path: readonly number[], fn: (list: readonly PageRecord[]) => PageRecord[], depth = 0): PageRecord[] {
  if (depth === path.length) return fn(pages);
  const i = path[depth] as number;
  const p = pages[i] as PageRecord;
  const out = pages.slice();
  out[i] = { ...p, pages: withList(p.pages, path, fn, depth + 1) };
  return out;
}

export function mapPage(pages: readonly PageRecord[], id: string, fn: (p: PageRecord) => PageRecord): PageRecord[] {
  const path = pathTo(pages, id);
  if (!path) return pages.slice();
  const at = path.pop() as number;
  return withList(pages, path, (list) => {
    const out = list.slice();
    out[at] = fn(list[at] as PageRecord);
    return out;
  });
}

export function removePage(pages: readonly PageRecord[], id: string): PageRecord[] {
  const path = pathTo(pages, id);
  if (!path) return pages.slice();
  const at = path.pop() as number;
  return withList(pages, path, (list) => list.filter((_, k) => k !== at));
}

/** Inserts under `parent` (top level when absent), after the sibling `after` or else at the end. */
export function insertPage(pages: readonly PageRecord[], parent: string | undefined, page: PageRecord, after?: string): PageRecord[] {
  const place = (list: readonly PageRecord[]) => {
    const i = after ? list.findIndex((p) => p.id === after) : -1;
    return i >= 0 ? [...list.slice(0, i + 1), page, ...list.slice(i + 1)] : [...list, page];
  };
  if (!parent) return place(pages);
  const path = pathTo(pages, parent);
  return path ? withList(pages, path, place) : pages.slice();
}
