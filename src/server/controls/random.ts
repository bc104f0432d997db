import { randomIds, type IdSource } from '../env.js';

/** A small seeded PRNG (mulberry32): the same seed gives the same sequence. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Ids drawn from a seeded generator, reproducible run to run; secrets (tokens, share keys,
 * download ids) never: 32 bits of seed are found from the ids a reader sees, and two stores
 * served with the same seed would share their secrets.
 */
export function seededIds(seed: number): IdSource {
  const rnd = seededRandom(seed);
  const draw = (n: number) => Array.from({ length: n }, () => ALPHABET[Math.floor(rnd() * ALPHABET.length)]).join('');
  return { next: () => draw(20), secret: randomIds.secret };
}
