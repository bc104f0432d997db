import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JsonFileStore } from '../../src/store/json-file-store.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import { table, type ReadTx, type Store } from '../../src/store/store.js';
import { tempDir } from '../helpers/server.js';

interface Item {
  id: string;
  group: string;
  n: number;
}
const items = table<Item>('items');

const tmp = tempDir('gbctl-store-suite-');
afterAll(() => tmp.cleanup());
let seq = 0;

interface Impl {
  name: string;
  make(): Store;
  /** The same data seen by a fresh open (file stores only). */
  reopen?(s: Store): Store;
}

const impls: Impl[] = [
  { name: 'MemoryStore', make: () => new MemoryStore() },
  {
    name: 'JsonFileStore',
    make: () => JsonFileStore.open(join(tmp.dir, `suite-${++seq}.json`), { warn: () => {} }),
    reopen: (s) => JsonFileStore.open((s as JsonFileStore).path, { warn: () => {} }),
  },
  {
    // Compacts after every write: its records are read back from the snapshot file, not memory.
    name: 'JsonFileStore reading records from its snapshot',
    make: () => JsonFileStore.open(join(tmp.dir, `suite-${++seq}.json`), { warn: () => {}, compactBytes: 1 }),
    reopen: (s) => JsonFileStore.open((s as JsonFileStore).path, { warn: () => {}, compactBytes: 1 }),
  },
];

const even = (r: Item) => r.n % 2 === 0;

describe.each(impls)('store contract: $name', (impl) => {
  it('puts, gets, replaces in place and deletes', async () => {
    const s = impl.make();
    await s.write((tx) => {
      tx.put(items, { id: 'a', group: 'g', n: 1 });
      tx.put(items, { id: 'b', group: 'g', n: 2 });
      tx.put(items, { id: 'c', group: 'h', n: 3 });
    });
    await s.write((tx) => tx.put(items, { id: 'a', group: 'g', n: 10 }));
    expect(await s.write((tx) => tx.delete(items, 'b'))).toBe(true);
    expect(await s.write((tx) => tx.delete(items, 'b'))).toBe(false);
    const check = async (st: Store) => {
      expect(await st.read((tx) => tx.all(items).map((r) => [r.id, r.n]))).toEqual([
        ['a', 10],
        ['c', 3],
      ]);
      expect(await st.read((tx) => tx.get(items, 'a')?.n)).toBe(10);
      expect(await st.read((tx) => tx.count(items))).toBe(2);
    };
    await check(s);
    if (impl.reopen) await check(impl.reopen(s));
    await s.close();
  });

  it('reads many records at once, in the order asked, as get() would, its own writes included', async () => {
    const s = impl.make();
    await s.write((tx) => {
      for (let i = 0; i < 40; i++) tx.put(items, { id: `r${i}`, group: 'g', n: i });
    });
    await s.write((tx) => tx.delete(items, 'r5'));
    const ids = ['r30', 'r5', 'nope', 'r0', 'r39', 'r30'];
    const check = async (st: Store) => {
      expect(await st.read((tx) => tx.getMany(items, ids).map((r) => r?.n))).toEqual([30, undefined, undefined, 0, 39, 30]);
      expect(await st.read((tx) => tx.getMany(items, ids))).toEqual(await st.read((tx) => ids.map((id) => tx.get(items, id))));
    };
    await check(s);
    if (impl.reopen) await check(impl.reopen(s));
    expect(
      await s.write((tx) => {
        tx.put(items, { id: 'r0', group: 'g', n: 100 });
        tx.delete(items, 'r39');
        tx.put(items, { id: 'r5', group: 'g', n: 5 });
        return tx.getMany(items, ids).map((r) => r?.n);
      }),
    ).toEqual([30, 5, undefined, 100, undefined, 30]);
    await s.close();
  });

  it('discards a transaction whose function throws', async () => {
    const s = impl.make();
    await s.write((tx) => tx.put(items, { id: 'keep', group: 'g', n: 1 }));
    await expect(
      s.write((tx) => {
        tx.put(items, { id: 'lost', group: 'g', n: 2 });
        tx.delete(items, 'keep');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await s.read((tx) => tx.all(items).map((r) => r.id))).toEqual(['keep']);
    await s.write((tx) => tx.put(items, { id: 'after', group: 'g', n: 3 }));
    if (impl.reopen) expect(await impl.reopen(s).read((tx) => tx.all(items).map((r) => r.id))).toEqual(['keep', 'after']);
  });

  it('serves where() in insertion order, inside and outside a transaction, and keeps places on update', async () => {
    const s = impl.make();
    await s.write((tx) => {
      for (const id of ['a', 'b', 'c', 'd']) tx.put(items, { id, group: id === 'c' ? 'h' : 'g', n: 0 });
    });
    // Build the index, then update a member without changing its group: it keeps its place.
    expect(await s.read((tx) => tx.where(items, 'group', 'g').map((r) => r.id))).toEqual(['a', 'b', 'd']);
    await s.write((tx) => tx.put(items, { id: 'a', group: 'g', n: 5 }));
    expect(await s.read((tx) => tx.where(items, 'group', 'g').map((r) => r.id))).toEqual(['a', 'b', 'd']);
    const inside = await s.write((tx) => {
      tx.put(items, { id: 'b', group: 'g', n: 7 });
      tx.put(items, { id: 'c', group: 'g', n: 0 });
      tx.put(items, { id: 'e', group: 'g', n: 0 });
      tx.delete(items, 'd');
      return { where: tx.where(items, 'group', 'g').map((r) => `${r.id}${r.n}`), count: tx.count(items), h: tx.where(items, 'group', 'h') };
    });
    expect(inside).toEqual({ where: ['a5', 'b7', 'c0', 'e0'], count: 4, h: [] });
    expect(await s.read((tx) => tx.where(items, 'group', 'g').map((r) => `${r.id}${r.n}`))).toEqual(inside.where);
    if (impl.reopen) expect(await impl.reopen(s).read((tx) => tx.where(items, 'group', 'g').map((r) => r.id))).toEqual(['a', 'b', 'c', 'e']);
  });

  it('serialises concurrent writers: no lost update', async () => {
    const s = impl.make();
    await s.write((tx) => tx.put(items, { id: 'counter', group: 'g', n: 0 }));
    await Promise.all(
      Array.from({ length: 50 }, () =>
        s.write((tx) => {
          const c = tx.get(items, 'counter') as Item;
          tx.put(items, { ...c, n: c.n + 1 });
        }),
      ),
    );
    expect(await s.read((tx) => tx.get(items, 'counter')?.n)).toBe(50);
    if (impl.reopen) expect(await impl.reopen(s).read((tx) => tx.get(items, 'counter')?.n)).toBe(50);
  });

  it('counts and lists ids by field and test without reading records, inside and outside a transaction', async () => {
    const s = impl.make();
    await s.write((tx) => {
      for (let i = 0; i < 12; i++) tx.put(items, { id: `i${i}`, group: i % 3 ? 'g' : 'h', n: i });
    });
    const counts = (tx: ReadTx) => [
      tx.countWhere(items, 'group', 'g'),
      tx.countWhere(items, 'group', 'g', even),
      tx.countWhere(items, 'group', 'h', even),
      // Sorted: a group's order after a reopen is the table's (as for where()).
      tx.idsWhere(items, 'group', 'g', even).sort().join(),
    ];
    expect(await s.read(counts)).toEqual([8, 4, 2, 'i10,i2,i4,i8']);
    const inside = await s.write((tx) => {
      tx.put(items, { id: 'i1', group: 'g', n: 100 });
      tx.put(items, { id: 'i0', group: 'g', n: 0 });
      tx.delete(items, 'i2');
      tx.put(items, { id: 'new', group: 'h', n: 2 });
      return counts(tx);
    });
    // i1 joins the even ones, i0 moves in from h, i2 is gone.
    expect(inside).toEqual([8, 5, 2, 'i0,i1,i10,i4,i8']);
    expect(await s.read(counts)).toEqual(inside);
    if (impl.reopen) expect(await impl.reopen(s).read(counts)).toEqual(inside);
  });

  it('agrees with where() and all() through a long run of random writes', async () => {
    const s = impl.make();
    let rnd = 7;
    const next = (n: number) => ((rnd = (rnd * 1103515245 + 12345) % 2 ** 31), rnd % n);
    const model = new Map<string, Item>();
    for (let round = 0; round < 40; round++) {
      await s.write((tx) => {
        for (let k = 0; k < 8; k++) {
          const id = `r${next(30)}`;
          if (next(4) === 0) {
            tx.delete(items, id);
            model.delete(id);
          } else {
            const row = { id, group: `g${next(3)}`, n: next(10) };
            tx.put(items, row);
            model.set(id, row);
          }
        }
      });
      if (round % 5 === 0) {
        const seen = await s.read((tx) => ({
          all: tx
            .all(items)
            .map((r) => `${r.id}:${r.group}:${r.n}`)
            .sort(),
          where: ['g0', 'g1', 'g2'].map((g) => tx.where(items, 'group', g).length),
          counts: ['g0', 'g1', 'g2'].map((g) => tx.countWhere(items, 'group', g, even)),
          ids: ['g0', 'g1', 'g2'].map((g) => tx.idsWhere(items, 'group', g, even).sort()),
        }));
        const rows = [...model.values()];
        expect(seen.all).toEqual(rows.map((r) => `${r.id}:${r.group}:${r.n}`).sort());
        expect(seen.where).toEqual(['g0', 'g1', 'g2'].map((g) => rows.filter((r) => r.group === g).length));
        expect(seen.counts).toEqual(['g0', 'g1', 'g2'].map((g) => rows.filter((r) => r.group === g && even(r)).length));
        expect(seen.ids).toEqual(
          ['g0', 'g1', 'g2'].map((g) =>
            rows
              .filter((r) => r.group === g && even(r))
              .map((r) => r.id)
              .sort(),
          ),
        );
      }
    }
  });

  it('returns frozen records', async () => {
    const s = impl.make();
    const row = await s.write((tx) => tx.put(items, { id: 'f', group: 'g', n: 1 }));
    expect(Object.isFrozen(row)).toBe(true);
    expect(Object.isFrozen(await s.read((tx) => tx.get(items, 'f')))).toBe(true);
  });
});
