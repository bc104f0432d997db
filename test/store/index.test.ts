import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { IndexedFile } from '../../src/store/index-read.js';
import { JsonFileStore } from '../../src/store/json-file-store.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import { RowFile } from '../../src/store/rows.js';
import { keepIndexes, table, type Position, type ReadTx, type Store, type WriteTx } from '../../src/store/store.js';
import { tempDir } from '../helpers/server.js';

interface Item {
  id: string;
  group: string;
  status: 'open' | 'closed';
  at: number;
}

const items = table<Item>('indexedItems')
  .withFilters({ open: (r) => r.status === 'open' })
  .withOrders({
    byGroup: { group: (r) => r.group, key: (r) => r.at, keepSeq: true },
    byStatus: { group: (r) => `${r.group}|${r.status}`, key: (r) => r.at, keepSeq: true },
    openByGroup: { group: (r) => (r.status === 'open' ? r.group : undefined) },
  });
keepIndexes(items, 'group');

/** A table with string keys, to see entries grow wider than the index holds them. */
const notes = table<{ id: string; title: string }>('indexedNotes').withOrders({ byTitle: { group: () => 'all', key: (r) => r.title, keepSeq: true } });

const tmp = tempDir('gbctl-index-');
afterAll(() => tmp.cleanup());
let n = 0;
const fresh = () => join(tmp.dir, `s${++n}.json`);
const quiet = { warn: () => {} };

/** The state a store's reads run against (to see how its records are read). */
const stateOf = (s: JsonFileStore) => (s as unknown as { view: { state: { file?: unknown } } }).view.state;

type Write = { op: 'put'; id: number; group: number; open: boolean; at: number } | { op: 'delete'; id: number };
const write: fc.Arbitrary<Write> = fc.oneof(
  fc.record({ op: fc.constant('put' as const), id: fc.nat(25), group: fc.nat(2), open: fc.boolean(), at: fc.nat(4) }),
  fc.record({ op: fc.constant('delete' as const), id: fc.nat(25) }),
);

function apply(tx: WriteTx, w: Write): void {
  if (w.op === 'delete') tx.delete(items, `i${w.id}`);
  else tx.put(items, { id: `i${w.id}`, group: `g${w.group}`, status: w.open ? 'open' : 'closed', at: w.at });
}

/** Every page of a list, `limit` at a time. */
async function pages(s: Store, order: 'byGroup' | 'byStatus' | 'openByGroup', groups: string[], limit: number, desc: boolean): Promise<string[]> {
  const out: string[] = [];
  let after: (Position & { g?: string }) | undefined;
  for (let i = 0; i < 100; i++) {
    const p = await s.read((tx) => tx.page(items, order, { groups, limit, desc, after }));
    out.push(...p.rows.map((r) => r.id));
    if (!p.more) return out;
    after = p.last;
  }
  throw new Error('no end');
}

/** What the lists, counts and indexes of a store say, for every group. */
async function lists(s: Store, limit: number, desc: boolean) {
  const out: Record<string, unknown> = {};
  for (const g of ['g0', 'g1', 'g2']) {
    out[`byGroup ${g}`] = await pages(s, 'byGroup', [g], limit, desc);
    out[`byStatus ${g}`] = await pages(s, 'byStatus', [`${g}|open`, `${g}|closed`], limit, desc);
    out[`openByGroup ${g}`] = (await pages(s, 'openByGroup', [g], limit, desc)).sort();
    out[`counts ${g}`] = await s.read((tx: ReadTx) => [
      tx.countWhere(items, 'group', g, 'open'),
      tx.countWhere(items, 'group', g),
      tx.sizeOf(items, 'byGroup', [g]),
    ]);
    out[`ids ${g}`] = await s.read((tx: ReadTx) => [tx.idsWhere(items, 'group', g).sort(), tx.idsWhere(items, 'group', g, 'open').sort()]);
  }
  out.all = await s.read((tx) => tx.all(items).map((r) => r.id));
  return out;
}

describe('the index kept with the snapshot', () => {
  it('gives a store opened afresh the lists, counts and ids of one that made every write, over random writes between compactions', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(write, { maxLength: 40 }),
        fc.array(write, { maxLength: 30 }),
        fc.array(write, { maxLength: 20 }),
        fc.integer({ min: 1, max: 4 }),
        fc.boolean(),
        async (before, after, later, limit, desc) => {
          const path = fresh();
          const live = JsonFileStore.open(path, quiet);
          const mem = new MemoryStore();
          // The live store holds its lists from the start, kept up to date write by write.
          await lists(live, limit, desc);
          for (const w of before) for (const s of [live, mem] as Store[]) await s.write((tx) => apply(tx, w));
          await live.compact();
          for (const w of after) for (const s of [live, mem] as Store[]) await s.write((tx) => apply(tx, w));
          // The second compaction writes the lists from the first's index and the writes since.
          await live.compact();
          for (const w of later) for (const s of [live, mem] as Store[]) await s.write((tx) => apply(tx, w));
          const reopened = JsonFileStore.open(path, quiet);
          expect(stateOf(reopened).file).toBeInstanceOf(IndexedFile);
          const want = await lists(mem, limit, desc);
          expect(await lists(reopened, limit, desc)).toEqual(want);
          expect(await lists(live, limit, desc)).toEqual(want);
          for (const s of [live, reopened, mem]) await s.close();
        },
      ),
      { numRuns: 60 },
    );
  });

  it('reads a page, a count and a record without reading the other records', async () => {
    const path = fresh();
    const s = JsonFileStore.open(path, quiet);
    await s.write((tx) => {
      for (let i = 0; i < 3000; i++) tx.put(items, { id: `i${i}`, group: i < 10 ? 'small' : 'big', status: i % 2 ? 'open' : 'closed', at: i });
    });
    await s.compact();
    await s.close();
    const again = JsonFileStore.open(path, { readOnly: true, ...quiet });
    expect(stateOf(again).file).toBeInstanceOf(IndexedFile);
    const walks = vi.spyOn(IndexedFile.prototype, 'texts');
    expect(await again.read((tx) => tx.page(items, 'byGroup', { groups: ['small'], limit: 3 }).rows.map((r) => r.id))).toEqual(['i0', 'i1', 'i2']);
    expect(await again.read((tx) => tx.page(items, 'byGroup', { groups: ['big'], limit: 2, desc: true }).rows.map((r) => r.id))).toEqual(['i2999', 'i2998']);
    expect(await again.read((tx) => [tx.countWhere(items, 'group', 'big', 'open'), tx.sizeOf(items, 'byGroup', ['big']), tx.count(items)])).toEqual([
      1495, 2990, 3000,
    ]);
    expect(await again.read((tx) => tx.get(items, 'i5')?.status)).toBe('open');
    expect(walks).not.toHaveBeenCalled();
    // A list the index does not keep is made by a walk of the table.
    expect(await again.read((tx) => tx.where(items, 'status', 'open').length)).toBe(1500);
    expect(walks).toHaveBeenCalledTimes(1);
    walks.mockRestore();
    await again.close();
  });

  it('is written for a store written before there was one (or copied), which then opens through it', async () => {
    const path = fresh();
    const s = JsonFileStore.open(path, quiet);
    await s.write((tx) => {
      for (let i = 0; i < 50; i++) tx.put(items, { id: `i${i}`, group: `g${i % 3}`, status: 'open', at: i });
    });
    await s.compact();
    await s.write((tx) => tx.put(items, { id: 'late', group: 'g0', status: 'open', at: 99 }));
    await s.close();
    const snapshot = readFileSync(path);
    // What gbctl wrote before keeping an index: the same snapshot and journal, no index beside them.
    rmSync(`${path}.index`);
    const old = JsonFileStore.open(path, { readOnly: true, ...quiet });
    expect(stateOf(old).file).toBeInstanceOf(RowFile);
    const want = await lists(old, 7, false);
    await old.close();
    expect(existsSync(`${path}.index`)).toBe(false);
    const writer = JsonFileStore.open(path, quiet);
    expect(await lists(writer, 7, false)).toEqual(want);
    await writer.close();
    expect(readFileSync(path).equals(snapshot)).toBe(true);
    const next = JsonFileStore.open(path, quiet);
    expect(stateOf(next).file).toBeInstanceOf(IndexedFile);
    expect(await lists(next, 7, false)).toEqual(want);
    expect(await next.read((tx) => tx.page(items, 'byGroup', { groups: ['g0'], limit: 100, desc: true }).rows[0]?.id)).toBe('late');
    await next.close();
  });

  it('copies a list no one asked for since, and widens entries that grew, when compacted again', async () => {
    const path = fresh();
    const first = JsonFileStore.open(path, quiet);
    await first.write((tx) => {
      for (let i = 0; i < 40; i++) tx.put(items, { id: `i${i}`, group: 'g0', status: i % 3 ? 'open' : 'closed', at: i % 5 });
      for (let i = 0; i < 5; i++) tx.put(notes, { id: `n${i}`, title: `t${i}` });
    });
    // Lists made on first use (of a field no table keeps): the index keeps them too.
    const asked = (tx: ReadTx) => [tx.countWhere(items, 'at', 3, 'open'), tx.idsWhere(items, 'at', 3, 'open').sort()];
    const want = await first.read(asked);
    await first.compact();
    await first.close();
    // Another process writes to the other table only, with longer ids and keys, and compacts:
    // the lists it never asked for are copied from the index as they are.
    const second = JsonFileStore.open(path, quiet);
    await second.write((tx) => {
      tx.put(notes, { id: 'a-much-longer-note-id', title: 'a title longer than any before it' });
      tx.put(notes, { id: 'n9', title: 't25' });
    });
    await second.compact();
    await second.close();
    const third = JsonFileStore.open(path, { readOnly: true, ...quiet });
    const file = stateOf(third).file as IndexedFile;
    expect(file).toBeInstanceOf(IndexedFile);
    expect(file.list('indexedItems', 'count:at:open')).toBeDefined();
    expect(file.list('indexedItems', 'filter:at:open')).toBeDefined();
    const walks = vi.spyOn(IndexedFile.prototype, 'texts');
    expect(await third.read(asked)).toEqual(want);
    expect(await third.read((tx) => tx.page(notes, 'byTitle', { groups: ['all'], limit: 10 }).rows.map((r) => r.id))).toEqual([
      'a-much-longer-note-id',
      'n0',
      'n1',
      'n2',
      'n9',
      'n3',
      'n4',
    ]);
    expect(walks).not.toHaveBeenCalled();
    walks.mockRestore();
    await third.close();
  });

  it('is not used for a snapshot it was not written for', async () => {
    const path = fresh();
    const s = JsonFileStore.open(path, quiet);
    await s.write((tx) => tx.put(items, { id: 'a', group: 'g0', status: 'open', at: 1 }));
    await s.compact();
    const stale = readFileSync(`${path}.index`);
    await s.write((tx) => tx.put(items, { id: 'b', group: 'g0', status: 'open', at: 2 }));
    await s.compact();
    await s.close();
    writeFileSync(`${path}.index`, stale);
    const again = JsonFileStore.open(path, { readOnly: true, ...quiet });
    expect(stateOf(again).file).toBeInstanceOf(RowFile);
    expect(await again.read((tx) => tx.page(items, 'byGroup', { groups: ['g0'], limit: 5 }).rows.map((r) => r.id))).toEqual(['a', 'b']);
    await again.close();
  });
});
