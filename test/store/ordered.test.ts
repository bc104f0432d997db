import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/memory-store.js';
import { Tx } from '../../src/store/tx.js';
import { State } from '../../src/store/state.js';
import { table, type Position, type ReadTx } from '../../src/store/store.js';

interface Note {
  id: string;
  group: string;
  status: 'open' | 'closed';
  at: number;
  tags: string[];
}

const notes = table<Note>('ordered-notes').withOrders({
  byGroup: { group: (n) => n.group, key: (n) => n.at, keepSeq: true },
  byStatus: { group: (n) => `${n.group}|${n.status}`, key: (n) => n.at, keepSeq: true },
  byTag: { group: (n) => n.tags.map((t) => `${n.group}|${t}`), key: (n) => n.at, keepSeq: true },
  joined: { group: (n) => (n.status === 'open' ? n.group : undefined) },
});

type Write = { op: 'put'; id: number; group: number; status: boolean; at: number; tags: number[] } | { op: 'delete'; id: number };

const write: fc.Arbitrary<Write> = fc.oneof(
  fc.record({
    op: fc.constant('put' as const),
    id: fc.nat(30),
    group: fc.nat(2),
    status: fc.boolean(),
    at: fc.nat(5),
    tags: fc.uniqueArray(fc.nat(2), { maxLength: 3 }),
  }),
  fc.record({ op: fc.constant('delete' as const), id: fc.nat(30) }),
);

function apply(tx: { put: Tx['put']; delete: Tx['delete'] }, w: Write): void {
  if (w.op === 'delete') tx.delete(notes, `n${w.id}`);
  else tx.put(notes, { id: `n${w.id}`, group: `g${w.group}`, status: w.status ? 'open' : 'closed', at: w.at, tags: w.tags.map((t) => `t${t}`) });
}

/**
 * The reference: every record in the order the list promises, computed from scratch. `joinedAt`
 * holds, per id, when it first joined (keepSeq) or last joined (a plain index) the list.
 */
function scan(all: Note[], joinedAt: Map<string, number>, pass: (n: Note) => boolean, desc: boolean, keyed: boolean): string[] {
  const sorted = all.filter(pass).sort((a, b) => (keyed && a.at !== b.at ? a.at - b.at : (joinedAt.get(a.id) as number) - (joinedAt.get(b.id) as number)));
  return (desc ? sorted.reverse() : sorted).map((n) => n.id);
}

/** Every page of a list, `limit` at a time, each page read from a fresh transaction. */
function walk(
  read: () => ReadTx,
  order: 'byGroup' | 'byStatus' | 'byTag' | 'joined',
  groups: string[],
  limit: number,
  desc: boolean,
  test?: (n: Note) => boolean,
  ids?: string[],
): string[] {
  const out: string[] = [];
  let after: (Position & { g?: string }) | undefined;
  for (let i = 0; i < 100; i++) {
    const p = read().page(notes, order, { groups, limit, desc, after, test, ids });
    out.push(...p.rows.map((r) => r.id));
    if (!p.more) return out;
    after = p.last;
  }
  throw new Error('no end');
}

describe('ordered lists', () => {
  it('give, page by page, the items a full scan sorts and filters, over random writes', () => {
    fc.assert(
      fc.property(fc.array(fc.array(write, { maxLength: 6 }), { maxLength: 12 }), fc.integer({ min: 1, max: 4 }), fc.boolean(), (txs, limit, desc) => {
        const state = new State();
        // Build the lists before any write, so that they are kept up to date write by write.
        const first = new Tx(state);
        for (const o of ['byGroup', 'byStatus', 'byTag', 'joined'] as const) first.page(notes, o, { groups: ['g0'], limit: 1 });
        const firstJoin = new Map<string, number>();
        const lastJoin = new Map<string, number>();
        let clock = 0;
        for (const ws of txs) {
          const tx = new Tx(state);
          for (const w of ws) {
            const before = tx.get(notes, `n${w.id}`);
            apply(tx, w);
            const after = tx.get(notes, `n${w.id}`);
            const id = `n${w.id}`;
            if (!after) {
              firstJoin.delete(id);
              lastJoin.delete(id);
            } else {
              if (!firstJoin.has(id)) firstJoin.set(id, clock);
              const wasOpen = before?.status === 'open' && before.group === after.group;
              if (!(after.status === 'open' && wasOpen)) lastJoin.set(id, clock);
            }
            clock++;
          }
          state.apply(tx.ops);
        }
        const read = () => new Tx(state);
        const all = read().all(notes);
        for (const g of ['g0', 'g1', 'g2']) {
          expect(walk(read, 'byGroup', [g], limit, desc)).toEqual(scan(all, firstJoin, (n) => n.group === g, desc, true));
          expect(walk(read, 'byStatus', [`${g}|open`], limit, desc)).toEqual(scan(all, firstJoin, (n) => n.group === g && n.status === 'open', desc, true));
          const tagged = (n: Note) => n.group === g && (n.tags.includes('t0') || n.tags.includes('t1'));
          expect(walk(read, 'byTag', [`${g}|t0`, `${g}|t1`], limit, desc)).toEqual(scan(all, firstJoin, tagged, desc, true));
          const closed = (n: Note) => n.status === 'closed';
          expect(walk(read, 'byGroup', [g], limit, desc, closed)).toEqual(scan(all, firstJoin, (n) => n.group === g && closed(n), desc, true));
          expect(read().sizeOf(notes, 'byGroup', [g], closed)).toBe(all.filter((n) => n.group === g && closed(n)).length);
          expect(walk(read, 'joined', [g], limit, desc)).toEqual(scan(all, lastJoin, (n) => n.group === g && n.status === 'open', desc, false));
          // Narrowed to some records, named in no order, twice, or not listed at all.
          const some = new Set(Array.from({ length: 31 }, (_, i) => `n${i}`).filter((_, i) => i % 3 === 0));
          const picked = ['n-none', ...[...some].reverse(), 'n0'];
          expect(walk(read, 'byGroup', [g], limit, desc, undefined, picked)).toEqual(scan(all, firstJoin, (n) => n.group === g && some.has(n.id), desc, true));
          expect(walk(read, 'byTag', [`${g}|t0`, `${g}|t1`], limit, desc, closed, picked)).toEqual(
            scan(all, firstJoin, (n) => tagged(n) && closed(n) && some.has(n.id), desc, true),
          );
          expect(read().sizeOf(notes, 'byGroup', [g], undefined, picked)).toBe(all.filter((n) => n.group === g && some.has(n.id)).length);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('never repeat or skip an item that stays when others are added or removed between page reads', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.nat(40)), { maxLength: 30 }), fc.integer({ min: 1, max: 5 }), fc.boolean(), (between, limit, desc) => {
        const state = State.fromDump({
          tables: { 'ordered-notes': Array.from({ length: 20 }, (_, i) => ({ id: `k${i}`, group: 'g', status: 'open', at: i % 4, tags: [] })) },
        });
        const seen: string[] = [];
        let after: (Position & { g?: string }) | undefined;
        let step = 0;
        for (let i = 0; i < 200; i++) {
          const p = new Tx(state).page(notes, 'byGroup', { groups: ['g'], limit, desc, after });
          seen.push(...p.rows.map((r) => r.id));
          if (!p.more) break;
          after = p.last;
          // Between two page reads: a new item (at any key) or the removal of an added one.
          const w = between[step++];
          if (!w) continue;
          const tx = new Tx(state);
          if (w[0]) tx.put(notes, { id: `x${step}`, group: 'g', status: 'open', at: w[1] % 4, tags: [] });
          else tx.delete(notes, `x${w[1]}`);
          state.apply(tx.ops);
        }
        const kept = seen.filter((id) => id.startsWith('k'));
        expect(new Set(seen).size).toBe(seen.length);
        expect(kept.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `k${i}`).sort());
      }),
      { numRuns: 200 },
    );
  });

  it("see a transaction's own writes", async () => {
    const a: Note = { id: 'a', group: 'g', status: 'open', at: 1, tags: [] };
    const s = new MemoryStore({ tables: { 'ordered-notes': [a] } });
    const ids = await s.write((tx) => {
      tx.put(notes, { id: 'b', group: 'g', status: 'open', at: 0, tags: [] });
      tx.delete(notes, 'a');
      tx.put(notes, { id: 'c', group: 'g', status: 'open', at: 2, tags: [] });
      return tx.page(notes, 'byGroup', { groups: ['g'], limit: 10 }).rows.map((r) => r.id);
    });
    expect(ids).toEqual(['b', 'c']);
    expect((await s.read((tx) => tx.page(notes, 'byGroup', { groups: ['g'], limit: 10 }))).rows.map((r) => r.id)).toEqual(['b', 'c']);
  });

  it('are refused under a name the table does not declare', () => {
    const tx = new Tx(new State());
    // @ts-expect-error: 'nope' is not one of the orders declared with notes
    expect(() => tx.page(notes, 'nope', { groups: ['g'], limit: 1 })).toThrow('declares no order "nope"');
  });

  it('keep a transaction of N creates that counts after each linear in N', async () => {
    const counted = table<Note>('ordered-notes').withFilters({ open: (n) => n.status === 'open' });
    const ops = async (n: number) => {
      const s = new MemoryStore();
      let steps = 0;
      await s.write((tx) => {
        for (let i = 0; i < n; i++) {
          tx.put(counted, { id: `n${i}`, group: 'g', status: 'open', at: i, tags: [] });
          steps += tx.countWhere(counted, 'group', 'g', 'open') === i + 1 ? 1 : 0;
          steps += tx.count(counted) === i + 1 ? 1 : 0;
        }
      });
      return steps;
    };
    // Right answers at every step; the timing is the benchmark's (bench/store.bench.mjs).
    expect(await ops(500)).toBe(1000);
  });
});
