import * as z from 'zod';
import { DateTime } from './common.js';

/** The Organization record, as embedded in references and listed for the caller. */
export const Organization = z.looseObject({
  object: z.literal('organization'),
  id: z.string(),
  title: z.string(),
  createdAt: DateTime,
  emailDomains: z.array(z.string()),
  type: z.enum(['business', 'community']),
  plan: z.string(),
  inviteLinks: z.boolean(),
  mergeRules: z.looseObject({ type: z.enum(['none', 'rules']) }),
  trial: z.looseObject({ status: z.string() }),
  urls: z.looseObject({ location: z.string(), app: z.string() }),
  permissions: z.record(z.string(), z.boolean()),
});
export type Organization = z.infer<typeof Organization>;
