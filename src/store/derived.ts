import type { Row } from './store.js';

/** Ids by the value of one field, each group in insertion order. */
export type Index = Map<unknown, Set<string>>;

/** A function over records, made once, that selects the ones a count or filtered index keeps. */
export type Test = (row: Row) => boolean;

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
 * What a state keeps beside its records, built on first use and kept up to date by every write:
 * indexes by field, counts by field of records passing a test, and ids by field of records
 * passing a test. It stays right across a compaction, which changes no record.
 */
export class Derived {
  private indexes = new Map<string, Map<string, Index>>();
  private counters = new Map<string, Counter[]>();
  private filtered = new Map<string, Filtered[]>();

  /** Whether writes to `table` have anything here to bring up to date. */
  follows(table: string): boolean {
    return this.indexes.has(table) || this.counters.has(table) || this.filtered.has(table);
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

  count(table: string, f: string, test: Test, walk: Walk): Map<unknown, number> {
    let list = this.counters.get(table);
    if (!list) this.counters.set(table, (list = []));
    let c = list.find((x) => x.field === f && x.test === test);
    if (!c) {
      const built: Counter = { field: f, test, byValue: new Map() };
      walk((_, row) => {
        if (test(row)) bump(built, field(row, f), 1);
      });
      list.push((c = built));
    }
    return c.byValue;
  }

  filter(table: string, f: string, test: Test, walk: Walk): Index {
    let list = this.filtered.get(table);
    if (!list) this.filtered.set(table, (list = []));
    let x = list.find((y) => y.field === f && y.test === test);
    if (!x) {
      const built: Filtered = { field: f, test, ids: new Map() };
      walk((id, row) => {
        if (test(row)) addTo(built.ids, field(row, f), id);
      });
      list.push((x = built));
    }
    return x.ids;
  }

  /** Brings everything for `table` up to date with one record's change (undefined: absent). */
  update(table: string, id: string, old: Row | undefined, next: Row | undefined): void {
    for (const [f, idx] of this.indexes.get(table) ?? []) {
      move(idx, id, old && { value: field(old, f) }, next && { value: field(next, f) });
    }
    for (const c of this.counters.get(table) ?? []) {
      if (old && c.test(old)) bump(c, field(old, c.field), -1);
      if (next && c.test(next)) bump(c, field(next, c.field), 1);
    }
    for (const x of this.filtered.get(table) ?? []) {
      move(x.ids, id, old && x.test(old) ? { value: field(old, x.field) } : undefined, next && x.test(next) ? { value: field(next, x.field) } : undefined);
    }
  }
}
