import * as z from 'zod';
import { DefaultLevel } from './common.js';

export const CollectionTitle = z.string().max(50);
export const CollectionDescription = z.string().max(100);

export const Collection = z.looseObject({
  object: z.literal('collection'),
  id: z.string(),
  title: CollectionTitle,
  description: CollectionDescription.optional(),
  organization: z.string(),
  parent: z.string().optional(),
  defaultLevel: DefaultLevel,
  urls: z.looseObject({ location: z.string(), app: z.string() }),
  permissions: z.looseObject({
    view: z.boolean(),
    admin: z.boolean(),
    viewInviteLinks: z.boolean(),
    create: z.boolean(),
  }),
});
export type Collection = z.infer<typeof Collection>;
