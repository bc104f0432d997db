import type { Dump, Op, ReadTx, Row, Table, WriteTx } from './store.js';

type Index = Map<unknown, Set<string>>;

/** The in-memory dataset: tables in insertion order, with per-field indexes built on first use. */
export class State {
  private tables = new Map<string, Map<string, Row>>();
  private indexes = new Map<string, Map<string, Index>>();

  static fromDump(dump: Dump): State {
    const s = new State();
    for (const [name, rows] of Object.entries(dump.tables)) {
      const t = s.table(name);
      for (const row of rows) t.set(row.id, Object.freeze(row));
    }
    return s;
  }

  dump(): Dump {
    const tables: Record<string, Row[]> = {};
    for (const [name, rows] of this.tables) if (rows.size) tables[name] = [...rows.values()];
    return { tables };
  }

  table(name: string): Map<string, Row> {
    let t = this.tables.get(name);
    if (!t) this.tables.set(name, (t = new Map()));
    return t;
  }

  tableNames(): string[] {
    return [...this.tables.keys()];
  }

  index(name: string, f: string): Index {
    let byField = this.indexes.get(name);
    if (!byField) this.indexes.set(name, (byField = new Map()));
    let idx = byField.get(f);
    if (!idx) {
      idx = new Map();
      for (const row of this.table(name).values()) addTo(idx, field(row, f), row.id);
      byField.set(f, idx);
    }
    return idx;
  }

  apply(ops: Op[]): void {
    for (const op of ops) {
      const t = this.table(op.table);
      const old = t.get(op.op === 'put' ? op.row.id : op.id);
      const byField = this.indexes.get(op.table);
      if (op.op === 'put') {
        // A replaced record keeps its place, as Map.set does, and in each index whose value it keeps.
        t.set(op.row.id, Object.freeze(op.row));
        if (byField) {
          for (const [f, idx] of byField) {
            const before = old ? field(old, f) : undefined;
            const after = field(op.row, f);
            if (old && before === after) continue;
            if (old) removeFrom(idx, before, old.id);
            addTo(idx, after, op.row.id);
          }
        }
      } else if (old) {
        t.delete(op.id);
        if (byField) for (const [f, idx] of byField) removeFrom(idx, field(old, f), old.id);
      }
    }
  }

  begin(): Tx {
    return new Tx(this);
  }
}

function field(row: Row, name: string): unknown {
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

/** A transaction: reads see its own pending writes, which reach the state only on commit. */
export class Tx implements WriteTx, ReadTx {
  private pending = new Map<string, Map<string, Row | null>>();
  readonly ops: Op[] = [];

  constructor(private state: State) {}

  get<T extends Row>(t: Table<T>, id: string): T | undefined {
    const p = this.pending.get(t.name);
    if (p?.has(id)) return (p.get(id) ?? undefined) as T | undefined;
    return this.state.table(t.name).get(id) as T | undefined;
  }

  all<T extends Row>(t: Table<T>): T[] {
    const base = this.state.table(t.name);
    const p = this.pending.get(t.name);
    if (!p) return [...base.values()] as T[];
    const out: Row[] = [];
    for (const [id, row] of base) {
      if (!p.has(id)) out.push(row);
      else if (p.get(id)) out.push(p.get(id) as Row);
    }
    for (const [id, row] of p) if (row && !base.has(id)) out.push(row);
    return out as T[];
  }

  /**
   * Index order, O(matches + pending rows): rows this transaction replaced keep their place,
   * rows it added or moved into the group come last, as they will once committed.
   */
  where<T extends Row, K extends keyof T & string>(t: Table<T>, f: K, value: T[K]): T[] {
    const base = this.state.table(t.name);
    const ids = this.state.index(t.name, f).get(value);
    const p = this.pending.get(t.name);
    const out: T[] = [];
    if (ids) {
      for (const id of ids) {
        if (!p?.has(id)) out.push(base.get(id) as T);
        else {
          const row = p.get(id);
          if (row && field(row, f) === value) out.push(row as T);
        }
      }
    }
    if (p) for (const [id, row] of p) if (row && field(row, f) === value && !ids?.has(id)) out.push(row as T);
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
