import { field, type NamedTest, type Test } from './derived.js';
import type { Cell, State } from './state.js';
import type { Op, ReadTx, Row, Table, WriteTx } from './store.js';

/** The filter `name` as declared with table `t`; a caller the compiler did not check may name none. */
function declared<T extends Row, F extends string>(t: Table<T, F>, name: F): NamedTest {
  const test = t.filters && Object.hasOwn(t.filters, name) ? (t.filters[name] as Test) : undefined;
  if (typeof test !== 'function') throw new Error(`the table ${t.name} declares no filter "${name}"`);
  return { name, test };
}

/** A transaction: reads see its own pending writes, which reach the state only on commit. */
export class Tx implements WriteTx, ReadTx {
  private pending = new Map<string, Map<string, Row | null>>();
  readonly ops: Op[] = [];

  constructor(private state: State) {}

  get<T extends Row>(t: Table<T>, id: string): T | undefined {
    const p = this.pending.get(t.name);
    if (p?.has(id)) return (p.get(id) ?? undefined) as T | undefined;
    const cell = this.state.table(t.name).get(id);
    return cell === undefined ? undefined : (this.state.row(cell) as T);
  }

  all<T extends Row>(t: Table<T>): T[] {
    const base = this.state.table(t.name);
    const p = this.pending.get(t.name);
    if (!p) return this.state.rows([...base.values()]) as T[];
    const out: Cell[] = [];
    for (const [id, cell] of base) {
      if (!p.has(id)) out.push(cell);
      else if (p.get(id)) out.push(p.get(id) as Row);
    }
    for (const [id, row] of p) if (row && !base.has(id)) out.push(row);
    return this.state.rows(out) as T[];
  }

  /**
   * Index order, O(matches + pending rows): rows this transaction replaced keep their place,
   * rows it added or moved into the group come last, as they will once committed.
   */
  where<T extends Row, K extends keyof T & string>(t: Table<T>, f: K, value: T[K]): T[] {
    const base = this.state.table(t.name);
    const p = this.pending.get(t.name);
    return this.state.rows(this.idsWhere(t, f, value).map((id) => (p?.get(id) ?? base.get(id)) as Cell)) as T[];
  }

  idsWhere<T extends Row, F extends string, K extends keyof T & string>(t: Table<T, F>, f: K, value: T[K], filter?: NoInfer<F> | ((row: T) => boolean)): string[] {
    if (typeof filter === 'function') return this.where(t, f, value).flatMap((row) => (filter(row) ? [row.id] : []));
    const named = filter === undefined ? undefined : declared(t, filter);
    const pass = named?.test;
    const ids = (named ? this.state.filtered(t.name, f, named) : this.state.index(t.name, f)).get(value);
    const p = this.pending.get(t.name);
    const keeps = (row: Row | null | undefined) => !!row && field(row, f) === value && (!pass || pass(row));
    const out: string[] = [];
    if (ids) for (const id of ids) if (!p?.has(id) || keeps(p.get(id))) out.push(id);
    if (p) for (const [id, row] of p) if (keeps(row) && !ids?.has(id)) out.push(id);
    return out;
  }

  count<T extends Row>(t: Table<T>): number {
    const base = this.state.table(t.name);
    const p = this.pending.get(t.name);
    if (!p) return base.size;
    let n = base.size;
    for (const [id, row] of p) {
      if (row && !base.has(id)) n++;
      else if (!row && base.has(id)) n--;
    }
    return n;
  }

  countWhere<T extends Row, F extends string, K extends keyof T & string>(t: Table<T, F>, f: K, value: T[K], filter?: NoInfer<F> | ((row: T) => boolean)): number {
    if (typeof filter === 'function') return this.where(t, f, value).filter(filter).length;
    const named = filter === undefined ? undefined : declared(t, filter);
    const pass = named?.test;
    let n = named ? (this.state.counts(t.name, f, named).get(value) ?? 0) : (this.state.index(t.name, f).get(value)?.size ?? 0);
    const p = this.pending.get(t.name);
    if (p) {
      const base = this.state.table(t.name);
      const counts = (row: Row | null | undefined) => !!row && field(row, f) === value && (!pass || pass(row));
      for (const [id, row] of p) {
        const cell = base.get(id);
        if (counts(cell === undefined ? undefined : this.state.row(cell))) n--;
        if (counts(row)) n++;
      }
    }
    return n;
  }

  put<T extends Row>(t: Table<T>, row: T): T {
    const frozen = Object.freeze({ ...row });
    this.pendingFor(t.name).set(row.id, frozen);
    this.ops.push({ op: 'put', table: t.name, row: frozen });
    return frozen;
  }

  delete<T extends Row>(t: Table<T>, id: string): boolean {
    const existed = this.get(t, id) !== undefined;
    if (existed) {
      this.pendingFor(t.name).set(id, null);
      this.ops.push({ op: 'delete', table: t.name, id });
    }
    return existed;
  }

  private pendingFor(name: string): Map<string, Row | null> {
    let p = this.pending.get(name);
    if (!p) this.pending.set(name, (p = new Map()));
    return p;
  }
}
