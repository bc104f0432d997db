import { describe, expect, it } from 'vitest';
import { relativeTime } from '../../src/cli/output.js';

describe('relative times on a terminal', () => {
  const now = Date.parse('2026-06-15T12:00:00.000Z');
  it.each([
    ['2026-06-15T11:59:50.000Z', 'just now'],
    ['2026-06-15T11:57:00.000Z', '3 minutes ago'],
    ['2026-06-15T11:00:00.000Z', '1 hour ago'],
    ['2026-06-08T12:00:00.000Z', '7 days ago'],
    ['2026-06-22T12:00:00.000Z', 'in 7 days'],
    ['2025-06-15T12:00:00.000Z', '1 year ago'],
  ])('%s reads as "%s"', (iso, text) => {
    expect(relativeTime(iso, now)).toBe(text);
  });
});
