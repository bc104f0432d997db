import { z } from 'zod';
import { listOf } from './common.js';
import { Organization } from './organization.js';

export const LinkStatus = z.enum(['ok', 'broken', 'in-app']);

const Embedded = z.looseObject({ object: z.string(), id: z.string() });
const VersionContext = z.union([
  z.looseObject({ type: z.literal('revision'), revision: Embedded }),
  z.looseObject({ type: z.literal('changeRequest'), changeRequest: Embedded }),
]);

/**
 * An absolute reference to content, as the platform shows it: the organization, space, page or
 * file and revision (or change request) are embedded objects, not ids. Built on first use, like
 * the other response shapes here.
 */
export const ContentLocation = z.lazy(() => z.union([
  z.looseObject({ kind: z.literal('url'), url: z.string() }),
  z.looseObject({ kind: z.literal('page'), organization: Organization, space: Embedded, page: z.looseObject({ id: z.string() }), versionContext: VersionContext.optional() }),
  z.looseObject({ kind: z.literal('file'), organization: Organization, space: Embedded, file: z.looseObject({ id: z.string() }), versionContext: VersionContext.optional() }),
  z.looseObject({ kind: z.enum(['user', 'collection', 'space', 'reusable-content', 'openapi']) }),
]));

export const LinkItem = z.lazy(() => z.looseObject({
  status: LinkStatus,
  relation: z.enum(['reference', 'dependsOn']),
  targetReference: ContentLocation.optional(),
  locationReferences: z.array(ContentLocation),
}));

export const LinkList = z.lazy(() => listOf(LinkItem).extend({
  stats: z.object({
    total: z.number(),
    broken: z.object({ total: z.number(), changeRequest: z.number() }),
  }),
}));

export const BacklinkList = z.lazy(() => listOf(ContentLocation));
