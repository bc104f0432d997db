import { describe, expect, it } from 'vitest';
import { Generations } from '../../src/store/generations.js';

describe('Generations', () => {
  it('keeps the last `half` entries set at least and twice that at most', () => {
    const g = new Generations<number, string>(100);
    for (let i = 0; i < 1000; i++) g.set(i, `v${i}`);
    for (let i = 900; i < 1000; i++) expect(g.get(i)).toBe(`v${i}`);
    let kept = 0;
    for (let i = 0; i < 1000; i++) if (g.get(i) !== undefined) kept++;
    expect(kept).toBeLessThanOrEqual(200);
  });

  it('keeps an entry read again while others pass through, and what it holds may be null (known absent)', () => {
    const g = new Generations<string, number | null>(10);
    g.set('absent', null);
    for (let i = 0; i < 1000; i++) {
      g.set(`k${i}`, i);
      expect(g.get('absent')).toBeNull();
    }
    expect(g.get('k0')).toBeUndefined();
  });

  it('answers the value set last for a key', () => {
    const g = new Generations<string, number>(4);
    g.set('x', 1);
    for (let i = 0; i < 4; i++) g.set(`f${i}`, i);
    g.set('x', 2);
    expect(g.get('x')).toBe(2);
    for (let i = 0; i < 3; i++) g.set(`g${i}`, i);
    expect(g.get('x')).toBe(2);
  });
});
