import type { ChangeRequestStatus } from '../model/review.js';
import type { ReadTx } from '../../store/store.js';
import { isoNow, type Ctx } from '../context.js';
import { conflict, notFound } from '../http-error.js';
import { changeRequests, type ChangeRequestRecord, type ConflictRecord } from '../model/review.js';
import type { RevisionRecord } from '../model/revision.js';
import { getRevision, putRevision } from '../model/revision-store.js';
import { spaces } from '../model/space.js';
import { baseRevisionOf, toChangeRequest, toConflict } from '../views/change-request.js';
import { findConflicts, takeMainSide, withConflicts } from './cr-conflicts.js';
import { editable } from './cr-pages.js';
import { orgFor } from './orgs.js';
import { listKey, paginateOrdered, type PageQuery } from '../lib/paginate.js';
import { commitRevision, contentScope, findChangeRequest, type NewRevision } from './revisions.js';
import { liveSpace } from './spaces.js';

export interface CrListQuery extends PageQuery {
  /** One status, or several (the organization's list); none lists every status. */
  status?: ChangeRequestStatus | readonly ChangeRequestStatus[] | undefined;
  creator?: string | undefined;
  contributor?: string | undefined;
}

const ALL_STATUSES: readonly ChangeRequestStatus[] = ['draft', 'open', 'archived', 'merged'];

/** The statuses a query asks for, or undefined when it asks for all of them. */
function statusesOf(q: CrListQuery): ReadonlySet<ChangeRequestStatus> | undefined {
  if (q.status === undefined) return undefined;
  const set = new Set<ChangeRequestStatus>(typeof q.status === 'string' ? [q.status] : q.status);
  return ALL_STATUSES.every((s) => set.has(s)) ? undefined : set;
}

/**
 * The ordered lists that serve a change-request query in the spaces given, newest first: those of
 * its most selective filter (contributor, then creator, then status) for each status asked for,
 * merged (or the space's whole list, all statuses asked and nothing else); a creator asked with a
 * contributor is tested on the change requests walked. Several spaces merge by creation time,
 * equal times by space order, and within a space in the order created, whatever their status.
 */
function crList(spaceIds: readonly string[], q: CrListQuery, list: string) {
  const { creator, contributor } = q;
  const asked = statusesOf(q);
  const statuses = [...(asked ?? ALL_STATUSES)];
  const base = { table: changeRequests, list, desc: true };
  const query = (prefix: (space: string) => string, test?: (r: ChangeRequestRecord) => boolean) => ({
    groups: spaceIds.flatMap((s) => statuses.map((status) => `${prefix(s)}|${status}`)),
    ranks: spaceIds.flatMap((_, rank) => statuses.map(() => rank)),
    desc: true,
    ...(test ? { test } : {}),
  });
  if (contributor) {
    const test = creator ? (r: ChangeRequestRecord) => r.createdBy === creator : undefined;
    return { ...base, order: 'byContributorStatus' as const, query: query((s) => `${s}|${contributor}`, test) };
  }
  if (creator) return { ...base, order: 'byCreatorStatus' as const, query: query((s) => `${s}|${creator}`) };
  if (asked === undefined) return { ...base, order: 'bySpace' as const, query: { groups: spaceIds, ranks: spaceIds.map((_, rank) => rank), desc: true } };
  return { ...base, order: 'byStatus' as const, query: query((s) => s) };
}

/** The statuses in a list's cache key: in one order, whatever order they were asked in. */
const statusKey = (q: CrListQuery) => {
  const set = statusesOf(q);
  return set ? [...set].sort() : undefined;
};

/** The number the next change request of a space gets: one past the highest, read from the end of the list by number. */
function nextNumber(tx: ReadTx, space: string): number {
  const last = tx.page(changeRequests, 'byNumber', { groups: [space], limit: 1, desc: true }).rows[0];
  return Math.max(0, last?.number ?? 0) + 1;
}

export const changeRequestsService = {
  /** Newest first. */
  list: (c: Ctx, spaceId: string, q: CrListQuery) =>
    c.read((tx) => {
      const s = liveSpace(c, tx, spaceId);
      const list = crList([s.id], q, listKey('change-requests', s.id, statusKey(q), q.creator, q.contributor));
      return paginateOrdered(tx, list, q, (r) => toChangeRequest(c, tx, r));
    }),

  listOrg: (c: Ctx, organizationId: string, q: CrListQuery) =>
    c.read((tx) => {
      orgFor(c, tx, organizationId);
      // In the order of the organization's index of spaces, as equal times are ranked by it.
      const live = tx.idsWhere(spaces, 'organization', organizationId, 'live');
      const list = crList(live, q, listKey('org-change-requests', organizationId, statusKey(q), q.creator, q.contributor));
      return paginateOrdered(tx, list, q, (r) => toChangeRequest(c, tx, r));
    }),

  /** A new draft whose content is forked from the space's current revision. */
  create: (c: Ctx, spaceId: string, body: { subject?: string | undefined; agentTaskId?: string | undefined }) =>
    c.write((tx) => {
      const s = liveSpace(c, tx, spaceId);
      const main = getRevision(tx, s.revision);
      const number = nextNumber(tx, s.id);
      const id = c.ids.next();
      const now = isoNow(c);
      const fork = putRevision(
        tx,
        {
          id: c.ids.next(),
          space: s.id,
          changeRequest: id,
          parents: [s.revision],
          type: 'edits',
          createdAt: now,
          pages: main?.pages ?? [],
          files: main?.files ?? [],
          reusableContents: main?.reusableContents ?? [],
          variables: main?.variables ?? {},
          ...(main?.redirects ? { redirects: main.redirects } : {}),
          message: `Start change request #${number}`,
        },
        main,
      );
      const me = c.caller?.id as string;
      const cr = tx.put(changeRequests, {
        id,
        space: s.id,
        number,
        status: 'draft',
        subject: body.subject ?? '',
        ...(body.agentTaskId ? { agentTaskId: body.agentTaskId } : {}),
        createdBy: me,
        createdAt: now,
        updatedAt: now,
        revision: fork.id,
        revisionInitial: s.revision,
        contributors: [me],
      });
      return toChangeRequest(c, tx, cr);
    }),

  get: (c: Ctx, spaceId: string, cr: string) => c.read((tx) => toChangeRequest(c, tx, findChangeRequest(tx, liveSpace(c, tx, spaceId).id, cr))),

  update: (
    c: Ctx,
    spaceId: string,
    crId: string,
    body: { subject?: string | undefined; description?: Record<string, unknown> | undefined; status?: 'draft' | 'open' | 'archived' | undefined },
  ) =>
    c.write((tx) => {
      const cr = findChangeRequest(tx, liveSpace(c, tx, spaceId).id, crId);
      if (cr.status === 'merged' && body.status !== undefined) throw conflict(`change request #${cr.number} is merged; its status can no longer change`);
      const next: ChangeRequestRecord = { ...cr, updatedAt: isoNow(c) };
      if (body.subject !== undefined) next.subject = body.subject;
      if (body.description !== undefined) next.description = body.description;
      if (body.status !== undefined) next.status = body.status;
      return toChangeRequest(c, tx, tx.put(changeRequests, next));
    }),

  /**
   * Makes the change request's content the space's: exactly it when main has not moved, else a
   * three-way merge. When a page conflicts (see lib/merge.ts) and nobody settled it, or an
   * update carried a conflict not yet resolved, nothing is merged: main keeps its revision, the
   * change request stays as it is and records the conflicts, and the answer lists them.
   */
  merge: (c: Ctx, spaceId: string, crId: string) =>
    c.write((tx) => {
      const s = liveSpace(c, tx, spaceId);
      const cr = findChangeRequest(tx, s.id, crId);
      if (cr.status !== 'draft' && cr.status !== 'open') throw conflict(`change request #${cr.number} is ${cr.status}; only a draft or open one can be merged`);
      const scope = editable(contentScope(c, tx, s.id));
      const crRev = contentScope(c, tx, s.id, cr.id).rev;
      const found = findConflicts(tx, cr, baseRevisionOf(cr), scope.rev, crRev);
      if (found.open.length) {
        tx.put(changeRequests, withConflicts(cr, [...found.open, ...found.settled]));
        return { revision: s.revision, result: 'conflicts' as const, conflicts: found.open.map(toConflict) };
      }
      const rev = commitRevision(c, tx, scope, {
        type: 'merge',
        pages: found.pages,
        files: mergeFiles(scope.rev.files, crRev.files),
        parents: [s.revision, cr.revision],
        ...folderSettings(getRevision(tx, baseRevisionOf(cr)), scope.rev, crRev),
        mergedFrom: cr.id,
        message: `Merge change request #${cr.number}${cr.subject ? `: ${cr.subject}` : ''}`,
      });
      tx.put(changeRequests, withConflicts({ ...cr, status: 'merged', revisionMerged: rev.id, updatedAt: isoNow(c) }, []));
      return { revision: rev.id, result: 'merge' as const };
    }),

  /**
   * Brings main's latest revision into the change request (`update` in the API, `refresh` in the
   * CLI): main's changes come in; on a conflicted page the change request keeps its side, and the
   * conflict is recorded as carried, so a merge refuses until it is resolved (by editing or
   * removing the page in the change request, or by keeping one side with `resolve`).
   */
  refresh: (c: Ctx, spaceId: string, crId: string) =>
    c.write((tx) => {
      const scope = contentScope(c, tx, spaceId, crId);
      const cr = scope.cr as ChangeRequestRecord;
      if (cr.status === 'merged') throw conflict(`change request #${cr.number} is merged; there is nothing to update`);
      if (scope.space.editMode === 'locked') throw conflict(`space ${scope.space.id} is locked; unlock it (edit mode "live") to change its content`);
      const s = scope.space;
      const main = getRevision(tx, s.revision);
      if (!main) throw notFound(`revision ${s.revision} not found`);
      if (s.revision === baseRevisionOf(cr)) {
        const open = (cr.conflicts ?? []).filter((e) => e.carried && !e.resolved);
        return { revision: cr.revision, ...conflictsResult('update', open) };
      }
      const found = findConflicts(tx, cr, baseRevisionOf(cr), main, scope.rev);
      const rev = commitRevision(c, tx, scope, {
        type: 'update',
        pages: found.pages,
        files: mergeFiles(main.files, scope.rev.files),
        parents: [cr.revision, s.revision],
        ...folderSettings(getRevision(tx, baseRevisionOf(cr)), main, scope.rev),
        message: `Update change request #${cr.number} from main`,
      });
      const carried = found.open.map((e): ConflictRecord => ({ ...e, main: s.revision, carried: true }));
      const after = tx.get(changeRequests, cr.id) as ChangeRequestRecord;
      tx.put(changeRequests, withConflicts({ ...after, revisionMergedAncestor: s.revision }, carried));
      return { revision: rev.id, ...conflictsResult('update', carried) };
    }),

  /**
   * Settles a recorded conflict on one page: `change-request` keeps its page as it is; `main`
   * puts main's side of it (as found in conflict) into the change request. Either way a merge
   * then takes the change request's page while main's side stays as it was found.
   */
  resolve: (c: Ctx, spaceId: string, crId: string, pageId: string, body: { keep: 'change-request' | 'main' }) =>
    c.write((tx) => {
      const scope = editable(contentScope(c, tx, spaceId, crId));
      const cr = scope.cr as ChangeRequestRecord;
      const e = cr.conflicts?.find((x) => x.page === pageId);
      if (!e) throw notFound(`page ${pageId} has no recorded conflict in change request #${cr.number}`);
      if (body.keep === 'main') {
        const main = getRevision(tx, e.main);
        if (!main) throw notFound(`revision ${e.main} not found`);
        commitRevision(c, tx, scope, {
          type: 'edits',
          pages: takeMainSide(scope.rev.pages, main.pages, pageId),
          message: `Keep main's side of page "${e.title}"`,
        });
      }
      const now = tx.get(changeRequests, cr.id) as ChangeRequestRecord;
      const resolved = { by: c.caller?.id ?? '', at: isoNow(c), keep: body.keep };
      const next = tx.put(
        changeRequests,
        withConflicts(
          now,
          (now.conflicts ?? []).map((x) => (x.page === pageId ? { ...x, resolved } : x)),
        ),
      );
      return toChangeRequest(c, tx, next);
    }),
};

/** A merge's or update's answer: `result` names the conflicts that stand, if any. */
function conflictsResult<R extends string>(done: R, open: readonly ConflictRecord[]) {
  return open.length ? { result: 'conflicts' as const, conflicts: open.map(toConflict) } : { result: done };
}

/**
 * The Git Sync folder's settings (`.gitbook.yaml` redirects and what export writes back) after a
 * merge or update: each the change request's where it changed them since its base, else main's,
 * so neither side's edit of `.gitbook.yaml` or SUMMARY.md's header is dropped by the other's copy.
 */
function folderSettings(base: RevisionRecord | undefined, main: RevisionRecord, cr: RevisionRecord): Pick<NewRevision, 'redirects' | 'gitSync'> {
  const changed = (k: 'redirects' | 'gitSync') => JSON.stringify(cr[k] ?? null) !== JSON.stringify(base?.[k] ?? null);
  const pick = <K extends 'redirects' | 'gitSync'>(k: K) => (changed(k) ? cr[k] : main[k]);
  const redirects = pick('redirects');
  const gitSync = pick('gitSync');
  return { ...(redirects ? { redirects } : {}), ...(gitSync ? { gitSync } : {}) };
}

/** Files of both sides, by id; the change request's record wins. */
function mergeFiles<F extends { id: string }>(main: readonly F[], cr: readonly F[]): F[] {
  const ids = new Set(cr.map((f) => f.id));
  return [...main.filter((f) => !ids.has(f.id)), ...cr];
}
