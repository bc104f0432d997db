import * as z from 'zod';
import { DateTime, User } from './common.js';
import { JsonDocument } from './document.js';

export const ChangeRequestStatus = z.enum(['draft', 'open', 'archived', 'merged']);
/** Statuses a PATCH may set; `merged` comes only from merge. */
export const SettableChangeRequestStatus = z.enum(['draft', 'open', 'archived']);
export const ChangeRequestSubject = z.string().max(100);

/**
 * A page a merge or an update found changed on both sides in ways that do not combine (gbctl's
 * own shape: the platform's merge and update answer only `result: "conflicts"`).
 */
export const MergeConflict = z.lazy(() =>
  z.looseObject({
    page: z.string(),
    kind: z.enum(['edited', 'deleted-in-main', 'deleted-in-change-request', 'moved']),
    title: z.string(),
    path: z.string(),
    /** The main revision the change request was based on, and the one found in conflict with it. */
    base: z.string(),
    main: z.string(),
    resolved: z.boolean(),
  }),
);

export const ChangeRequest = z.lazy(() =>
  z.looseObject({
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
    /** gbctl's own: the conflicts the last merge or update found, settled or not; absent when none. */
    conflicts: z.array(MergeConflict).optional(),
  }),
);
export type ChangeRequest = z.infer<typeof ChangeRequest>;

/**
 * Result of a merge. `conflicts`: nothing was merged (the change request stays open, `revision`
 * is main's, unchanged) and `conflicts` (gbctl's own) lists the pages to settle first.
 */
export const MergeResult = z.lazy(() =>
  z.looseObject({ revision: z.string(), result: z.enum(['merge', 'conflicts']), conflicts: z.array(MergeConflict).optional() }),
);
/**
 * Result of bringing main content into a change request. `conflicts`: main came in except on the
 * pages listed (gbctl's own `conflicts`), where the change request kept its side until settled.
 */
export const UpdateResult = z.lazy(() =>
  z.looseObject({ revision: z.string(), result: z.enum(['update', 'conflicts']), conflicts: z.array(MergeConflict).optional() }),
);
/** A temporary URL to print the content as PDF. */
export const Pdf = z.lazy(() => z.looseObject({ url: z.string() }));
