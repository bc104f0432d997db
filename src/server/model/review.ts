import { table } from '../../store/store.js';

/** Fields of comments that other resources count; the comments service owns the rest. */
export interface CommentRecord {
  id: string;
  space: string;
  /** Set on comments made inside a change request. */
  changeRequest?: string;
  status: 'open' | 'resolved';
}

export type ChangeRequestStatus = 'draft' | 'open' | 'archived' | 'merged';

/** Fields of change requests that other resources count; the change-requests service owns the rest. */
export interface ChangeRequestRecord {
  id: string;
  space: string;
  number: number;
  status: ChangeRequestStatus;
}

export const comments = table<CommentRecord>('comments');
export const changeRequests = table<ChangeRequestRecord>('changeRequests');
