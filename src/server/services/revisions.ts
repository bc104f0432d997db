import type { ReadTx, WriteTx } from '../../store/store.js';
import { isoNow, type Ctx } from '../context.js';
import { notFound } from '../http-error.js';
import { changeRequestIn, changeRequests, type ChangeRequestRecord } from '../model/review.js';
import type { FileRecord, RevisionRecord } from '../model/revision.js';
import type { PageRecord, RevisionGitSync } from '../../lib/page-record.js';
import { getRevision, putRevision } from '../model/revision-store.js';
import type { Scope } from '../model/scope.js';
import { spaces } from '../model/space.js';
import { liveSpace } from './spaces.js';

/** A change request of the space by id or by number; 404 otherwise. */
export function findChangeRequest(tx: ReadTx, spaceId: string, idOrNumber: string): ChangeRequestRecord {
  const cr = changeRequestIn(tx, spaceId, idOrNumber);
  if (!cr) throw notFound(`change request ${idOrNumber} not found in space ${spaceId}`);
  return cr;
}

export function contentScope(c: Ctx, tx: ReadTx, spaceId: string, changeRequestId?: string): Scope {
  const space = liveSpace(c, tx, spaceId);
  const cr = changeRequestId !== undefined ? findChangeRequest(tx, space.id, changeRequestId) : undefined;
  const revId = cr ? cr.revision : space.revision;
  const rev = getRevision(tx, revId);
  if (!rev) throw notFound(`revision ${revId} not found`);
  return { space, ...(cr ? { cr } : {}), rev };
}

export interface NewRevision {
  pages?: PageRecord[];
  files?: FileRecord[];
  type: RevisionRecord['type'];
  parents?: string[];
  message: string;
  mergedFrom?: string;
  redirects?: Record<string, string>;
  gitSync?: RevisionGitSync;
}

/**
 * Records a new revision on top of the scope's and makes it current: the space's revision,
 * or the change request's, whose editor becomes a contributor.
 */
export function commitRevision(c: Ctx, tx: WriteTx, scope: Scope, next: NewRevision): RevisionRecord {
  const rev = putRevision(
    tx,
    {
      id: c.ids.next(),
      space: scope.space.id,
      ...(scope.cr ? { changeRequest: scope.cr.id } : {}),
      reusableContents: scope.rev.reusableContents,
      variables: scope.rev.variables,
      parents: next.parents ?? [scope.rev.id],
      type: next.type,
      createdAt: isoNow(c),
      pages: next.pages ?? scope.rev.pages,
      files: next.files ?? scope.rev.files,
      message: next.message,
      ...((next.redirects ?? scope.rev.redirects) ? { redirects: next.redirects ?? scope.rev.redirects } : {}),
      ...((next.gitSync ?? scope.rev.gitSync) ? { gitSync: next.gitSync ?? scope.rev.gitSync } : {}),
      ...(next.mergedFrom ? { mergedFrom: next.mergedFrom } : {}),
    },
    scope.rev,
  );
  if (scope.cr) {
    const who = c.caller?.id;
    const contributors = who && !scope.cr.contributors.includes(who) ? [...scope.cr.contributors, who] : scope.cr.contributors;
    tx.put(changeRequests, { ...scope.cr, revision: rev.id, contributors, updatedAt: isoNow(c) });
  } else {
    tx.put(spaces, { ...scope.space, revision: rev.id, updatedAt: isoNow(c) });
  }
  return rev;
}
