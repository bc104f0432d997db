import type { Clock } from '../env.js';

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

  now(): Date {
    if (this.frozenAt !== undefined) return new Date(this.frozenAt);
    if (this.stepping !== undefined) return new Date(this.stepping++ + this.offsetMs);
    return new Date(Date.now() + this.offsetMs);
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
