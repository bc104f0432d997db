import type { Ctx } from '../context.js';
import { notFound } from '../http-error.js';
import { listBacklinks, listLinks, type LinkQuery } from './links.js';
import { listKey, paginate, type PageQuery } from '../lib/paginate.js';
import { contentScope } from './revisions.js';
import { findPage } from '../../lib/page-tree.js';
import { pageIndex, toFile, toPage, toPages, toRevision, type ContentOptions } from '../views/revision.js';
import { type Scope } from '../model/scope.js';

function fileOf(s: Scope, fileId: string) {
  const f = s.rev.files.find((x) => x.id === fileId);
  if (!f) throw notFound(`file ${fileId} not found in revision ${s.rev.id}`);
  return f;
}

/** Reads of a space's or change request's content; `cr` selects the change request. */
export const contentService = {
  revision: (c: Ctx, spaceId: string, cr: string | undefined, o: ContentOptions) => c.read((tx) => toRevision(c, tx, contentScope(c, tx, spaceId, cr), o)),

  pages: (c: Ctx, spaceId: string, cr: string | undefined, o: ContentOptions) => c.read((tx) => ({ pages: toPages(c, contentScope(c, tx, spaceId, cr), o) })),

  files: (c: Ctx, spaceId: string, cr: string | undefined, q: PageQuery & ContentOptions) =>
    c.read((tx) => paginate(contentScope(c, tx, spaceId, cr).rev.files, q, (f) => toFile(c, f, q), listKey('files', spaceId, cr))),

  file: (c: Ctx, spaceId: string, cr: string | undefined, fileId: string, o: ContentOptions) =>
    c.read((tx) => toFile(c, fileOf(contentScope(c, tx, spaceId, cr), fileId), o)),

  page: (c: Ctx, spaceId: string, cr: string | undefined, pageId: string, o: ContentOptions) =>
    c.read((tx) => {
      const s = contentScope(c, tx, spaceId, cr);
      const p = findPage(s.rev.pages, pageId);
      if (!p || (o.computed === false && p.type === 'computed')) throw notFound(`page ${pageId} not found in revision ${s.rev.id}`);
      return toPage(c, s, pageIndex(s.rev.pages), p, o);
    }),

  pageLinks: (c: Ctx, spaceId: string, cr: string | undefined, pageId: string, q: LinkQuery) =>
    listLinks(
      c,
      (tx) => {
        const s = contentScope(c, tx, spaceId, cr);
        if (!findPage(s.rev.pages, pageId)) throw notFound(`page ${pageId} not found in revision ${s.rev.id}`);
        return s;
      },
      q,
      listKey('page-links', spaceId, cr, pageId, q.status),
      pageId,
    ),

  /** The pages that link to a file, one location per page. */
  backlinks: (c: Ctx, spaceId: string, cr: string | undefined, fileId: string, q: PageQuery) =>
    listBacklinks(
      c,
      (tx) => {
        const s = contentScope(c, tx, spaceId, cr);
        fileOf(s, fileId);
        return s;
      },
      fileId,
      q,
      listKey('backlinks', spaceId, cr, fileId),
    ),
};
