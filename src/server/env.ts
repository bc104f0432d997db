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

export const randomIds: IdSource = {
  next: () => encode(randomBytes(20), 20),
  secret: () => encode(randomBytes(32), 32),
};

export const DAY_MS = 24 * 60 * 60 * 1000;
