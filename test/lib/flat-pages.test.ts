import { describe, expect, it } from 'vitest';
import { flatPages } from '../../src/lib/flat-pages.js';
import { flattenPages, mapPage } from '../../src/lib/page-tree.js';
import type { PageRecord } from '../../src/lib/page-record.js';

const page = (id: string, title: string, pages: PageRecord[] = []): PageRecord => ({
  id,
  title,
  type: 'document',
  markdown: '',
  createdAt: '',
  updatedAt: '',
  pages,
});

describe("a revision's pages with their paths", () => {
  it('are worked out once per page list, and afresh for the new list an edit makes', () => {
    const tree = [page('a', 'Intro', [page('b', 'Install'), page('c', 'Install')]), page('d', 'Guides')];
    const flat = flatPages(tree);
    expect(flat).toEqual(flattenPages(tree));
    expect(flatPages(tree)).toBe(flat);
    const edited = mapPage(tree, 'd', (p) => ({ ...p, title: 'Tutorials' }));
    expect(flatPages(edited)).not.toBe(flat);
    expect(flatPages(edited)).toEqual(flattenPages(edited));
    expect(flatPages(edited).at(-1)?.path).toBe('tutorials');
  });
});

describe('a new page list of the same shape (an edit of a page text)', () => {
  it('takes the paths worked out for the list before, with its own pages', () => {
    const tree = [page('a', 'Intro', [page('b', 'Install'), page('c', 'Install')]), page('d', 'Guides')];
    const flat = flatPages(tree);
    const edited = mapPage(tree, 'c', (p) => ({ ...p, markdown: 'new words' }));
    const again = flatPages(edited);
    expect(again.map((f) => [f.path, f.slug, f.parent])).toEqual(flat.map((f) => [f.path, f.slug, f.parent]));
    // The pages are the new list's: the edited page's text is the new one.
    expect(again.find((f) => f.page.id === 'c')?.page.markdown).toBe('new words');
    expect(again).toEqual(flattenPages(edited));
  });
});
