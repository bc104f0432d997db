import type { z } from 'zod';
import type { Role } from '../../contract/schemas/common.js';
import type { Space } from '../../contract/schemas/space.js';
import type { ReadTx } from '../../store/store.js';
import { roleAtLeast, roleIn, shareKeyOpensSpace, type Ctx } from '../context.js';
import { changeRequests, comments } from '../model/review.js';
import type { SpaceRecord } from '../model/space.js';
import { urls } from '../lib/urls.js';

/** The space as the API shows it to this caller. */
export function toSpace(c: Ctx, tx: ReadTx, s: SpaceRecord, role: Role | undefined = roleIn(c, tx, s.organization)): z.input<typeof Space> {
  const crs = tx.where(changeRequests, 'space', s.id);
  const at = (r: Role) => roleAtLeast(role, r);
  const reader = at('read') || shareKeyOpensSpace(c, tx, s);
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
    changeRequests: crs.length,
    changeRequestsOpen: crs.filter((r) => r.status === 'open').length,
    changeRequestsDraft: crs.filter((r) => r.status === 'draft').length,
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

