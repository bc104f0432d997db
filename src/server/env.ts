import { randomBytes } from 'node:crypto';

/** Time as the server sees it; injected so rules over days are testable without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until told to move. */
export class FakeClock implements Clock {
  constructor(private t = new Date('2026-01-01T00:00:00.000Z')) {}
  now(): Date {
    return new Date(this.t);
  }
  set(d: Date | string): void {
    this.t = new Date(d);
  }
  advance(ms: number): void {
    this.t = new Date(this.t.getTime() + ms);
  }
}

export interface IdSource {
  /** A new id matching the platform's id pattern. */
  next(): string;
  /** A new secret (share keys, tokens, download ids): from crypto.randomBytes always, never a seed. */
  secret(): string;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function encode(bytes: Uint8Array, length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += ALPHABET[(bytes[i] as number) % ALPHABET.length];
  return s;
}

/**
 * Random bytes for ids, drawn from the system's generator a block at a time: asking it for 20
 * bytes cost a create as much as its rules. Secrets are never drawn from here (see secret()).
 */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let poolAt = 0;

function idBytes(n: number): Uint8Array {
  if (poolAt + n > pool.length) {
    pool = randomBytes(POOL_BYTES);
    poolAt = 0;
  }
  const out = pool.subarray(poolAt, poolAt + n);
  poolAt += n;
  return out;
}

export const randomIds: IdSource = {
  next: () => encode(idBytes(20), 20),
  secret: () => encode(randomBytes(32), 32),
};

export const DAY_MS = 24 * 60 * 60 * 1000;
