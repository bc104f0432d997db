import { describe, expect, it } from 'vitest';
import { WeighedLru } from '../../src/lib/weighed-lru.js';

const keys = (m: WeighedLru<string>, candidates: string[]) => candidates.filter((k) => m.get(k) !== undefined);

describe('WeighedLru', () => {
  it('drops the least recently used entries past its number of entries', () => {
    const m = new WeighedLru<string>(2, Infinity, () => 1);
    m.set('a', 'A');
    m.set('b', 'B');
    expect(m.get('a')).toBe('A');
    m.set('c', 'C');
    expect(m.get('b')).toBeUndefined();
    expect(keys(m, ['a', 'b', 'c'])).toEqual(['a', 'c']);
  });

  it('drops the least recently used entries past its weight, and holds nothing heavier than it', () => {
    const m = new WeighedLru<string>(Infinity, 10, (v) => v.length);
    m.set('a', 'aaaa');
    m.set('b', 'bbbb');
    m.set('c', 'cccc');
    expect(keys(m, ['a', 'b', 'c'])).toEqual(['b', 'c']);
    expect(m.held).toBe(8);
    m.set('d', 'd'.repeat(10));
    expect(keys(m, ['a', 'b', 'c', 'd'])).toEqual(['d']);
    expect(m.held).toBe(10);
    m.set('e', 'e'.repeat(11));
    expect(m.size).toBe(0);
    expect(m.held).toBe(0);
  });

  it('weighs a key set again by its new value only', () => {
    const m = new WeighedLru<string>(Infinity, 10, (v) => v.length);
    for (let i = 0; i < 5; i++) m.set('a', 'aaaa');
    m.set('b', 'bbbb');
    expect(m.size).toBe(2);
    expect(m.held).toBe(8);
    expect(keys(m, ['a', 'b'])).toEqual(['a', 'b']);
  });
});
