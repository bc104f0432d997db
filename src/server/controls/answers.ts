import * as z from 'zod';

/*
 * What each test control answers, as schemas: the controls' routes (routes.ts) answer these
 * shapes, and `gbctl emulator …` reads a server's answer through them, so that a server that is
 * not gbctl serve (or an older one) is said as such instead of printed wrong.
 */

export const HealthAnswer = z.object({ status: z.string(), version: z.string(), uptimeMs: z.number(), jit: z.boolean(), rssBytes: z.number() });
export type Health = z.output<typeof HealthAnswer>;

export const ClockAnswer = z.object({ now: z.string(), frozen: z.boolean() });

/** A fault rule as listed: the rule with its id, its hits, and the uses left when it was given a count. */
export const ListedFault = z.looseObject({
  id: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.number().optional(),
  latencyMs: z.union([z.number(), z.tuple([z.number(), z.number()])]).optional(),
  reset: z.boolean().optional(),
  hits: z.number(),
  remaining: z.number().optional(),
});
export type Listed = z.output<typeof ListedFault>;

/** What is answered with an id: a fault rule added, a snapshot saved. */
export const Named = z.looseObject({ id: z.string() });

export const LoggedRequestAnswer = z.object({
  time: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.number(),
  ms: z.number(),
  endpoint: z.string().optional(),
});

export const ResetAnswer = z.object({ reset: z.literal(true), clock: ClockAnswer });
export const RestoredAnswer = z.object({ restored: z.string() });
export const DeletedAnswer = z.object({ deleted: z.string() });

/** A list answer: `{ items: [...] }`. */
export const itemsOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });
