import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { frozenCopy } from '../../src/store/frozen.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import { table } from '../../src/store/store.js';

// V8's own answer to "do these objects share a hidden class", asked through its natives syntax,
// which only a function compiled from source text after this flag is set may use.
v8.setFlagsFromString('--allow-natives-syntax');
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;

interface Note {
  id: string;
  text: string;
  page?: string;
  tags: string[];
}
const notes = table<Note>('notes');
/** A record built as the services build theirs: optional fields spread in. */
const note = (i: number, page?: string): Note => ({ id: `n${i}`, text: `note ${i}`, ...(page ? { page } : {}), tags: [] });

describe('records the store keeps share one hidden class per shape', () => {
  it('frozenCopy gives copies of one shape one hidden class, which a frozen spread copy does not', () => {
    const copies = Array.from({ length: 50 }, (_, i) => frozenCopy<Note>(note(i)));
    for (const c of copies.slice(1)) expect(haveSameMap(c, copies[0] as Note)).toBe(true);
    expect(Object.isFrozen(copies[0])).toBe(true);
    // eslint-disable-next-line no-restricted-syntax -- the form the rule forbids, shown to differ
    const frozenSpread = Array.from({ length: 50 }, (_, i) => Object.freeze({ ...note(i) }));
    expect(frozenSpread.slice(1).filter((c) => haveSameMap(c, frozenSpread[0] as Note)).length).toBeLessThan(49);
  });

  it('written through a transaction and read back', async () => {
    const store = new MemoryStore();
    await store.write((tx) => {
      for (let i = 0; i < 50; i++) tx.put(notes, note(i, i % 2 ? 'p1' : undefined));
    });
    const rows = await store.read((tx) => tx.all(notes));
    const withPage = rows.filter((r) => r.page);
    const without = rows.filter((r) => !r.page);
    for (const group of [withPage, without]) for (const r of group.slice(1)) expect(haveSameMap(r, group[0] as Note)).toBe(true);
    expect(rows.every((r) => Object.isFrozen(r))).toBe(true);
  });

  it('keeps an own "__proto__" key as data, never as the copy\'s prototype', () => {
    const parsed = JSON.parse('{"id":"a","__proto__":{"polluted":true}}') as Note;
    const copy = frozenCopy<Note>(parsed, { tags: [] });
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect((copy as unknown as { polluted?: boolean }).polluted).toBeUndefined();
    expect(JSON.stringify(copy)).toBe('{"id":"a","__proto__":{"polluted":true},"tags":[]}');
    expect(Object.isFrozen(copy)).toBe(true);
  });
});
