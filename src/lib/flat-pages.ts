import { flattenPages, type FlatPage } from './page-tree.js';
import type { PageRecord } from './page-record.js';
import { ByShape, shapeOf } from './page-shape.js';

/**
 * A revision's pages with their paths, worked out once per page list. Page lists are never
 * changed in place (an edit makes new lists along the way to the page it changes), so a list
 * stands for its whole tree, and every reader of a revision's paths (API views, web pages,
 * links, search, PDF) shares one flattening of it. A new list of the shape of one flattened
 * lately (an edit of a page's text) takes its paths, with its own pages.
 */
const flats = new WeakMap<readonly PageRecord[], readonly FlatPage[]>();
const byShape = new ByShape<readonly FlatPage[]>();

export function flatPages(pages: readonly PageRecord[]): readonly FlatPage[] {
  let flat = flats.get(pages);
  if (!flat) {
    flat = samePaths(
      pages,
      byShape.get(shapeOf(pages), () => flattenPages(pages)),
    );
    flats.set(pages, flat);
  }
  return flat;
}

/** `flat`, worked out from a tree of the same shape, with the pages of `pages` (in the same order). */
function samePaths(pages: readonly PageRecord[], flat: readonly FlatPage[]): readonly FlatPage[] {
  const mine: PageRecord[] = [];
  const walk = (list: readonly PageRecord[]) => {
    for (const p of list) {
      mine.push(p);
      if (p.pages.length) walk(p.pages);
    }
  };
  walk(pages);
  return flat.every((f, i) => f.page === mine[i]) ? flat : flat.map((f, i) => ({ ...f, page: mine[i] as PageRecord }));
}
