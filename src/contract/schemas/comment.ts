import * as z from 'zod';
import { DateTime, Id, User } from './common.js';
import { ContentFormat, DocumentBody, DocumentBodyInput } from './document.js';

/** Status of a comment. */
export const CommentStatus = z.enum(['open', 'resolved']);
/** Status filter of the comment lists (default all). */
export const CommentFilter = z.enum(['all', 'open', 'resolved']);
/** Sort order of the comment lists (default desc: newest first). */
export const SortOrder = z.enum(['asc', 'desc']);

/** Body of a comment or reply as returned: `{markdown}`, `{document}` or `{}`. */
export const CommentBody = DocumentBody;
/**
 * Body of a comment or reply as sent: `{markdown}`, `{document}`, or `{}`, which the platform's
 * `Document` allows (its "Empty" variant) and which is kept as empty markdown.
 */
export const CommentBodyInput = z.union([...DocumentBodyInput.options, z.strictObject({}).transform((): { markdown: string } => ({ markdown: '' }))]);

/** Emoji reactions, one entry per emoji. */
export const Reactions = z.array(
  z.looseObject({
    emoji: z.string(),
    count: z.number(),
    users: z.array(z.looseObject({ user: User, reactedAt: DateTime })),
  }),
);

const CommentUrls = z.looseObject({ location: z.string() });
const CommentPermissions = z.looseObject({
  view: z.boolean(),
  edit: z.boolean(),
  reply: z.boolean().optional(),
  delete: z.boolean(),
});

/** What a comment is attached to; `space` and `revision` are always given. */
export const CommentTarget = z.looseObject({
  node: z.looseObject({ id: z.string(), preview: z.string().optional() }).optional(),
  tableCell: z.looseObject({ record: z.string(), definition: z.string() }).optional(),
  changeRequest: z.string().optional(),
  review: z.string().optional(),
  page: z
    .looseObject({
      id: z.string(),
      title: z.string(),
      emoji: z.string().optional(),
      icon: z.string().optional(),
      createdAt: DateTime.optional(),
      updatedAt: DateTime.optional(),
      path: z.string(),
      outdated: z.boolean(),
    })
    .optional(),
  space: z.string(),
  revision: z.string(),
});

const commentFields = {
  object: z.literal('comment'),
  id: z.string(),
  postedBy: User,
  postedAt: DateTime,
  editedAt: DateTime.optional(),
  reactions: Reactions,
  replies: z.number(),
  body: CommentBody,
  target: CommentTarget,
  urls: CommentUrls,
  permissions: CommentPermissions,
};

/** A comment; a resolved one also says when and by whom. */
export const Comment = z.discriminatedUnion('status', [
  z.looseObject({ ...commentFields, status: z.literal('open') }),
  z.looseObject({ ...commentFields, status: z.literal('resolved'), resolvedAt: DateTime, resolvedBy: User }),
]);
export type Comment = z.infer<typeof Comment>;

/** A reply to a comment. */
export const CommentReply = z.looseObject({
  object: z.literal('comment-reply'),
  id: z.string(),
  postedBy: User,
  postedAt: DateTime,
  editedAt: DateTime.optional(),
  reactions: Reactions,
  body: CommentBody,
  urls: CommentUrls,
  permissions: CommentPermissions,
});
export type CommentReply = z.infer<typeof CommentReply>;

// ---- request parts, shared by the space and change-request comment endpoints ----

const bodyField = CommentBodyInput.describe('text, as {"markdown": "…"} or {"document": {…}}, or {} for none');
const reactionFields = {
  addedReactions: z.array(z.string()).optional().describe('emoji reactions to add'),
  removedReactions: z.array(z.string()).optional().describe('emoji reactions to remove'),
};

/** `format` query: how bodies are returned. */
export const formatQuery = {
  format: ContentFormat.optional().describe('return bodies as document or markdown'),
};

/** Query of the comment lists (PL is added by the endpoint). */
export const commentListQuery = {
  order: SortOrder.optional().describe('sort order by post date (default desc)'),
  status: CommentFilter.optional().describe('only comments with this status (default all)'),
  ...formatQuery,
  targetPage: Id.optional().describe('only comments on this page id'),
  authors: z.array(Id).optional().describe('only comments by these user ids'),
};

export const PostComment = z.object({
  node: z.string().optional().describe('block (node) id to attach the comment to'),
  page: Id.optional().describe('page id to attach the comment to'),
  body: bodyField,
  tableCell: z
    .object({
      record: z.string().describe('table record id'),
      definition: z.string().describe('table column definition id'),
    })
    .optional()
    .describe('table cell to attach the comment to'),
});

export const UpdateComment = z.object({
  resolved: z.boolean().optional().describe('resolve (true) or reopen (false) the comment'),
  body: bodyField.optional().describe('new text, as {"markdown": "…"} or {"document": {…}}'),
  ...reactionFields,
});

export const PostReply = z.object({ body: bodyField });

export const UpdateReply = z.object({
  body: bodyField.optional().describe('new text, as {"markdown": "…"} or {"document": {…}}'),
  ...reactionFields,
});

/** The change-request reply update also accepts `resolved`, as the description says. */
export const UpdateCrReply = UpdateReply.extend({
  resolved: z.boolean().optional().describe('resolve (true) or reopen (false) the thread'),
});
