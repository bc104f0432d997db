import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { describeIssues } from '../../src/contract/issues.js';
import { DefaultLevel } from '../../src/contract/schemas/common.js';

const problem = (schema: z.ZodType, value: unknown) => {
  const r = z.object({ field: schema }).safeParse({ field: value });
  if (r.success) throw new Error('expected a failure');
  return describeIssues(r.error, { where: 'body' });
};

describe('describeIssues', () => {
  it('names the values a union of value sets takes, where zod says "Invalid input"', () => {
    expect(problem(DefaultLevel, 'bogus')).toBe('body.field: expected one of "admin", "create", "edit", "review", "comment", "read", "inherit", null');
    expect(problem(z.union([z.literal('a'), z.literal(2)]), 'b')).toBe('body.field: expected one of "a", 2');
  });

  it("keeps zod's words for a union whose members are not value sets", () => {
    expect(problem(z.union([z.object({ a: z.string() }), z.literal('x')]), 3)).toBe('body.field: Invalid input');
    expect(problem(z.union([z.string(), z.number()]), true)).toBe('body.field: Invalid input');
  });

  it('words bounds as a person would', () => {
    expect(problem(z.string().max(50), 'x'.repeat(51))).toBe('body.field: at most 50 characters');
  });
});
