import type * as z from 'zod';
import type { Role } from '../../contract/schemas/common.js';
import type { Space } from '../../contract/schemas/space.js';
import type { ReadTx } from '../../store/store.js';
import { roleAtLeast, type Ctx } from '../context.js';
import { changeRequests, comments } from '../model/review.js';
import type { SpaceRecord } from '../model/space.js';
import { urls } from '../lib/urls.js';

/**
 * Who a space is shown to, as the service that let them see it worked out: the caller's role in
 * the space's organization (none without a caller or a membership), and `anonymous` for a reader
 * without a caller whom a share key let in.
 */
export interface SpaceViewer {
  role: Role | undefined;
  anonymous?: boolean;
}

/** The space as the API shows it to this viewer. */
export function toSpace(c: Ctx, tx: ReadTx, s: SpaceRecord, viewer: SpaceViewer): z.input<typeof Space> {
  const at = (r: Role) => roleAtLeast(viewer.role, r);
  const reader = at('read') || viewer.anonymous === true;
  return {
    object: 'space',
    id: s.id,
    title: s.title,
    emoji: s.emoji,
    visibility: s.visibility,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    ...(s.deletedAt ? { deletedAt: s.deletedAt } : {}),
    editMode: s.editMode,
    mergeRules: s.mergeRules,
    organization: s.organization,
    ...(s.parent ? { parent: s.parent } : {}),
    ...(s.language ? { language: s.language } : {}),
    revision: s.revision,
    defaultLevel: s.defaultLevel,
    comments: tx.countWhere(comments, 'space', s.id, 'openOnSpace'),
    // Kept counts: a space reads the same with 10 change requests as with 10,000.
    changeRequests: tx.countWhere(changeRequests, 'space', s.id),
    changeRequestsOpen: tx.countWhere(changeRequests, 'space', s.id, 'open'),
    changeRequestsDraft: tx.countWhere(changeRequests, 'space', s.id, 'draft'),
    urls: {
      location: urls.api(c, `/spaces/${s.id}`),
      app: urls.app(c, `/s/${s.id}`),
      ...(s.visibility !== 'private' ? { published: urls.published(c, `/s/${s.id}`) } : {}),
      ...(s.visibility === 'public' ? { public: urls.published(c, `/s/${s.id}`) } : {}),
    },
    permissions: {
      view: reader,
      access: reader,
      admin: at('admin'),
      viewInviteLinks: at('admin'),
      edit: at('edit'),
      triggerGitSync: at('edit'),
      comment: at('comment'),
      merge: at('review'),
      review: at('review'),
      installIntegration: at('admin'),
    },
  };
}
