import * as z from 'zod';

/** Entity ids: the platform's `EntityId` pattern. */
export const Id = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[a-zA-Z0-9_-]+$/, 'must contain only letters, digits, "_" and "-"');

export const DateTime = z.string();

export const Role = z.enum(['admin', 'create', 'edit', 'review', 'comment', 'read']);
export type Role = z.infer<typeof Role>;

/**
 * A role, `inherit` (from the parent collection or organization), or null (no default access).
 * Made on first use, like the unions of space.ts: a command whose endpoint has none builds none.
 */
export const DefaultLevel = z.lazy(() => z.union([Role, z.literal('inherit'), z.null()]));

export const Icon = z.string().max(50);

export const Languages = [
  'en',
  'fr',
  'de',
  'es',
  'it',
  'pt',
  'pt-br',
  'ru',
  'ja',
  'zh',
  'yue',
  'ko',
  'ar',
  'hi',
  'nl',
  'pl',
  'tr',
  'sv',
  'no',
  'da',
  'fi',
  'el',
  'cs',
  'hu',
  'ro',
  'th',
  'vi',
  'id',
  'ms',
  'he',
  'uk',
  'sk',
  'bg',
  'hr',
  'lt',
  'lv',
  'et',
  'sl',
] as const;
export const Language = z.enum(Languages);

// Response shapes are built on first use (z.lazy): a command that parses no response never pays for them.
export const User = z.lazy(() =>
  z.looseObject({
    object: z.literal('user'),
    id: z.string(),
    displayName: z.string(),
    email: z.string().optional(),
    photoURL: z.string().optional(),
    urls: z.looseObject({ location: z.string() }),
  }),
);

export const Member = z.lazy(() =>
  z.looseObject({
    object: z.literal('member'),
    id: z.string(),
    role: Role,
    user: User,
    disabled: z.boolean(),
    joinedAt: DateTime,
    lastSeenAt: DateTime.optional(),
    sso: z.boolean(),
    spaces: z.number(),
    teams: z.number(),
  }),
);

/** `page` and `limit`, on every list. */
export const pageQuery = {
  page: z.string().max(512).optional().describe("page token from a previous response's next.page"),
  limit: z.number().int().min(0).max(1000).optional().describe('items per page (0 to 1000, default 50)'),
};
export const DEFAULT_PAGE_SIZE = 50;

/** The list envelope: `next` is omitted on the last page, `count` is the total. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.looseObject({
    next: z.object({ page: z.string() }).optional(),
    count: z.number().optional(),
    items: z.array(item),
  });
}

/** Position among siblings for the move operations. */
export function positionOf<P extends z.ZodType>(pointer: P) {
  return z
    .object({ before: pointer.optional(), after: pointer.optional() })
    .refine((p) => !(p.before && p.after), { message: 'give before or after, not both' });
}
