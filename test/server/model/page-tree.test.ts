import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flattenPages, flattenSubtree, insertPage, mapPage } from '../../../src/server/model/page-tree.js';
import type { PageRecord } from '../../../src/server/model/revision.js';

const page = (id: string, title: string): PageRecord => ({ id, title, type: 'document', markdown: id, createdAt: 't', updatedAt: 't', pages: [] });
const ids = (pages: readonly PageRecord[]): string[] => pages.flatMap((p) => [p.id, ...ids(p.pages)]);

// Few titles, so that siblings share slugs and get numbered.
const tree = fc.array(fc.tuple(fc.nat(20), fc.boolean(), fc.constantFrom('Intro', 'Setup', 'setup!', 'Intro-2')), { minLength: 1, maxLength: 25 }).map((spec) => {
  let pages: PageRecord[] = [];
  spec.forEach(([under, nest, title], i) => {
    const all = ids(pages);
    pages = insertPage(pages, nest && all.length ? all[under % all.length] : undefined, page(`p${i}`, title));
  });
  return pages;
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
