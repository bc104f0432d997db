import type { FlatPage } from '../../../lib/page-tree.js';
import type { FileRecord } from '../../model/revision.js';
import type { PageRecord } from '../../../lib/page-record.js';
import { indexPages, pageFile, resolveTarget, type RevisionIndex } from '../links-resolve.js';

/**
 * What a link or image written in a page names in its revision, for the web pages and the PDF:
 * the same resolution the link list reports (lib/links-resolve.ts), so a link the preview
 * follows is a link `content links` calls ok, and one it calls broken goes nowhere here.
 */

export interface RevisionPages {
  flat: readonly FlatPage[];
  byId: ReadonlyMap<string, FlatPage>;
  byPath: ReadonlyMap<string, FlatPage>;
  rev: { files: readonly FileRecord[]; pages: readonly PageRecord[] };
}

/** Made once per revision's pages: every page of a revision resolves against it. */
const indexes = new WeakMap<RevisionPages, { idx: RevisionIndex; fileById: Map<string, FileRecord> }>();

function indexOf(r: RevisionPages) {
  let hit = indexes.get(r);
  if (!hit) indexes.set(r, (hit = { idx: indexPages(r.rev, r.flat), fileById: new Map(r.rev.files.map((f) => [f.id, f])) }));
  return hit;
}

export interface Resolved {
  /** The file a target names. */
  file(target: string): FileRecord | undefined;
  /** The page a target names, and the fragment it asks for (`#x`, or ''). */
  page(href: string): { to: FlatPage; fragment: string } | undefined;
}

export function resolverFor(r: RevisionPages, page: Pick<PageRecord, 'id' | 'gitPath'>): Resolved {
  const { idx, fileById } = indexOf(r);
  const self = r.byId.get(page.id);
  const from = self ? pageFile(self, idx.pageFiles) : (page.gitPath ?? 'README.md');
  // Absolute URLs are no business of the renderer's: it leaves them as written.
  const resolve = (target: string) => resolveTarget(target, from, idx, '\0');
  return {
    file: (target) => {
      const t = resolve(target)?.target;
      return t?.kind === 'file' ? fileById.get(t.file) : undefined;
    },
    page: (href) => {
      const t = resolve(href)?.target;
      if (t?.kind !== 'page') return undefined;
      const to = r.byId.get(t.page);
      return to ? { to, fragment: t.anchor ? `#${t.anchor}` : '' } : undefined;
    },
  };
}
