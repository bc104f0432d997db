import { table } from '../../store/store.js';

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
}

export const comments = table<CommentRecord>('comments').withFilters({
  open: (cm) => cm.status === 'open',
  /** An open comment on the space itself, not on one of its change requests. */
  openOnSpace: (cm) => !cm.changeRequest && cm.status === 'open',
});
export const commentReplies = table<CommentReplyRecord>('commentReplies');
export const changeRequests = table<ChangeRequestRecord>('changeRequests');
