import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LayeredMap } from '../../../src/server/model/layered-map.js';

type Op = { kind: 'set' | 'delete' | 'over'; key: number; value: number };
const op: fc.Arbitrary<Op> = fc.record({ kind: fc.constantFrom('set', 'set', 'delete', 'over'), key: fc.nat(12), value: fc.nat(99) });

describe('a map made as changes over another', () => {
  it('holds what a plain map holds through random writes and layers, and earlier layers keep what they held', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), (ops) => {
        let layered = LayeredMap.of<number>();
        let model = new Map<string, number>();
        const earlier: [LayeredMap<number>, Map<string, number>][] = [];
        for (const o of ops) {
          const key = `k${o.key}`;
          if (o.kind === 'over') {
            earlier.push([layered, model]);
            layered = layered.over();
            model = new Map(model);
          } else if (o.kind === 'set') {
            layered.set(key, o.value);
            model.set(key, o.value);
          } else {
            layered.delete(key);
            model.delete(key);
          }
        }
        for (const [l, m] of [...earlier, [layered, model] as const]) {
          expect(l.size).toBe(m.size);
          expect(new Map(l.entries())).toEqual(m);
          for (let k = 0; k <= 12; k++) expect(l.get(`k${k}`)).toBe(m.get(`k${k}`));
        }
      }),
      { numRuns: 300 },
    );
  });
});
