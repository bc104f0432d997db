import { OrderIndex, type NamedOrder } from './ordered.js';
import type { Row } from './store.js';

/** Ids by the value of one field, each group in insertion order. */
export type Index = Map<unknown, Set<string>>;

/** A function over records that selects the ones a count or filtered index keeps. */
export type Test = (row: Row) => boolean;

/** A filter declared with its table: its name, unique within the table, and its test. */
export interface NamedTest {
  name: string;
  test: Test;
}

/** Walks a table: each record with its id (the table's own id string). */
export type Walk = (fn: (id: string, row: Row) => void) => void;

interface Counter {
  field: string;
  test: Test;
  byValue: Map<unknown, number>;
}

interface Filtered {
  field: string;
  test: Test;
  ids: Index;
}

/** Counters or filtered indexes by table, then by field and filter name. */
type ByFilter<X> = Map<string, Map<string, X>>;

export function field(row: Row, name: string): unknown {
  return (row as unknown as Record<string, unknown>)[name];
}

function addTo(idx: Index, value: unknown, id: string): void {
  let s = idx.get(value);
  if (!s) idx.set(value, (s = new Set()));
  s.add(id);
}

function removeFrom(idx: Index, value: unknown, id: string): void {
  const s = idx.get(value);
  if (s) {
    s.delete(id);
    if (!s.size) idx.delete(value);
  }
}

function bump(c: Counter, value: unknown, by: number): void {
  const n = (c.byValue.get(value) ?? 0) + by;
  if (n) c.byValue.set(value, n);
  else c.byValue.delete(value);
}

/** Moves `id` within `idx` from `before` to `after` (undefined: not in it); staying put keeps its place. */
function move(idx: Index, id: string, before: { value: unknown } | undefined, after: { value: unknown } | undefined): void {
  if (before && after && before.value === after.value) return;
  if (before) removeFrom(idx, before.value, id);
  if (after) addTo(idx, after.value, id);
}

/**
 * The counter or filtered index of `filter` over `f` in `table`, built by `build` on first use.
 * Two filters of one table under one name would share it and count wrong: refused.
 */
function kept<X extends { test: Test }>(byTable: ByFilter<X>, table: string, f: string, filter: NamedTest, build: () => X): X {
  let byKey = byTable.get(table);
  if (!byKey) byTable.set(table, (byKey = new Map()));
  const key = `${f}\u0000${filter.name}`;
  let x = byKey.get(key);
  if (!x) byKey.set(key, (x = build()));
  else if (x.test !== filter.test) throw new Error(`table ${table} is declared twice with different filters named "${filter.name}"`);
  return x;
}

/**
 * What a state keeps beside its records, built on first use and kept up to date by every write:
 * indexes by field, and by field and named filter (see Table.filters) the counts and ids of the
 * records passing it. Keyed by names, it grows with the filters declared, never with calls. It
 * stays right across a compaction, which changes no record.
 */
export class Derived {
  private indexes = new Map<string, Map<string, Index>>();
  private counters: ByFilter<Counter> = new Map();
  private filtered: ByFilter<Filtered> = new Map();
  private orders = new Map<string, Map<string, OrderIndex>>();
  /** Values worked out from one record each, by table then id, least recently used first. */
  private memos = new Map<string, Map<string, unknown>>();

  /** The value kept for a record, if any; a hit becomes the most recently used. */
  memo(table: string, id: string): unknown {
    const m = this.memos.get(table);
    if (!m?.has(id)) return undefined;
    const v = m.get(id);
    m.delete(id);
    m.set(id, v);
    return v;
  }

  /** Keeps a value worked out from a record, until the record changes, at most `keep` per table. */
  remember(table: string, id: string, value: unknown, keep: number): void {
    let m = this.memos.get(table);
    if (!m) this.memos.set(table, (m = new Map()));
    m.delete(id);
    m.set(id, value);
    while (m.size > keep) m.delete(m.keys().next().value as string);
  }

  /** Forgets what was kept for a record that changed. */
  forget(table: string, id: string): void {
    this.memos.get(table)?.delete(id);
  }

  /** Whether writes to `table` have anything here to bring up to date. */
  follows(table: string): boolean {
    return this.indexes.has(table) || this.counters.has(table) || this.filtered.has(table) || this.orders.has(table);
  }

  /** The ordered lists of `named` over `table`, built on first use by one walk. */
  ordered(table: string, named: NamedOrder, walk: Walk): OrderIndex {
    let byName = this.orders.get(table);
    if (!byName) this.orders.set(table, (byName = new Map()));
    let o = byName.get(named.name);
    if (!o) {
      const built = new OrderIndex(named.order);
      walk((id, row) => built.add(id, row));
      byName.set(named.name, (o = built));
    } else if (o.order.group !== named.order.group || o.order.key !== named.order.key) {
      throw new Error(`table ${table} is declared twice with different orders named "${named.name}"`);
    }
    return o;
  }

  index(table: string, f: string, walk: Walk): Index {
    let byField = this.indexes.get(table);
    if (!byField) this.indexes.set(table, (byField = new Map()));
    let idx = byField.get(f);
    if (!idx) {
      const built: Index = new Map();
      walk((id, row) => addTo(built, field(row, f), id));
      byField.set(f, (idx = built));
    }
    return idx;
  }

  count(table: string, f: string, filter: NamedTest, walk: Walk): Map<unknown, number> {
    const { test } = filter;
    return kept(this.counters, table, f, filter, () => {
      const built: Counter = { field: f, test, byValue: new Map() };
      walk((_, row) => {
        if (test(row)) bump(built, field(row, f), 1);
      });
      return built;
    }).byValue;
  }

  filter(table: string, f: string, filter: NamedTest, walk: Walk): Index {
    const { test } = filter;
    return kept(this.filtered, table, f, filter, () => {
      const built: Filtered = { field: f, test, ids: new Map() };
      walk((id, row) => {
        if (test(row)) addTo(built.ids, field(row, f), id);
      });
      return built;
    }).ids;
  }

  /** How many ordered lists are kept, over all tables. */
  orderCount(): number {
    return [...this.orders.values()].reduce((n, x) => n + x.size, 0);
  }

  /** How many indexes, counters and filtered indexes are kept, over all tables. */
  sizes(): { indexes: number; counters: number; filtered: number } {
    const total = (m: Map<string, Map<string, unknown>>) => [...m.values()].reduce((n, x) => n + x.size, 0);
    return { indexes: total(this.indexes), counters: total(this.counters), filtered: total(this.filtered) };
  }

  /** Brings everything for `table` up to date with one record's change (undefined: absent). */
  update(table: string, id: string, old: Row | undefined, next: Row | undefined): void {
    for (const [f, idx] of this.indexes.get(table) ?? []) {
      move(idx, id, old && { value: field(old, f) }, next && { value: field(next, f) });
    }
    for (const c of this.counters.get(table)?.values() ?? []) {
      if (old && c.test(old)) bump(c, field(old, c.field), -1);
      if (next && c.test(next)) bump(c, field(next, c.field), 1);
    }
    for (const x of this.filtered.get(table)?.values() ?? []) {
      move(x.ids, id, old && x.test(old) ? { value: field(old, x.field) } : undefined, next && x.test(next) ? { value: field(next, x.field) } : undefined);
    }
    for (const o of this.orders.get(table)?.values() ?? []) o.update(id, old, next);
  }
}
