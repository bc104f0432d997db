import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flattenPages, flattenSubtree, insertPage, mapPage, pathOfFile, removePage } from '../../src/lib/page-tree.js';
import type { PageRecord } from '../../src/lib/page-record.js';

const page = (id: string, title: string, gitPath?: string): PageRecord => ({
  id,
  title,
  type: 'document',
  markdown: id,
  ...(gitPath !== undefined ? { gitPath } : {}),
  createdAt: 't',
  updatedAt: 't',
  pages: [],
});
const ids = (pages: readonly PageRecord[]): string[] => pages.flatMap((p) => [p.id, ...ids(p.pages)]);
const shape = (pages: readonly PageRecord[]): unknown => pages.map((p) => [p.id, p.markdown, shape(p.pages)]);

// What the helpers did when they rebuilt the whole tree: the model the path-copying ones must match.
const removedAll = (pages: readonly PageRecord[], id: string): PageRecord[] =>
  pages.filter((p) => p.id !== id).map((p) => ({ ...p, pages: removedAll(p.pages, id) }));
const insertedAll = (pages: readonly PageRecord[], parent: string | undefined, page: PageRecord, after?: string): PageRecord[] => {
  const place = (list: readonly PageRecord[]) => {
    const i = after ? list.findIndex((p) => p.id === after) : -1;
    return i >= 0 ? [...list.slice(0, i + 1), page, ...list.slice(i + 1)] : [...list, page];
  };
  if (!parent) return place(pages);
  return pages.map((p) => (p.id === parent ? { ...p, pages: place(p.pages) } : { ...p, pages: insertedAll(p.pages, parent, page, after) }));
};
/** Every page of `out` but `id` and those above it (in `before`) is the same object as the page of that id in `before`. */
function shared(before: readonly PageRecord[], out: readonly PageRecord[], id: string | undefined): void {
  const was = new Map(flattenPages(before).map((f) => [f.page.id, f]));
  const above = new Set<string>();
  for (let at = id; at; at = was.get(at)?.parent) above.add(at);
  for (const f of flattenPages(out)) if (!above.has(f.page.id) && was.has(f.page.id)) expect(f.page).toBe(was.get(f.page.id)?.page);
}

// Few titles and files, so that siblings share slugs, files share paths, and both get numbered.
const FILES = [undefined, undefined, 'README.md', 'intro.md', 'intro/README.md', 'setup.md', 'intro/setup.md', 'intro-2.md', 'Intro/README.md'];
const tree = fc
  .array(fc.tuple(fc.nat(20), fc.boolean(), fc.constantFrom('Intro', 'Setup', 'setup!', 'Intro-2'), fc.constantFrom(...FILES)), { minLength: 1, maxLength: 25 })
  .map((spec) => {
    let pages: PageRecord[] = [];
    spec.forEach(([under, nest, title, file], i) => {
      const all = ids(pages);
      pages = insertPage(pages, nest && all.length ? all[under % all.length] : undefined, page(`p${i}`, title, file));
    });
    return pages;
  });

describe('page paths', () => {
  it("follow the file: a folder's README.md is the folder, the top README.md the home page", () => {
    expect(['guides/install.md', 'guides/README.md', 'README.md', 'a/b/readme.markdown', 'notes.mdx'].map(pathOfFile)).toEqual([
      'guides/install',
      'guides',
      '',
      'a/b',
      'notes',
    ]);
  });

  it('come from files first; pages from no file take the slug of their title under their parent, and every path is unique', () => {
    const g = (id: string, title: string, file: string | undefined, pages: PageRecord[] = []) => ({ ...page(id, title, file), pages });
    const pages = [
      g('home', 'Welcome', 'README.md', [g('h1', 'Notes', undefined)]),
      g('api', 'API', undefined),
      g('grp', 'Guides', undefined),
      g('g1', 'Install', 'guides/install.md', [g('g2', 'Linux', undefined), g('g3', 'Linux', undefined)]),
      g('g4', 'Guides', 'guides/README.md'),
      g('g5', 'Install', 'guides/install/README.md'),
      g('w', 'Welcome', undefined),
    ];
    pages[2] = { ...(pages[2] as PageRecord), type: 'group' };
    expect(flattenPages(pages).map((f) => [f.page.id, f.path, f.slug])).toEqual([
      ['home', '', ''],
      ['h1', 'welcome/notes', 'notes'],
      ['api', 'api', 'api'],
      ['grp', 'guides-2', 'guides'],
      ['g1', 'guides/install', 'install'],
      ['g2', 'guides/install/linux', 'linux'],
      ['g3', 'guides/install/linux-2', 'linux-2'],
      ['g4', 'guides', 'guides'],
      ['g5', 'guides/install-2', 'install-2'],
      ['w', 'welcome-2', 'welcome-2'],
    ]);
  });

  it('are unique in any tree', () => {
    fc.assert(
      fc.property(tree, (pages) => {
        const paths = flattenPages(pages).map((f) => f.path);
        expect(new Set(paths).size).toBe(paths.length);
      }),
      { numRuns: 300 },
    );
  });
});

describe('page trees', () => {
  it('give one page and those under it the slugs and paths the whole index gives them', () => {
    fc.assert(
      fc.property(tree, fc.nat(30), (pages, at) => {
        const all = flattenPages(pages);
        const id = ids(pages)[at % all.length] as string;
        const under = new Set([id]);
        for (const f of all) if (f.parent && under.has(f.parent)) under.add(f.page.id);
        expect(flattenSubtree(pages, id)).toEqual(all.filter((f) => under.has(f.page.id)));
      }),
      { numRuns: 300 },
    );
    expect(flattenSubtree([page('a', 'A')], 'missing')).toEqual([]);
  });

  it('remove a page or insert one, as a rebuild of the whole tree would, sharing the pages away from the change', () => {
    fc.assert(
      fc.property(tree, fc.nat(30), fc.nat(30), fc.boolean(), (pages, at, to, nested) => {
        const all = ids(pages);
        const id = all[at % all.length] as string;
        const removed = removePage(pages, id);
        expect(shape(removed)).toEqual(shape(removedAll(pages, id)));
        shared(pages, removed, id);
        const parent = nested ? all[to % all.length] : undefined;
        const after = nested ? undefined : all[to % all.length];
        const added = insertPage(pages, parent, page('new', 'New'), after);
        expect(shape(added)).toEqual(shape(insertedAll(pages, parent, page('new', 'New'), after)));
        shared(pages, added, parent);
      }),
      { numRuns: 300 },
    );
  });

  it('change one page, copying only the lists on the way to it', () => {
    fc.assert(
      fc.property(tree, fc.nat(30), (pages, at) => {
        const id = ids(pages)[at % ids(pages).length] as string;
        const out = mapPage(pages, id, (p) => ({ ...p, markdown: 'changed' }));
        expect(flattenPages(out).map((f) => [f.page.id, f.path, f.page.markdown])).toEqual(
          flattenPages(pages).map((f) => [f.page.id, f.path, f.page.id === id ? 'changed' : f.page.markdown]),
        );
        // Every page that neither is it nor holds it is the same object as before.
        const before = new Map(flattenPages(pages).map((f) => [f.page.id, f.page]));
        const holds = (p: PageRecord): boolean => p.id === id || p.pages.some(holds);
        for (const f of flattenPages(out)) if (!holds(f.page)) expect(f.page).toBe(before.get(f.page.id));
      }),
      { numRuns: 300 },
    );
  });
});
