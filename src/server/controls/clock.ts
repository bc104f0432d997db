import { DAY_MS, type Clock } from '../env.js';

/**
 * The dates the clock may show: from 1970 to the end of year 9999, the range every timestamp
 * the API writes (ISO 8601, four-digit years) can hold. Past it, writes and reads of the time fail.
 */
export const MIN_TIME = Date.UTC(1970, 0, 1);
export const MAX_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/** The most one advance may move the clock, either way: a year. */
export const MAX_ADVANCE_MS = 366 * DAY_MS;

const clamp = (t: number) => Math.min(MAX_TIME, Math.max(MIN_TIME, t));

/** Why the clock may not be set to `at`, or undefined. */
export function setProblem(at: Date): string | undefined {
  const t = at.getTime();
  if (Number.isNaN(t)) return 'not a date-time';
  if (t < MIN_TIME || t > MAX_TIME) return 'give a date between 1970-01-01 and 9999-12-31';
  return undefined;
}

/** Why the clock, showing `now`, may not be advanced by `ms`, or undefined. */
export function advanceProblem(now: Date, ms: number): string | undefined {
  if (Math.abs(ms) > MAX_ADVANCE_MS) return 'at most a year (366d) either way at a time';
  const t = now.getTime() + ms;
  if (t < MIN_TIME || t > MAX_TIME) return 'that would move the clock outside 1970-01-01 to 9999-12-31';
  return undefined;
}

/**
 * The emulator's clock: real time plus an offset, or frozen. With a seed it starts at a fixed
 * instant and steps 1 ms per reading, so timestamps repeat run to run.
 */
export class ControlClock implements Clock {
  private offsetMs = 0;
  private frozenAt: number | undefined;
  private stepping: number | undefined;

  constructor(opts: { deterministicFrom?: Date } = {}) {
    if (opts.deterministicFrom) this.stepping = opts.deterministicFrom.getTime();
  }

  /** Kept within MIN_TIME..MAX_TIME whatever it was moved by, so that it always reads as a date. */
  now(): Date {
    if (this.frozenAt !== undefined) return new Date(clamp(this.frozenAt));
    if (this.stepping !== undefined) return new Date(clamp(this.stepping++ + this.offsetMs));
    return new Date(clamp(Date.now() + this.offsetMs));
  }

  get frozen(): boolean {
    return this.frozenAt !== undefined;
  }

  freeze(at?: Date): void {
    this.frozenAt = (at ?? this.now()).getTime();
  }

  unfreeze(): void {
    if (this.frozenAt === undefined) return;
    const base = this.stepping ?? Date.now();
    this.offsetMs = this.frozenAt - base;
    this.frozenAt = undefined;
  }

  advance(ms: number): void {
    if (this.frozenAt !== undefined) this.frozenAt += ms;
    else this.offsetMs += ms;
  }

  /** Back to the time it started with: no offset, not frozen (a seeded clock keeps stepping on). */
  reset(): void {
    this.offsetMs = 0;
    this.frozenAt = undefined;
  }

  set(at: Date): void {
    if (this.frozenAt !== undefined) this.frozenAt = at.getTime();
    else this.offsetMs = at.getTime() - (this.stepping ?? Date.now());
  }
}

/** "90s", "15m", "36h", "7d", or a number of milliseconds. */
export function parseDuration(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v !== 'string') return undefined;
  const m = /^(-?\d+(?:\.\d+)?)(ms|s|m|h|d)?$/.exec(v.trim());
  if (!m) return undefined;
  const n = Number(m[1]);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[(m[2] ?? 'ms') as 'ms'];
  return n * unit;
}
