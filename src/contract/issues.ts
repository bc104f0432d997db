import type { z } from 'zod';

/**
 * A zod error as one line: `where.path: message; …`, the first `limit` issues. The server's 400s,
 * the client's input errors and the store's file checks all word a schema failure this way.
 */
export function describeIssues(err: z.ZodError, opts: { where?: string; topLevel?: string; limit?: number } = {}): string {
  return err.issues
    .slice(0, opts.limit ?? 5)
    .map((i) => `${[opts.where ?? '', ...i.path.map(String)].filter(Boolean).join('.') || (opts.topLevel ?? '')}: ${i.message}`)
    .join('; ');
}
