import { posix } from 'node:path';
import { slugify } from '../slug.js';
import { folderPathProblem } from './folder-names.js';

/** What export needs of a page to place it in the folder. */
export interface LayoutPage {
  id: string;
  title: string;
  type: string;
  /** Where the page was imported from (its `git.path`), kept when it is free; a link page's URL. */
  path?: string | undefined;
  pages?: LayoutPage[];
}

const isDoc = (p: LayoutPage) => p.type === 'document';

/** The file of a page from no file, as the API names it (`git.path`): from its path in the revision. */
export function derivedGitPath(path: string, hasChildren: boolean): string {
  if (!path) return 'README.md';
  return hasChildren ? `${path}/README.md` : `${path}.md`;
}

/**
 * The file of every document page: its own path when it has one that is free and well formed,
 * else `slug/README.md` for a page with children (which go in `slug/`) and `slug.md` otherwise,
 * under the folder of the group or parent. A Git Sync folder needs its home page (`readme`):
 * when no page has that file (content made through the API), the first page takes it. Groups
 * get a folder (the key `group:` + folder).
 */
export function assignPaths(pages: readonly LayoutPage[], readme = 'README.md'): Map<string, string> {
  const out = new Map<string, string>();
  const used = new Set<string>();
  // A path that could not be a file of the folder (.., absolute, C:, CON) is not the page's: it gets a computed one.
  const free = (p: string | undefined) => !!p && /\.(md|markdown|mdx)$/i.test(p) && !folderPathProblem(p) && !used.has(p.toLowerCase());
  const unique = (want: string) => {
    let p = want;
    for (let n = 2; used.has(p.toLowerCase()); n++) p = want.replace(/(\/README)?\.md$/i, (m) => `-${n}${m}`);
    return p;
  };
  const take = (id: string, p: string) => {
    used.add(p.toLowerCase());
    out.set(id, p);
    return p;
  };
  // Pages' own paths first, so that a computed path never takes one a later page owns.
  const own = new Map<string, string>();
  const reserve = (list: readonly LayoutPage[]) => {
    for (const p of list) {
      if (isDoc(p) && free(p.path)) {
        own.set(p.id, p.path as string);
        used.add((p.path as string).toLowerCase());
      }
      reserve(p.pages ?? []);
    }
  };
  reserve(pages);
  if (!used.has(readme.toLowerCase())) {
    const first = firstDoc(pages);
    if (first) {
      const had = own.get(first.id);
      if (had) used.delete(had.toLowerCase());
      own.set(first.id, readme);
      used.add(readme.toLowerCase());
    }
  }
  const place = (list: readonly LayoutPage[], dir: string) => {
    list.forEach((p) => {
      const kids = (p.pages ?? []).filter((k) => isDoc(k) || k.type === 'group' || k.type === 'link');
      if (p.type === 'group') {
        const folder = unique(posix.join(dir, slugify(p.title)));
        take(p.id, `group:${folder}`);
        place(kids, folder);
        return;
      }
      if (p.type === 'link') {
        if (p.path) out.set(p.id, `link:${p.path}`);
        return;
      }
      if (!isDoc(p)) return;
      const slug = slugify(p.title);
      const computed = kids.length ? posix.join(dir, slug, 'README.md') : posix.join(dir, `${slug}.md`);
      const path = take(p.id, own.get(p.id) ?? unique(computed));
      const childDir = /(^|\/)README\.md$/i.test(path) && path !== 'README.md' ? posix.dirname(path) : posix.join(posix.dirname(path), slug);
      place(kids, childDir === '.' ? '' : childDir);
    });
  };
  place(pages, '');
  return out;
}

/** The first document page, depth first. */
function firstDoc(pages: readonly LayoutPage[]): LayoutPage | undefined {
  for (const p of pages) {
    if (isDoc(p)) return p;
    const inner = firstDoc(p.pages ?? []);
    if (inner) return inner;
  }
  return undefined;
}
