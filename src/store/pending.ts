import { field, type Test } from './record-indexes.js';
import type { Row } from './store.js';

/**
 * What one transaction wrote to one table, with what its reads need kept as it goes: how the
 * table's size and each count asked for have moved, and which ids it touched per field value.
 * Each is started on first use and then brought up to date by every write, so a transaction of
 * N writes that counts after each one stays linear in N.
 */
export class PendingTable {
  /** The record each id has now: null when deleted. */
  readonly rows = new Map<string, Row | null>();
  /** How many more (or fewer) records the table has than before the transaction. */
  sizeDelta = 0;
  private readonly deltas = new Map<string, { f: string; test: Test | undefined; byValue: Map<unknown, number> }>();
  private readonly touched = new Map<string, Map<unknown, Set<string>>>();

  constructor(private readonly base: (id: string) => Row | undefined) {}

  /** The record `id` has now, pending or not. */
  current(id: string): Row | undefined {
    return this.rows.has(id) ? (this.rows.get(id) ?? undefined) : this.base(id);
  }

  write(id: string, next: Row | null): void {
    const tracked = this.deltas.size > 0 || this.touched.size > 0;
    const existed = this.rows.has(id) ? this.rows.get(id) !== null : this.base(id) !== undefined;
    const old = tracked ? this.current(id) : undefined;
    this.rows.set(id, next);
    this.sizeDelta += (next ? 1 : 0) - (existed ? 1 : 0);
    for (const d of this.deltas.values()) {
      if (old && (!d.test || d.test(old))) bumpBy(d.byValue, field(old, d.f), -1);
      if (next && (!d.test || d.test(next))) bumpBy(d.byValue, field(next, d.f), 1);
    }
    for (const [f, idx] of this.touched) {
      if (old) touch(idx, field(old, f), id);
      if (next) touch(idx, field(next, f), id);
    }
  }

  /** How far the count of (`f` = value, passing `test`) has moved, by value. */
  countDelta(f: string, filterName: string, test: Test | undefined): Map<unknown, number> {
    const key = `${f}\u0000${filterName}`;
    let d = this.deltas.get(key);
    if (!d) {
      d = { f, test, byValue: new Map() };
      for (const [id, next] of this.rows) {
        const old = this.base(id);
        if (old && (!test || test(old))) bumpBy(d.byValue, field(old, f), -1);
        if (next && (!test || test(next))) bumpBy(d.byValue, field(next, f), 1);
      }
      this.deltas.set(key, d);
    }
    return d.byValue;
  }

  /** The ids written whose record had or has `value` in `f`: the only ones a group can have gained or lost. */
  touchedWith(f: string, value: unknown): ReadonlySet<string> | undefined {
    let idx = this.touched.get(f);
    if (!idx) {
      idx = new Map();
      for (const [id, next] of this.rows) {
        const old = this.base(id);
        if (old) touch(idx, field(old, f), id);
        if (next) touch(idx, field(next, f), id);
      }
      this.touched.set(f, idx);
    }
    return idx.get(value);
  }
}

function bumpBy(m: Map<unknown, number>, value: unknown, by: number): void {
  m.set(value, (m.get(value) ?? 0) + by);
}

function touch(idx: Map<unknown, Set<string>>, value: unknown, id: string): void {
  let s = idx.get(value);
  if (!s) idx.set(value, (s = new Set()));
  s.add(id);
}
