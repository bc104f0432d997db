import type * as z from 'zod';
import type { Role } from '../../contract/schemas/common.js';
import type { Collection } from '../../contract/schemas/collection.js';
import { roleAtLeast, type Ctx } from '../context.js';
import type { CollectionRecord } from '../model/space.js';
import { urls } from '../lib/urls.js';

/** The collection as the API shows it to a caller of this role in its organization. */
export function toCollection(c: Ctx, r: CollectionRecord, role: Role | undefined): z.input<typeof Collection> {
  return {
    object: 'collection',
    id: r.id,
    title: r.title,
    ...(r.description !== undefined ? { description: r.description } : {}),
    organization: r.organization,
    ...(r.parent ? { parent: r.parent } : {}),
    defaultLevel: r.defaultLevel,
    urls: { location: urls.api(c, `/collections/${r.id}`), app: urls.app(c, `/c/${r.id}`) },
    permissions: {
      view: roleAtLeast(role, 'read'),
      admin: roleAtLeast(role, 'admin'),
      viewInviteLinks: roleAtLeast(role, 'admin'),
      create: roleAtLeast(role, 'create'),
    },
  };
}
