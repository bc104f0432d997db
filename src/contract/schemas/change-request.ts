import { z } from 'zod';
import { DateTime, User } from './common.js';
import { JsonDocument } from './document.js';

export const ChangeRequestStatus = z.enum(['draft', 'open', 'archived', 'merged']);
/** Statuses a PATCH may set; `merged` comes only from merge. */
export const SettableChangeRequestStatus = z.enum(['draft', 'open', 'archived']);
export const ChangeRequestSubject = z.string().max(100);

export const ChangeRequest = z.looseObject({
  object: z.literal('change-request'),
  id: z.string(),
  number: z.number(),
  status: ChangeRequestStatus,
  subject: ChangeRequestSubject,
  description: JsonDocument.optional(),
  createdBy: User,
  createdAt: DateTime,
  updatedAt: DateTime,
  space: z.string(),
  revision: z.string(),
  revisionInitial: z.string(),
  revisionMergedAncestor: z.string().optional(),
  revisionMerged: z.string().optional(),
  comments: z.number(),
  outdated: z.boolean(),
  urls: z.looseObject({ app: z.string(), location: z.string() }),
});
export type ChangeRequest = z.infer<typeof ChangeRequest>;

/** Result of a merge; `conflicts` means it was applied but may need manual resolution. */
export const MergeResult = z.looseObject({ revision: z.string(), result: z.enum(['merge', 'conflicts']) });
/** Result of bringing main content into a change request. */
export const UpdateResult = z.looseObject({ revision: z.string(), result: z.enum(['update', 'conflicts']) });
/** A temporary URL to print the content as PDF. */
export const Pdf = z.looseObject({ url: z.string() });
