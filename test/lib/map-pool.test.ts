import { describe, expect, it } from 'vitest';
import { mapPool } from '../../src/lib/map-pool.js';

const tick = () => new Promise((r) => setImmediate(r));

describe('mapPool', () => {
  it('answers in the items’ order with at most `limit` calls under way', async () => {
    let running = 0;
    let most = 0;
    const out = await mapPool([5, 1, 4, 2, 3, 0], 3, async (n, i) => {
      most = Math.max(most, ++running);
      for (let k = 0; k < n; k++) await tick();
      running--;
      return `${i}:${n}`;
    });
    expect(out).toEqual(['0:5', '1:1', '2:4', '3:2', '4:3', '5:0']);
    expect(most).toBe(3);
  });

  it('starts nothing after a failure and throws it once the calls under way have settled', async () => {
    const started: number[] = [];
    let settled = 0;
    const run = mapPool([0, 1, 2, 3, 4, 5], 2, async (n) => {
      started.push(n);
      await tick();
      if (n === 1) throw new Error('one failed');
      await tick();
      settled++;
      return n;
    });
    await expect(run).rejects.toThrow('one failed');
    expect(started).toEqual([0, 1]);
    expect(settled).toBe(1);
  });

  it('takes an empty list', async () => {
    expect(await mapPool([], 4, () => Promise.resolve(1))).toEqual([]);
  });
});
