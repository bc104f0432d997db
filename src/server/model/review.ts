import { table, type ReadTx } from '../../store/store.js';

/** A comment or reply body as stored: what the author sent. */
export type BodyRecord = { markdown: string } | { document: Record<string, unknown> };

/** One user's reaction with one emoji. */
export interface ReactionRecord {
  emoji: string;
  user: string;
  reactedAt: string;
}

export interface CommentRecord {
  id: string;
  space: string;
  /** Set on comments made inside a change request. */
  changeRequest?: string;
  status: 'open' | 'resolved';
  postedBy: string;
  postedAt: string;
  editedAt?: string;
  body: BodyRecord;
  /** Revision the comment was posted on. */
  revision: string;
  /** The page commented on, as it was when the comment was posted. */
  page?: { id: string; title: string; path: string; emoji?: string };
  node?: string;
  tableCell?: { record: string; definition: string };
  reactions: ReactionRecord[];
  resolvedAt?: string;
  resolvedBy?: string;
}

export interface CommentReplyRecord {
  id: string;
  comment: string;
  space: string;
  changeRequest?: string;
  postedBy: string;
  postedAt: string;
  editedAt?: string;
  body: BodyRecord;
  reactions: ReactionRecord[];
}

export type ChangeRequestStatus = 'draft' | 'open' | 'archived' | 'merged';

/**
 * How both sides of a merge changed a page in ways that do not combine: its content changed
 * differently on both; one side deleted it while the other changed its content; both moved it,
 * to different places.
 */
export type ConflictKind = 'edited' | 'deleted-in-main' | 'deleted-in-change-request' | 'moved';

/** A page a merge or an update of the change request found in conflict with the main content. */
export interface ConflictRecord {
  page: string;
  kind: ConflictKind;
  /** The page's title and path when found (the change request's, or main's for a page the change request deleted). */
  title: string;
  path: string;
  /** The main revision the change request was based on, and the main revision found in conflict with it. */
  base: string;
  main: string;
  /**
   * True when an update took main's revision in as the base while keeping the change request's
   * side of the page: a three-way merge no longer sees the conflict, so it stands until resolved.
   */
  carried?: true;
  /** Set when someone settled it: by editing the page in the change request or by keeping one side. */
  resolved?: { by: string; at: string; keep: 'change-request' | 'main' };
}

export interface ChangeRequestRecord {
  id: string;
  space: string;
  number: number;
  status: ChangeRequestStatus;
  subject: string;
  description?: Record<string, unknown>;
  agentTaskId?: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  /** The change request's own, active revision. */
  revision: string;
  /** The space's revision it was forked from. */
  revisionInitial: string;
  /** The space's revision last brought in by an update. */
  revisionMergedAncestor?: string;
  /** The space's revision its merge made. */
  revisionMerged?: string;
  /** Users who created or edited it. */
  contributors: string[];
  /** Conflicts with the main content, as the last merge or update found them; absent when none. */
  conflicts?: ConflictRecord[];
}

/** The comments of a space (change request absent) or of one of its change requests. */
export const commentScope = (space: string, changeRequest: string | undefined) => `${space}/${changeRequest ?? ''}`;
const scopeOf = (cm: CommentRecord) => commentScope(cm.space, cm.changeRequest);
const byPosted = (cm: CommentRecord) => cm.postedAt;

/**
 * Comments are listed by time posted, equal times in the order posted, in one list per scope and
 * one per scope and filter value: a filtered page costs the page, whatever the comments around it.
 */
export const comments = table<CommentRecord>('comments')
  .withFilters({
    open: (cm) => cm.status === 'open',
    /** An open comment on the space itself, not on one of its change requests. */
    openOnSpace: (cm) => !cm.changeRequest && cm.status === 'open',
  })
  .withOrders({
    byScope: { group: scopeOf, key: byPosted, keepSeq: true },
    byStatus: { group: (cm) => `${scopeOf(cm)}|${cm.status}`, key: byPosted, keepSeq: true },
    byPage: { group: (cm) => (cm.page ? `${scopeOf(cm)}|${cm.page.id}` : undefined), key: byPosted, keepSeq: true },
    byAuthor: { group: (cm) => `${scopeOf(cm)}|${cm.postedBy}`, key: byPosted, keepSeq: true },
    // A page's or an author's comments of one status, read without testing the others.
    byPageStatus: { group: (cm) => (cm.page ? `${scopeOf(cm)}|${cm.page.id}|${cm.status}` : undefined), key: byPosted, keepSeq: true },
    byAuthorStatus: { group: (cm) => `${scopeOf(cm)}|${cm.postedBy}|${cm.status}`, key: byPosted, keepSeq: true },
    // An author's comments on one page, of any status and of one: read without testing the others.
    byPageAuthor: { group: (cm) => (cm.page ? `${scopeOf(cm)}|${cm.page.id}|${cm.postedBy}` : undefined), key: byPosted, keepSeq: true },
    byPageAuthorStatus: {
      group: (cm) => (cm.page ? `${scopeOf(cm)}|${cm.page.id}|${cm.postedBy}|${cm.status}` : undefined),
      key: byPosted,
      keepSeq: true,
    },
  });
export const commentReplies = table<CommentReplyRecord>('commentReplies').withOrders({
  byComment: { group: (r) => r.comment },
});

const byCreated = (r: ChangeRequestRecord) => r.createdAt;

/**
 * Change requests by creation time, equal times in the order created, per space and per space and
 * filter value; numbers per space, to find the next one without reading them all.
 */
export const changeRequests = table<ChangeRequestRecord>('changeRequests')
  .withFilters({
    open: (r) => r.status === 'open',
    draft: (r) => r.status === 'draft',
  })
  .withOrders({
    bySpace: { group: (r) => r.space, key: byCreated, keepSeq: true },
    byStatus: { group: (r) => `${r.space}|${r.status}`, key: byCreated, keepSeq: true },
    // With the status in the group: every list is asked with a status (open unless another is
    // named), and a list tested for it would read all of a creator's change requests to count.
    byCreatorStatus: { group: (r) => `${r.space}|${r.createdBy}|${r.status}`, key: byCreated, keepSeq: true },
    byContributorStatus: { group: (r) => r.contributors.map((u) => `${r.space}|${u}|${r.status}`), key: byCreated, keepSeq: true },
    byNumber: { group: (r) => r.space, key: (r) => r.number },
  });

/** The change request of a space with a number, found in the list by number without reading the others. */
export function changeRequestByNumber(tx: ReadTx, space: string, n: number): ChangeRequestRecord | undefined {
  const first = tx.page(changeRequests, 'byNumber', { groups: [space], after: { k: n, s: -1, id: '' }, limit: 1 }).rows[0];
  return first?.number === n ? first : undefined;
}

/** A change request of the space by id, or by number when given digits. */
export function changeRequestIn(tx: ReadTx, space: string, idOrNumber: string): ChangeRequestRecord | undefined {
  const byId = tx.get(changeRequests, idOrNumber);
  if (byId && byId.space === space) return byId;
  return /^\d+$/.test(idOrNumber) ? changeRequestByNumber(tx, space, Number(idOrNumber)) : undefined;
}

/** A comment of the space outside change requests (`changeRequest` undefined) or of that change request. */
export function commentOf(tx: ReadTx, space: string, changeRequest: string | undefined, id: string): CommentRecord | undefined {
  const cm = tx.get(comments, id);
  return cm && cm.space === space && cm.changeRequest === changeRequest ? cm : undefined;
}

/** A reply to that comment. */
export function replyOf(tx: ReadTx, comment: string, id: string): CommentReplyRecord | undefined {
  const r = tx.get(commentReplies, id);
  return r && r.comment === comment ? r : undefined;
}
