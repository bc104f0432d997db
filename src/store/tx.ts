import { field, type NamedTest, type Test } from './record-indexes.js';
import { compare, groupsOf, keyOf, mergeLists, OrderedIds, type NamedOrder, type Order, type OrderIndex } from './ordered.js';
import type { Position } from './types.js';
import { countOf, pageOf, rankOf, type Source } from './paging.js';
import { PendingTable } from './pending.js';
import type { State } from './state.js';
import type { Op, OrderedPage, OrderedQuery, ReadTx, Row, Table, WriteTx } from './store.js';
import { frozenCopy } from './frozen.js';

/**
 * A table's declarations as named objects, made once per table and name: the state finds the
 * lists it holds by these objects first, and one made afresh for each read would send every
 * lookup to the slower search by key.
 */
const namedTests = new WeakMap<object, Map<string, NamedTest>>();
const namedOrders = new WeakMap<object, Map<string, NamedOrder>>();

function once<N>(by: WeakMap<object, Map<string, N>>, t: object, name: string, make: () => N): N {
  let byName = by.get(t);
  const known = byName?.get(name);
  if (known) return known;
  const made = make();
  if (!byName) by.set(t, (byName = new Map()));
  byName.set(name, made);
  return made;
}

/** The filter `name` as declared with table `t`; a caller the compiler did not check may name none. */
function declared<T extends Row, F extends string>(t: Table<T, F>, name: F): NamedTest {
  return once(namedTests, t, name, () => {
    const test = t.filters && Object.hasOwn(t.filters, name) ? (t.filters[name] as Test) : undefined;
    if (typeof test !== 'function') throw new Error(`the table ${t.name} declares no filter "${name}"`);
    return { name, test };
  });
}

function declaredOrder<T extends Row, F extends string, O extends string>(t: Table<T, F, O>, name: O): NamedOrder {
  return once(namedOrders, t, name, () => {
    const order = t.orders && Object.hasOwn(t.orders, name) ? (t.orders[name] as Order<Row>) : undefined;
    if (!order || typeof order.group !== 'function') throw new Error(`the table ${t.name} declares no order "${name}"`);
    return { name, order };
  });
}

/** Each group narrowed to the records of `ids` it lists, in its order (OrderedQuery.ids). */
function narrowed(sources: Source[], ids: readonly string[] | undefined): Source[] {
  if (!ids) return sources;
  const once = [...new Set(ids)];
  return sources.map((src) => {
    const entries = once.flatMap((id) => src.position(id) ?? []).sort(compare);
    const byId = new Map(entries.map((e) => [e.id, e]));
    return {
      g: src.g,
      rank: src.rank,
      lists: [{ length: entries.length, at: (i: number) => entries[i] as Position }],
      size: entries.length,
      position: (id: string) => byId.get(id),
    };
  });
}

/** A transaction: reads see its own pending writes, which reach the state only on commit. */
export class Tx implements WriteTx, ReadTx {
  private pending = new Map<string, PendingTable>();
  readonly ops: Op[] = [];

  constructor(private state: State) {}

  private baseRow(name: string, id: string): Row | undefined {
    return this.state.get(name, id);
  }

  get<T extends Row>(t: Table<T>, id: string): T | undefined {
    const p = this.pending.get(t.name);
    if (p?.rows.has(id)) return (p.rows.get(id) ?? undefined) as T | undefined;
    return this.baseRow(t.name, id) as T | undefined;
  }

  getMany<T extends Row>(t: Table<T>, ids: readonly string[]): (T | undefined)[] {
    const p = this.pending.get(t.name)?.rows;
    if (!p) return this.state.getMany(t.name, ids) as (T | undefined)[];
    // This transaction's own writes answer for their ids; the others are still read together.
    const rest = ids.filter((id) => !p.has(id));
    const read = rest.length ? this.state.getMany(t.name, rest) : [];
    let at = 0;
    return ids.map((id) => (p.has(id) ? (p.get(id) ?? undefined) : read[at++]) as T | undefined);
  }

  all<T extends Row>(t: Table<T>): T[] {
    const p = this.pending.get(t.name)?.rows;
    if (!p) return this.state.all(t.name) as T[];
    const out: Row[] = [];
    this.state.each(t.name, (id, row) => {
      if (!p.has(id)) out.push(row);
      else if (p.get(id)) out.push(p.get(id) as Row);
    });
    for (const [id, row] of p) if (row && !this.state.has(t.name, id)) out.push(row);
    return out as T[];
  }

  /**
   * Index order, O(matches + pending rows of the group): rows this transaction replaced keep
   * their place, rows it added or moved into the group come last, as they will once committed.
   */
  where<T extends Row, K extends keyof T & string>(t: Table<T>, f: K, value: T[K]): T[] {
    return this.read(t, this.idsWhere(t, f, value));
  }

  idsWhere<T extends Row, F extends string, K extends keyof T & string>(
    t: Table<T, F>,
    f: K,
    value: T[K],
    filter?: NoInfer<F> | ((row: T) => boolean),
  ): string[] {
    if (typeof filter === 'function') return this.where(t, f, value).flatMap((row) => (filter(row) ? [row.id] : []));
    const named = filter === undefined ? undefined : declared(t, filter);
    const pass = named?.test;
    const ids = (named ? this.state.filtered(t.name, f, named) : this.state.index(t.name, f)).get(value);
    const p = this.pending.get(t.name);
    if (!p) return ids ? [...ids] : [];
    const keeps = (row: Row | null | undefined) => !!row && field(row, f) === value && (!pass || pass(row));
    const out: string[] = [];
    if (ids) for (const id of ids) if (!p.rows.has(id) || keeps(p.rows.get(id))) out.push(id);
    for (const id of p.touchedWith(f, value) ?? []) if (keeps(p.rows.get(id)) && !ids?.has(id)) out.push(id);
    return out;
  }

  count<T extends Row>(t: Table<T>): number {
    return this.state.size(t.name) + (this.pending.get(t.name)?.sizeDelta ?? 0);
  }

  countWhere<T extends Row, F extends string, K extends keyof T & string>(
    t: Table<T, F>,
    f: K,
    value: T[K],
    filter?: NoInfer<F> | ((row: T) => boolean),
  ): number {
    if (typeof filter === 'function') return this.where(t, f, value).filter(filter).length;
    const named = filter === undefined ? undefined : declared(t, filter);
    const n = named ? this.state.counts(t.name, f, named).get(value) : this.state.index(t.name, f).size(value);
    const p = this.pending.get(t.name);
    return p ? n + (p.countDelta(f, named?.name ?? '', named?.test).get(value) ?? 0) : n;
  }

  page<T extends Row, F extends string, O extends string>(t: Table<T, F, O>, order: NoInfer<O>, q: OrderedQuery<T>): OrderedPage<T> {
    const sources = narrowed(this.sources(t, order, q.groups, q.ranks), q.ids);
    const after = q.after && this.refreshed(sources, q.after);
    return pageOf(sources, q, rankOf(sources, after), (ids) => this.read(t, ids));
  }

  sizeOf<T extends Row, F extends string, O extends string>(
    t: Table<T, F, O>,
    order: NoInfer<O>,
    groups: readonly string[],
    test?: (row: T) => boolean,
    ids?: readonly string[],
  ): number {
    const sources = narrowed(this.sources(t, order, groups), ids);
    if (test) return countOf(sources, test, (ids) => this.read(t, ids));
    return sources.reduce((n, s) => n + s.size, 0);
  }

  memo<T extends Row, V>(t: Table<T>, id: string, make: (row: T) => V, keep: number): V | undefined {
    const p = this.pending.get(t.name);
    // A record this transaction wrote is worked out afresh: it is kept only once committed.
    if (p?.rows.has(id)) {
      const row = p.rows.get(id);
      return row ? make(row as T) : undefined;
    }
    const kept = this.state.indexes.memos.memo(t.name, id) as { v: V } | undefined;
    if (kept) return kept.v;
    const row = this.state.get(t.name, id);
    if (row === undefined) return undefined;
    const v = make(row as T);
    this.state.indexes.memos.remember(t.name, id, { v }, keep);
    return v;
  }

  /** Records by id, read in batches from the state where this transaction did not write them. */
  private read<T extends Row>(t: Table<T>, ids: string[]): T[] {
    const p = this.pending.get(t.name)?.rows;
    if (!p) return this.state.getMany(t.name, ids) as T[];
    return ids.map((id) => (p.get(id) ?? this.state.get(t.name, id)) as T);
  }

  /**
   * A cursor's position as it stands now when its record is still listed: it may have moved since.
   * A cursor naming none of the list's groups was given by another list (one a previous version
   * kept for the same query, numbered its own way): its record is looked for in every group.
   */
  private refreshed(sources: readonly Source[], after: Position & { g?: string | undefined }): Position & { g?: string | undefined } {
    const own = sources.find((s) => s.g === after.g);
    for (const src of own ? [own] : sources) {
      const now = src.position(after.id);
      if (now) return { ...now, g: src.g };
    }
    return after;
  }

  /** The groups of an ordered list, with this transaction's writes to the table merged in. */
  private sources<T extends Row, F extends string, O extends string>(
    t: Table<T, F, O>,
    order: O,
    groups: readonly string[],
    ranks?: readonly number[],
  ): Source[] {
    const named = declaredOrder(t, order);
    const idx = this.state.ordered(t.name, named);
    const p = this.pending.get(t.name);
    return groups.map((g, i) => {
      const rank = ranks?.[i] ?? i;
      if (!p) return { g, rank, lists: idx.lists(g), size: idx.size(g), position: (id: string) => idx.position(g, id) };
      const ids = withPending(idx, g, p, named.order);
      return { g, rank, lists: [ids], size: ids.size, position: (id: string) => ids.get(id) };
    });
  }

  put<T extends Row>(t: Table<T>, row: T): T {
    const frozen = frozenCopy<T>(row);
    this.pendingFor(t.name).write(row.id, frozen);
    this.ops.push({ op: 'put', table: t.name, row: frozen });
    return frozen;
  }

  delete<T extends Row>(t: Table<T>, id: string): boolean {
    const existed = this.get(t, id) !== undefined;
    if (existed) {
      this.pendingFor(t.name).write(id, null);
      this.ops.push({ op: 'delete', table: t.name, id });
    }
    return existed;
  }

  private pendingFor(name: string): PendingTable {
    let p = this.pending.get(name);
    if (!p) this.pending.set(name, (p = new PendingTable((id) => this.baseRow(name, id))));
    return p;
  }
}

/**
 * One group as it will be once the transaction commits (see OrderIndex.update): O(group), for
 * the rare list read inside a transaction that wrote to the same table.
 */
function withPending(idx: OrderIndex, g: string, p: PendingTable, order: Order<Row>): OrderedIds {
  const out = new OrderedIds();
  for (const e of mergeLists(idx.lists(g))) if (!p.rows.has(e.id)) out.add(e);
  let seq = idx.nextSeq;
  for (const [id, row] of p.rows) {
    if (!row || !groupsOf(order, row).includes(g)) continue;
    const was = idx.position(g, id);
    const k = keyOf(order, row);
    out.add(was && was.k === k ? was : { k, s: idx.keptSeq(id) ?? seq++, id });
  }
  return out;
}
