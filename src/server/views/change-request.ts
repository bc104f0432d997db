import type * as z from 'zod';
import type { ChangeRequest, MergeConflict } from '../../contract/schemas/change-request.js';
import type { ReadTx } from '../../store/store.js';
import type { Ctx } from '../context.js';
import { users } from '../model/org.js';
import { comments, type ChangeRequestRecord, type ConflictRecord } from '../model/review.js';
import { spaces } from '../model/space.js';
import { toUser } from './user.js';
import { urls } from '../lib/urls.js';

/** The main revision the change request is based on: the last one brought in, else the one it forked from. */
export function baseRevisionOf(cr: ChangeRequestRecord): string {
  return cr.revisionMergedAncestor ?? cr.revisionInitial;
}

/**
 * True when the space's revision moved on since the change request's base. A merged change
 * request is never outdated: its content is the space's.
 */
export function isOutdated(tx: ReadTx, cr: ChangeRequestRecord): boolean {
  if (cr.status === 'merged') return false;
  const space = tx.get(spaces, cr.space);
  return !!space && space.revision !== baseRevisionOf(cr);
}

export function crPath(cr: ChangeRequestRecord): string {
  return `/spaces/${cr.space}/change-requests/${cr.id}`;
}

export function userShape(c: Ctx, tx: ReadTx, id: string) {
  const u = tx.get(users, id);
  return toUser(c, u ?? { id, displayName: 'Deleted user', createdAt: '' });
}

export function toConflict(e: ConflictRecord): z.input<typeof MergeConflict> {
  return { page: e.page, kind: e.kind, title: e.title, path: e.path, base: e.base, main: e.main, resolved: !!e.resolved };
}

export function toChangeRequest(c: Ctx, tx: ReadTx, cr: ChangeRequestRecord): z.input<typeof ChangeRequest> {
  return {
    object: 'change-request',
    id: cr.id,
    number: cr.number,
    status: cr.status,
    subject: cr.subject,
    ...(cr.description ? { description: cr.description as z.input<typeof ChangeRequest>['description'] } : {}),
    createdBy: userShape(c, tx, cr.createdBy),
    createdAt: cr.createdAt,
    updatedAt: cr.updatedAt,
    space: cr.space,
    revision: cr.revision,
    revisionInitial: cr.revisionInitial,
    ...(cr.revisionMergedAncestor ? { revisionMergedAncestor: cr.revisionMergedAncestor } : {}),
    ...(cr.revisionMerged ? { revisionMerged: cr.revisionMerged } : {}),
    comments: tx.countWhere(comments, 'changeRequest', cr.id, 'open'),
    outdated: isOutdated(tx, cr),
    urls: { app: urls.app(c, `/s/${cr.space}/~/changes/${cr.number}`), location: urls.api(c, crPath(cr)) },
    ...(cr.conflicts?.length ? { conflicts: cr.conflicts.map(toConflict) } : {}),
  };
}
