import { Tx } from '../../src/store/tx.js';
import { describe, expect, it, vi } from 'vitest';
import { RecordIndexes, type Origin, type EachRecord } from '../../src/store/record-indexes.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import { State } from '../../src/store/state.js';
import { table, type ReadTx, type Row } from '../../src/store/store.js';
import type { FileGroup, PersistedList } from '../../src/store/types.js';

interface Item {
  id: string;
  group: string;
  n: number;
}
const items = table<Item>('items').withFilters({ even: (r) => r.n % 2 === 0, big: (r) => r.n >= 10 });
const plain = table<Item>('items');

const seeded = () =>
  State.fromDump({
    tables: { items: Array.from({ length: 12 }, (_, i) => ({ id: `i${i}`, group: i % 3 ? 'g' : 'h', n: i })) },
  });

describe('named filters', () => {
  it('count and list ids by the name declared with the table, inside and outside a transaction', async () => {
    const s = new MemoryStore(seeded().dump());
    const seen = (tx: ReadTx) => [
      tx.countWhere(items, 'group', 'g', 'even'),
      tx.countWhere(items, 'group', 'g', 'big'),
      tx.idsWhere(items, 'group', 'g', 'even').sort().join(),
      tx.countWhere(items, 'group', 'g'),
    ];
    expect(await s.read(seen)).toEqual([4, 2, 'i10,i2,i4,i8', 8]);
    const inside = await s.write((tx) => {
      tx.put(items, { id: 'i1', group: 'g', n: 12 });
      tx.delete(items, 'i2');
      return seen(tx);
    });
    expect(inside).toEqual([4, 3, 'i1,i10,i4,i8', 7]);
    expect(await s.read(seen)).toEqual(inside);
  });

  it('are checked by the compiler: a name the table does not declare does not compile', () => {
    const tx = new Tx(seeded());
    // @ts-expect-error: 'odd' is not one of the filters declared with items
    expect(() => tx.countWhere(items, 'group', 'g', 'odd')).toThrow('the table items declares no filter "odd"');
    // @ts-expect-error: a table declared without filters takes no filter name
    expect(() => tx.idsWhere(plain, 'group', 'g', 'even')).toThrow('declares no filter');
    // @ts-expect-error: not even one inherited from Object
    expect(() => tx.countWhere(items, 'group', 'g', 'toString')).toThrow('declares no filter');
  });

  it('keep one counter and one id list per (table, field, filter name), however often and however asked', () => {
    const state = seeded();
    const before = state.indexes.sizes();
    for (let round = 0; round < 5; round++) {
      const tx = new Tx(state);
      for (const g of ['g', 'h', 'x']) {
        tx.countWhere(items, 'group', g, 'even');
        tx.idsWhere(items, 'group', g, 'even');
        // A function made per call is applied to the matches and keeps nothing.
        tx.countWhere(items, 'group', g, (r) => r.n > round);
        tx.idsWhere(items, 'group', g, (r) => r.n > round);
      }
    }
    expect(before).toEqual({ order: 0, index: 0, count: 0, filter: 0 });
    expect(state.indexes.sizes()).toEqual({ order: 0, index: 1, count: 1, filter: 1 });
    new Tx(state).countWhere(items, 'group', 'g', 'big');
    new Tx(state).countWhere(items, 'n', 3, 'even');
    expect(state.indexes.sizes()).toEqual({ order: 0, index: 1, count: 3, filter: 1 });
  });

  it('answer a function filter the same as a named one, from the records', () => {
    const tx = new Tx(seeded());
    tx.put(items, { id: 'new', group: 'g', n: 40 });
    const even = (r: Item) => r.n % 2 === 0;
    expect(tx.countWhere(items, 'group', 'g', even)).toBe(tx.countWhere(items, 'group', 'g', 'even'));
    expect(tx.idsWhere(items, 'group', 'g', even).sort()).toEqual(tx.idsWhere(items, 'group', 'g', 'even').sort());
  });
});

describe('RecordIndexes', () => {
  const rows: Row[] = [{ id: 'a' }, { id: 'b' }];
  const walk: EachRecord = (fn) => rows.forEach((r) => fn(r.id, r));
  const origin: Origin = { walk, persisted: () => undefined, changes: () => {}, baseRow: () => undefined };

  it('refuses two different tests under one filter name of one table', () => {
    const d = new RecordIndexes();
    d.count('t', 'id', { name: 'f', test: () => true }, origin);
    expect(() => d.count('t', 'id', { name: 'f', test: () => false }, origin)).toThrow(/declared twice with different filters named "f"/);
    expect(d.sizes().count).toBe(1);
  });

  it('keys a counter by its filter name, not by the function it was first given', () => {
    const d = new RecordIndexes();
    const test = (r: Row) => r.id === 'a';
    for (let i = 0; i < 3; i++) {
      expect(d.count('t', 'id', { name: 'isA', test }, origin).get('a')).toBe(1);
      expect([...(d.filter('t', 'id', { name: 'isA', test }, origin).get('a') ?? [])]).toEqual(['a']);
    }
    expect(d.sizes()).toEqual({ order: 0, index: 0, count: 1, filter: 1 });
  });

  it('finds a list asked for again by the declaration it was asked with, without making its key: a server asks for the same few on every request', () => {
    const state = seeded();
    const warm = new Tx(state);
    warm.countWhere(items, 'group', 'g', 'even');
    warm.idsWhere(items, 'group', 'g', 'even');
    warm.idsWhere(items, 'group', 'g');
    const held = vi.spyOn(state.indexes as unknown as { held: () => unknown }, 'held');
    for (let i = 0; i < 20; i++) {
      const tx = new Tx(state);
      expect(tx.countWhere(items, 'group', 'g', 'even')).toBe(4);
      expect(tx.idsWhere(items, 'group', 'g', 'even')).toHaveLength(4);
      expect(tx.idsWhere(items, 'group', 'g')).toHaveLength(8);
    }
    expect(held).not.toHaveBeenCalled();
  });

  it("looks a value's group up in the index file once, however often it is counted", () => {
    const groupsAsked: string[] = [];
    const group: FileGroup = { count: 2, id: (i: number) => ['a', 'b'][i] as string } as unknown as FileGroup;
    const file: PersistedList = {
      kind: 'count',
      next: 0,
      group: () => {
        throw new Error('a count keeps what it finds: it asks with find');
      },
      find: (key: string) => {
        groupsAsked.push(key);
        return key === 'j"a"' ? group : undefined;
      },
      eachGroup: () => {},
      seqOf: () => undefined,
      eachSeq: () => {},
      seqsEncoded: () => undefined,
    };
    const d = new RecordIndexes();
    const fromFile: Origin = { ...origin, persisted: () => file };
    const counts = d.count('t', 'id', { name: 'all', test: () => true }, fromFile);
    for (let i = 0; i < 10; i++) {
      expect(counts.get('a')).toBe(2);
      expect(counts.get('z')).toBe(0);
    }
    expect(groupsAsked).toEqual(['j"a"', 'j"z"']);
  });
});
