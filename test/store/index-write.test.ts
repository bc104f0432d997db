import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byHash } from '../../src/store/index-write.js';

/** The order a comparator sort gives: by (h1, h2), equal hashes in the order given. */
function expected(h1: Uint32Array, h2: Uint32Array): number[] {
  return [...h1.keys()].sort((a, b) => (h1[a] as number) - (h1[b] as number) || (h2[a] as number) - (h2[b] as number));
}

describe('byHash', () => {
  it('orders entries by both halves of their hash, equal ones as given, first halves shared or not', () => {
    // Few distinct values, so that first halves, and whole hashes, are often equal.
    const half = fc.oneof(fc.constantFrom(0, 1, 0xffffffff, 0x80000000), fc.nat({ max: 0xffffffff }));
    fc.assert(
      fc.property(fc.array(fc.tuple(half, half), { maxLength: 200 }), (pairs) => {
        const h1 = Uint32Array.from(pairs, ([a]) => a);
        const h2 = Uint32Array.from(pairs, ([, b]) => b);
        expect([...byHash(h1, h2, pairs.length)]).toEqual(expected(h1, h2));
      }),
      { numRuns: 300 },
    );
  });
});
