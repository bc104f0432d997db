import { describe, expect, it } from 'vitest';
import { listAnswer, records } from '../../src/cli/list-answer.js';

describe('listAnswer', () => {
  it("reads a list's items and the next page's token", () => {
    expect(listAnswer({ items: [{ id: 'a' }], next: { page: 'p2' }, count: 3 }, 'spaces.list')).toEqual({ items: [{ id: 'a' }], next: { page: 'p2' } });
    expect(listAnswer({ items: [], count: 0 }, 'spaces.list')).toEqual({ items: [] });
  });

  it('says which endpoint answered no list, instead of failing on a missing field later', () => {
    for (const res of [undefined, null, 'text', { id: 'x' }, { items: 'nope' }]) {
      expect(() => listAnswer(res, 'spaces.get')).toThrow('spaces.get answered no list of items');
    }
  });
});

describe('records', () => {
  it('keeps the items that are objects', () => {
    expect(records([{ id: 'a' }, 'b', null, 3, { id: 'c' }])).toEqual([{ id: 'a' }, { id: 'c' }]);
  });
});
