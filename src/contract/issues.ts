import type * as z from 'zod';

/**
 * A zod error as one line: `where.path: message; …`, the first `limit` issues. The server's 400s,
 * the client's input errors and the store's file checks all word a schema failure this way.
 */
export function describeIssues(err: z.ZodError, opts: { where?: string; topLevel?: string; limit?: number } = {}): string {
  return err.issues
    .slice(0, opts.limit ?? 5)
    .map((i) => `${[opts.where ?? '', ...i.path.map(String)].filter(Boolean).join('.') || (opts.topLevel ?? '')}: ${unionChoices(i) ?? plainWords(i.message)}`)
    .join('; ');
}

type Issue = z.ZodError['issues'][number];

/**
 * A value none of a union's members took, when each member is a set of values (an enum, a
 * literal, null): the values it takes, where zod says "Invalid input".
 */
function unionChoices(issue: Issue): string | undefined {
  if (issue.code !== 'invalid_union') return undefined;
  const values: unknown[] = [];
  for (const member of issue.errors) {
    const only = member.length === 1 ? member[0] : undefined;
    if (!only || only.path.length) return undefined;
    if (only.code === 'invalid_value') values.push(...only.values);
    else if (only.code === 'invalid_type' && only.expected === 'null') values.push(null);
    else return undefined;
  }
  return values.length ? `expected one of ${values.map((v) => JSON.stringify(v)).join(', ')}` : undefined;
}

/** zod's bounds in a person's words: "Too big: expected string to have <=50 characters" is "at most 50 characters". */
function plainWords(message: string): string {
  return message
    .replace(/^Too big: expected \w+ to (?:have|be) <=?\s*([\d.e+-]+)(?: (\w+))?$/, (_, n: string, unit?: string) => `at most ${n}${unit ? ` ${unit}` : ''}`)
    .replace(
      /^Too small: expected \w+ to (?:have|be) >=?\s*([\d.e+-]+)(?: (\w+))?$/,
      (_, n: string, unit?: string) => `at least ${n}${unit ? ` ${unit}` : ''}`,
    );
}
