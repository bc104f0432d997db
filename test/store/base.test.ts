import { describe, expect, it } from 'vitest';
import { CACHE_ROWS, RowCache } from '../../src/store/base.js';
import type { Row } from '../../src/store/store.js';

const row = (id: string): Row => ({ id });

describe('RowCache', () => {
  it('keeps the last CACHE_ROWS / 2 records read at least, and CACHE_ROWS at most, by table and id', () => {
    const c = new RowCache();
    for (let i = 0; i < 3 * CACHE_ROWS; i++) c.set(i % 2 ? 'a' : 'b', `r${i}`, row(`r${i}`));
    for (let i = 3 * CACHE_ROWS - CACHE_ROWS / 2; i < 3 * CACHE_ROWS; i++) expect(c.get(i % 2 ? 'a' : 'b', `r${i}`)).toEqual(row(`r${i}`));
    let kept = 0;
    for (let i = 0; i < 3 * CACHE_ROWS; i++) if (c.get(i % 2 ? 'a' : 'b', `r${i}`)) kept++;
    expect(kept).toBeLessThanOrEqual(CACHE_ROWS);
    // The same id in another table is another record.
    expect(c.get('a', `r${3 * CACHE_ROWS - 2}`)).toBeUndefined();
  });

  it('keeps a record read on every request while many others pass through, and forgets what is not read again', () => {
    const c = new RowCache();
    c.set('users', 'me', row('me'));
    for (let i = 0; i < 10 * CACHE_ROWS; i++) {
      c.set('spaces', `s${i}`, row(`s${i}`));
      expect(c.get('users', 'me')).toEqual(row('me'));
    }
    expect(c.get('spaces', 's0')).toBeUndefined();
  });

  it('answers the newest record set under an id', () => {
    const c = new RowCache();
    c.set('t', 'x', row('old'));
    // The old record is in the older generation when the new one is set.
    for (let i = 0; i < CACHE_ROWS / 2; i++) c.set('t', `f${i}`, row(`f${i}`));
    c.set('t', 'x', row('new'));
    expect(c.get('t', 'x')).toEqual(row('new'));
    for (let i = 0; i < CACHE_ROWS / 2; i++) c.set('t', `g${i}`, row(`g${i}`));
    expect(c.get('t', 'x')).toEqual(row('new'));
  });
});
