import { flatPages } from '../flat-pages.js';
import type { PageRecord } from '../page-record.js';
import { ByShape, shapeOf } from '../page-shape.js';
import { assignPaths, derivedGitPath, type LayoutPage } from './layout.js';

/**
 * Worked out once per page list: revisions do not change, a new revision has new lists; and once
 * per shape seen lately: files follow ids, titles and nesting, which an edit of a page's text
 * leaves as they were.
 */
const kept = new WeakMap<readonly PageRecord[], Map<string, string>>();
const byShape = new ByShape<Map<string, string>>();

/**
 * The file of every document page of a revision: the one export writes it to, which is what the
 * API's `git.path` says, what an import matches the page by and what relative links in the
 * page resolve against. A page imported from a file keeps that file; a page made through the
 * API takes its place in the tree (`guides/install.md`, `guides/README.md` when it has pages
 * under it), and the home page `README.md` when no page has that file.
 */
export function recordFiles(pages: readonly PageRecord[]): ReadonlyMap<string, string> {
  let files = kept.get(pages);
  if (files) return files;
  files = byShape.get(shapeOf(pages), () => filesOf(pages));
  kept.set(pages, files);
  return files;
}

function filesOf(pages: readonly PageRecord[]): Map<string, string> {
  const pathOf = new Map(flatPages(pages).map((f) => [f.page.id, f.path]));
  const layout = (list: readonly PageRecord[]): LayoutPage[] =>
    list.map((p) => ({
      id: p.id,
      title: p.title,
      type: p.type,
      path: p.type === 'document' ? (p.gitPath ?? derivedGitPath(pathOf.get(p.id) ?? '', p.pages.length > 0)) : undefined,
      pages: layout(p.pages),
    }));
  return assignPaths(layout(pages));
}
