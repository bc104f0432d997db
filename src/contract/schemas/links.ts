import * as z from 'zod';
import { listOf } from './common.js';

export const LinkStatus = z.enum(['ok', 'broken', 'in-app']);

const Named = <O extends string>(object: O) => z.object({ object: z.literal(object), id: z.string() });

/** What a reference stands in. Built on first use, like the other response shapes (common.ts). */
const inContent = () => ({
  organization: Named('organization'),
  space: Named('space'),
  versionContext: z.union([
    z.object({ type: z.literal('revision'), revision: Named('revision') }),
    z.object({ type: z.literal('changeRequest'), changeRequest: Named('change-request').extend({ number: z.number() }) }),
  ]),
});

const PageNamed = () => z.object({ id: z.string(), title: z.string(), path: z.string() });

/**
 * A page of a space's or change request's content, where a link stands or whose links reach a
 * file. In the platform's field names; the objects it is in (organization, space, revision or
 * change request) are named by id where the platform's published shape embeds each whole record
 * (the revision with every page's content among them, in every reference of every link).
 */
export const ContentLocation = z.lazy(() => z.object({ kind: z.literal('page'), ...inContent(), page: PageNamed() }));

/** Where a link points: a URL, or a page or file of the content its location is in. */
export const LinkTarget = z.lazy(() =>
  z.union([
    z.object({ kind: z.literal('url'), url: z.string() }),
    z.object({ kind: z.literal('page'), page: PageNamed(), internalLocation: z.object({ type: z.literal('anchor'), anchor: z.string() }).optional() }),
    z.object({ kind: z.literal('file'), file: z.object({ id: z.string(), name: z.string() }) }),
  ]),
);

export const LinkItem = z.lazy(() =>
  z.object({
    status: LinkStatus,
    relation: z.enum(['reference', 'dependsOn']),
    targetReference: LinkTarget.optional(),
    locationReferences: z.array(ContentLocation),
  }),
);

export const LinkList = z.lazy(() =>
  listOf(LinkItem).extend({
    stats: z.object({
      total: z.number(),
      broken: z.object({ total: z.number(), changeRequest: z.number() }),
    }),
  }),
);

export const BacklinkList = z.lazy(() => listOf(ContentLocation));
