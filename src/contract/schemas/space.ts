import * as z from 'zod';
import { DateTime, DefaultLevel, Id, Language } from './common.js';

export const Visibility = z.enum(['public', 'unlisted', 'share-link', 'visitor-auth', 'in-collection', 'private']);
export const EditMode = z.enum(['live', 'locked']);
export const SpaceTitle = z.string().max(50);
export const Emoji = z.string().max(50);

// Unions made on first use: only bodies and answers read them, and zod's are slow to make.
export const MergeRules = z.lazy(() =>
  z.union([
    z.object({ type: z.literal('inherit') }),
    z.object({ type: z.literal('none') }),
    z.looseObject({ type: z.literal('rules'), rules: z.array(z.unknown()) }),
  ]),
);

// Built on first use: only responses need it, and most commands never parse one.
export const Space = z.lazy(() =>
  z.looseObject({
    object: z.literal('space'),
    id: z.string(),
    title: SpaceTitle,
    emoji: Emoji,
    visibility: Visibility,
    createdAt: DateTime,
    updatedAt: DateTime,
    deletedAt: DateTime.optional(),
    editMode: EditMode.optional(),
    mergeRules: MergeRules,
    organization: z.string(),
    parent: z.string().optional(),
    language: Language.optional(),
    gitSync: z
      .looseObject({
        repoName: z.string().optional(),
        installationProvider: z.enum(['github', 'gitlab', 'github-legacy']).optional(),
        integration: z.string().optional(),
        url: z.string().optional(),
        updatedAt: DateTime.optional(),
      })
      .optional(),
    visitorAuth: z.looseObject({ backend: z.enum(['custom', 'integration']) }).optional(),
    revision: z.string(),
    defaultLevel: DefaultLevel,
    comments: z.number(),
    changeRequests: z.number(),
    changeRequestsOpen: z.number(),
    changeRequestsDraft: z.number(),
    urls: z.looseObject({
      location: z.string(),
      app: z.string(),
      published: z.string().optional(),
      public: z.string().optional(),
      icon: z.string().optional(),
    }),
    permissions: z.looseObject({
      view: z.boolean(),
      access: z.boolean(),
      admin: z.boolean(),
      viewInviteLinks: z.boolean(),
      edit: z.boolean(),
      triggerGitSync: z.boolean(),
      comment: z.boolean(),
      merge: z.boolean(),
      review: z.boolean(),
      installIntegration: z.boolean(),
    }),
  }),
);
export type Space = z.infer<typeof Space>;

/** Pointer to a sibling for `position.before` / `position.after`. */
export const SiblingPointer = z.lazy(() =>
  z.union([z.object({ type: z.literal('space'), space: Id }), z.object({ type: z.literal('collection'), collection: Id })]),
);
