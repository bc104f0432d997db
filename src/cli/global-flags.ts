import { usageError } from './exit-codes.js';

/** The flags every command takes that tune how requests are sent, as typed. */
export interface TuningFlags {
  retries?: string | undefined;
  /** false with --no-retry. */
  retry?: boolean | undefined;
  timeout?: string | undefined;
  limit?: unknown;
}

/** The same flags read: how many retries, and the timeout of one request. */
export interface Tuning {
  retries: number;
  timeoutMs: number;
}

function wholeNumber(flag: string, raw: string, min: number): number {
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(n) || n < min)
    throw usageError(`--${flag}: "${raw}" is not a whole number${min > 0 ? ` of at least ${min}` : ''}`);
  return n;
}

/** `30s`, `2m`, `500ms`, or a number of seconds, in milliseconds; undefined when it is none of them. */
export function parseDuration(raw: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(raw.trim());
  if (!m) return undefined;
  return Number(m[1]) * { ms: 1, s: 1000, m: 60_000 }[(m[2] ?? 's') as 's'];
}

/**
 * Checks the flags that tune requests, the one place they are read: every command checks them
 * before it acts (program.ts), whether it then opens the embedded store or connects over HTTP,
 * or neither; connect() takes what this answers.
 */
export function checkTuning(g: TuningFlags): Tuning {
  if (g.retry === false && g.retries !== undefined) throw usageError('--retries and --no-retry say two different things', 'give one of them');
  const retries = g.retry === false ? 0 : g.retries === undefined ? 3 : wholeNumber('retries', g.retries, 0);
  let timeoutMs = 30_000;
  if (g.timeout !== undefined) {
    const ms = parseDuration(g.timeout);
    if (ms === undefined || ms <= 0) throw usageError(`--timeout: "${g.timeout}" is not a duration above 0 (30s, 2m, 500ms, or seconds)`);
    timeoutMs = ms;
  }
  if (typeof g.limit === 'string') wholeNumber('limit', g.limit, 0);
  return { retries, timeoutMs };
}
