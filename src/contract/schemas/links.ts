import { z } from 'zod';
import { listOf } from './common.js';

export const LinkStatus = z.enum(['ok', 'broken', 'in-app']);

/** Where a reference points or stands; kinds other than file carry their own key. */
export const ContentLocation = z.looseObject({
  kind: z.enum(['file', 'url', 'page', 'user', 'collection', 'space', 'reusable-content', 'openapi']),
  organization: z.string().optional(),
  space: z.string().optional(),
  versionContext: z
    .looseObject({ type: z.enum(['revision', 'changeRequest']), revision: z.string().optional() })
    .optional(),
  file: z.string().optional(),
  page: z.string().optional(),
  url: z.string().optional(),
});

export const LinkItem = z.looseObject({
  status: LinkStatus,
  relation: z.enum(['reference', 'dependsOn']),
  targetReference: z.looseObject({ kind: z.string() }),
  locationReferences: z.array(ContentLocation),
});

export const LinkList = listOf(LinkItem).extend({
  stats: z.object({
    total: z.number(),
    broken: z.object({ total: z.number(), changeRequest: z.number() }),
  }),
});

export const BacklinkList = listOf(ContentLocation);
