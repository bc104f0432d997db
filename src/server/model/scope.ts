import type { ChangeRequestRecord } from './review.js';
import type { RevisionRecord } from './revision.js';
import type { SpaceRecord } from './space.js';

/** What content is read or written: a space's, or one of its change requests'. */
export interface Scope {
  space: SpaceRecord;
  cr?: ChangeRequestRecord;
  rev: RevisionRecord;
}
