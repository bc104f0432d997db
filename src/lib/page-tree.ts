import { slugify } from './slug.js';
import type { PageRecord } from './page-record.js';

export interface FlatPage {
  page: PageRecord;
  slug: string;
  /** The page's URL path in the revision, unique within it ('' for the home page, README.md). */
  path: string;
  parent?: string;
}

/**
 * The URL path a page's file gives it, as the platform has it: `guides/install.md` is
 * `guides/install`, a folder's `README.md` is the folder (`guides/README.md` is `guides`, the
 * top README.md is the home page, '').
 */
export function pathOfFile(gitPath: string): string {
  const bare = gitPath.replace(/\.(md|markdown|mdx)$/i, '');
  const slash = bare.lastIndexOf('/');
  if (!/^readme$/i.test(bare.slice(slash + 1))) return bare;
  return slash < 0 ? '' : bare.slice(0, slash);
}

/** `want`, or `want-2`, `want-3`… (`readme-2` for the home page's path), the first that `taken` does not hold. */
function free(want: string, taken: (p: string) => boolean): string {
  if (!taken(want)) return want;
  const base = want || 'readme';
  let n = 2;
  while (taken(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

/**
 * The paths pages take from their files, worked out before any other: a file's path is the
 * page's whoever comes first, and a page from no file takes a path no file gives. The home
 * page's children from no file go under the slug of its title (its path is '').
 */
interface Claims {
  byId: Map<string, string>;
  taken: Set<string>;
  /** Where the children of the home page that come from no file go. */
  homeId?: string;
  homeFolder?: string;
}

function claimFiles(pages: readonly PageRecord[]): Claims {
  const claims: Claims = { byId: new Map(), taken: new Set() };
  let home: PageRecord | undefined;
  const walk = (list: readonly PageRecord[]) => {
    for (const p of list) {
      if (p.gitPath !== undefined && p.type === 'document') {
        const path = free(pathOfFile(p.gitPath), (x) => claims.taken.has(x));
        claims.taken.add(path);
        claims.byId.set(p.id, path);
        if (path === '') home = p;
      }
      if (p.pages.length) walk(p.pages);
    }
  };
  walk(pages);
  if (home) {
    claims.homeId = home.id;
    claims.homeFolder = free(slugify(home.title), (x) => claims.taken.has(x));
    claims.taken.add(claims.homeFolder);
  }
  return claims;
}

/** The slug a page from no file starts from: a group's own, else its title's. */
const baseSlug = (p: PageRecord) => (p.type === 'group' && p.slug ? p.slug : slugify(p.title));

/** Where a page's children from no file go. */
const folderOf = (claims: Claims, p: PageRecord, path: string) => (p.id === claims.homeId ? (claims.homeFolder as string) : path);

/** Paths of a list of siblings, in order: a file's, or a free one under `prefix` from the title. */
function placeSiblings(claims: Claims, list: readonly PageRecord[], prefix: string, upTo = list.length): string[] {
  const mine = new Set<string>();
  const out: string[] = [];
  for (let i = 0; i < upTo; i++) {
    const p = list[i] as PageRecord;
    let path = claims.byId.get(p.id);
    if (path === undefined) {
      path = free(prefix ? `${prefix}/${baseSlug(p)}` : baseSlug(p), (x) => claims.taken.has(x) || mine.has(x));
    }
    mine.add(path);
    out.push(path);
  }
  return out;
}

/** A page's slug: the last part of its path; a group's own (its path may have had to take a number). */
const slugOf = (p: PageRecord, path: string) => (p.type === 'group' ? baseSlug(p) : path.slice(path.lastIndexOf('/') + 1));

function flattenWith(claims: Claims, pages: readonly PageRecord[], prefix: string, parent: string | undefined, out: FlatPage[]): FlatPage[] {
  const paths = placeSiblings(claims, pages, prefix);
  pages.forEach((page, i) => {
    const path = paths[i] as string;
    out.push({ page, slug: slugOf(page, path), path, ...(parent ? { parent } : {}) });
    if (page.pages.length) flattenWith(claims, page.pages, folderOf(claims, page, path), page.id, out);
  });
  return out;
}

/**
 * Every page of a tree, depth first, with its path: its file's (see pathOfFile), else the slug
 * of its title under its parent's path, made unique.
 */
export function flattenPages(pages: readonly PageRecord[]): FlatPage[] {
  return flattenWith(claimFiles(pages), pages, '', undefined, []);
}

/**
 * The page `id` and the pages under it as flattenPages gives them, working out only their
 * ancestors' siblings (and which paths files give): an edit shows the page it changed without
 * indexing the whole tree.
 */
export function flattenSubtree(pages: readonly PageRecord[], id: string): FlatPage[] {
  const at = pathTo(pages, id);
  if (!at) return [];
  const claims = claimFiles(pages);
  let list = pages;
  let prefix = '';
  let parent: string | undefined;
  for (const [depth, i] of at.entries()) {
    const page = list[i] as PageRecord;
    const path = placeSiblings(claims, list, prefix, i + 1)[i] as string;
    if (depth === at.length - 1) {
      const out: FlatPage[] = [{ page, slug: slugOf(page, path), path, ...(parent ? { parent } : {}) }];
      return page.pages.length ? flattenWith(claims, page.pages, folderOf(claims, page, path), page.id, out) : out;
    }
    prefix = folderOf(claims, page, path);
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
