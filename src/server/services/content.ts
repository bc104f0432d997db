import type { Ctx } from '../context.js';
import { notFound } from '../http-error.js';
import { revisions } from '../model/revision.js';
import { computeLinks, linkStats } from '../lib/links.js';
import { linkPresenter } from '../views/link.js';
import { paginate, type PageQuery } from '../lib/paginate.js';
import { contentScope } from './revisions.js';
import { findPage } from '../model/page-tree.js';
import { pageIndex, toFile, toPage, toPages, toRevision, type ContentOptions } from '../views/revision.js';
import { type Scope } from '../model/scope.js';
import { baseRevisionOf } from '../views/change-request.js';
import type { ReadTx } from '../../store/store.js';

type LinkStatus = 'ok' | 'broken' | 'in-app';

function linksOf(c: Ctx, tx: ReadTx, s: Scope, onlyPage?: string) {
  const linkScope = { organization: s.space.organization, space: s.space.id, origin: c.origin };
  const all = computeLinks(s.rev, linkScope, onlyPage);
  if (!s.cr) return { all, stats: linkStats(all) };
  // Links broken in the change request that were not broken in the content it is based on.
  const base = tx.get(revisions, baseRevisionOf(s.cr));
  const before = base ? computeLinks(base, linkScope, onlyPage) : [];
  return { all, stats: linkStats(all, before) };
}

function fileOf(s: Scope, fileId: string) {
  const f = s.rev.files.find((x) => x.id === fileId);
  if (!f) throw notFound(`file ${fileId} not found in revision ${s.rev.id}`);
  return f;
}

/** Reads of a space's or change request's content; `cr` selects the change request. */
export const contentService = {
  revision: (c: Ctx, spaceId: string, cr: string | undefined, o: ContentOptions) =>
    c.read((tx) => toRevision(c, tx, contentScope(c, tx, spaceId, cr), o)),

  pages: (c: Ctx, spaceId: string, cr: string | undefined, o: ContentOptions) =>
    c.read((tx) => ({ pages: toPages(c, contentScope(c, tx, spaceId, cr), o) })),

  files: (c: Ctx, spaceId: string, cr: string | undefined, q: PageQuery & ContentOptions) =>
    c.read((tx) => paginate(contentScope(c, tx, spaceId, cr).rev.files, q, (f) => toFile(c, f, q))),

  file: (c: Ctx, spaceId: string, cr: string | undefined, fileId: string, o: ContentOptions) =>
    c.read((tx) => toFile(c, fileOf(contentScope(c, tx, spaceId, cr), fileId), o)),

  page: (c: Ctx, spaceId: string, cr: string | undefined, pageId: string, o: ContentOptions) =>
    c.read((tx) => {
      const s = contentScope(c, tx, spaceId, cr);
      const p = findPage(s.rev.pages, pageId);
      if (!p || (o.computed === false && p.type === 'computed')) throw notFound(`page ${pageId} not found in revision ${s.rev.id}`);
      return toPage(c, s, pageIndex(s.rev.pages), p, o);
    }),

  pageLinks: (c: Ctx, spaceId: string, cr: string | undefined, pageId: string, q: PageQuery & { status?: LinkStatus | undefined }) =>
    c.read((tx) => {
      const s = contentScope(c, tx, spaceId, cr);
      if (!findPage(s.rev.pages, pageId)) throw notFound(`page ${pageId} not found in revision ${s.rev.id}`);
      const { all, stats } = linksOf(c, tx, s, pageId);
      const shown = q.status ? all.filter((l) => l.status === q.status) : all;
      const view = linkPresenter(c, tx, s);
      return { ...paginate(shown, q, view.link), stats };
    }),

  /** The pages that link to a file, one location per page. */
  backlinks: (c: Ctx, spaceId: string, cr: string | undefined, fileId: string, q: PageQuery) =>
    c.read((tx) => {
      const s = contentScope(c, tx, spaceId, cr);
      fileOf(s, fileId);
      const { all } = linksOf(c, tx, s);
      const seen = new Set<string>();
      const locations = all
        .filter((l) => l.status === 'ok' && l.targetReference.kind === 'file' && (l.targetReference as { file?: string }).file === fileId)
        .flatMap((l) => l.locationReferences)
        .filter((loc) => {
          const key = String(loc.page);
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        });
      return paginate(locations, q, linkPresenter(c, tx, s).location);
    }),
};
