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
  if (raw.trim() === '' || !Number.isInteger(n) || n < min) throw usageError(`--${flag}: "${raw}" is not a whole number${min > 0 ? ` of at least ${min}` : ''}`);
  return n;
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
    const s = Number(g.timeout);
    if (g.timeout.trim() === '' || !Number.isFinite(s) || s <= 0) throw usageError(`--timeout: "${g.timeout}" is not a number of seconds above 0`);
    timeoutMs = s * 1000;
  }
  if (typeof g.limit === 'string') wholeNumber('limit', g.limit, 0);
  return { retries, timeoutMs };
}
