import type { BodyIn } from '../types.js';
import { isoNow, type Ctx } from '../context.js';
import { badRequest, conflict, notFound } from '../http-error.js';
import type { PageRecord } from '../../lib/page-record.js';
import { commitRevision, contentScope } from './revisions.js';
import { findPage, flattenSubtree, insertPage, mapPage, removePage } from '../../lib/page-tree.js';
import { settleConflicts } from './cr-conflicts.js';
import { pageIndexUnder, toPage } from '../views/revision.js';
import { type Scope } from '../model/scope.js';

/** The scope, if its content may change: a locked space and a merged or archived change request are closed. */
export function editable(scope: Scope): Scope {
  if (scope.space.editMode === 'locked') throw conflict(`space ${scope.space.id} is locked; unlock it (edit mode "live") to change its content`);
  if (scope.cr && (scope.cr.status === 'merged' || scope.cr.status === 'archived')) {
    throw conflict(`change request #${scope.cr.number} is ${scope.cr.status}; its content can no longer change`);
  }
  return scope;
}

function pageOrFail(scope: Scope, pageId: string): PageRecord {
  const p = findPage(scope.rev.pages, pageId);
  if (!p) throw notFound(`page ${pageId} not found in change request #${String(scope.cr?.number)}`);
  return p;
}

/** Edits of a change request's pages (gbctl routes: the platform edits through its editor). */
export const crPagesService = {
  create: (c: Ctx, spaceId: string, cr: string, body: BodyIn<'change-requests.create-page'>) =>
    c.write((tx) => {
      const scope = editable(contentScope(c, tx, spaceId, cr));
      if (body.parent) {
        const parent = pageOrFail(scope, body.parent);
        if (parent.type !== 'document' && parent.type !== 'group')
          throw badRequest(`parent: page ${body.parent} is a ${parent.type} page and cannot hold pages`);
      }
      const now = isoNow(c);
      const page: PageRecord = {
        id: c.ids.next(),
        title: body.title,
        ...(body.emoji ? { emoji: body.emoji } : {}),
        type: 'document',
        markdown: body.markdown ?? '',
        createdAt: now,
        updatedAt: now,
        pages: [],
      };
      const rev = commitRevision(c, tx, scope, { type: 'edits', pages: insertPage(scope.rev.pages, body.parent, page), message: `Add page "${page.title}"` });
      return toPage(c, scope, pageIndexUnder(rev.pages, page.id), page, {});
    }),

  update: (c: Ctx, spaceId: string, cr: string, pageId: string, body: BodyIn<'change-requests.update-page'>) =>
    c.write((tx) => {
      const scope = editable(contentScope(c, tx, spaceId, cr));
      const old = pageOrFail(scope, pageId);
      if (body.markdown !== undefined && old.type !== 'document') throw badRequest(`markdown: page ${pageId} is a ${old.type} page and has no markdown`);
      const next: PageRecord = {
        ...old,
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.emoji !== undefined ? { emoji: body.emoji } : {}),
        ...(body.markdown !== undefined ? { markdown: body.markdown } : {}),
        updatedAt: isoNow(c),
      };
      const rev = commitRevision(c, tx, scope, { type: 'edits', pages: mapPage(scope.rev.pages, pageId, () => next), message: `Edit page "${next.title}"` });
      // Editing a conflicted page is its resolution: the page as edited is the change request's side.
      settleConflicts(c, tx, scope.cr, new Set([pageId]), 'change-request');
      return toPage(c, scope, pageIndexUnder(rev.pages, next.id), next, {});
    }),

  /** Removes the page and its children (settling their conflicts as removed); nothing happens when the page is not there. */
  delete: (c: Ctx, spaceId: string, cr: string, pageId: string) =>
    c.write((tx) => {
      const scope = editable(contentScope(c, tx, spaceId, cr));
      const old = findPage(scope.rev.pages, pageId);
      if (!old) return;
      commitRevision(c, tx, scope, { type: 'edits', pages: removePage(scope.rev.pages, pageId), message: `Remove page "${old.title}"` });
      settleConflicts(c, tx, scope.cr, new Set(flattenSubtree(scope.rev.pages, pageId).map((f) => f.page.id)), 'change-request');
    }),
};
