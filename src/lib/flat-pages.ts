import { flattenPages, type FlatPage } from './page-tree.js';
import type { PageRecord } from './page-record.js';

/**
 * A revision's pages with their paths, worked out once per page list. Page lists are never
 * changed in place (an edit makes new lists along the way to the page it changes), so a list
 * stands for its whole tree, and every reader of a revision's paths (API views, web pages,
 * links, search, PDF) shares one flattening of it.
 */
const flats = new WeakMap<readonly PageRecord[], readonly FlatPage[]>();

export function flatPages(pages: readonly PageRecord[]): readonly FlatPage[] {
  let flat = flats.get(pages);
  if (!flat) flats.set(pages, (flat = flattenPages(pages)));
  return flat;
}
