import type { Base } from './base.js';
import { runSteps } from './files.js';
import { RecordIndexes, type Counts, type IdGroups, type NamedTest, type Origin, type EachRecord } from './record-indexes.js';
import type { NamedOrder, OrderIndex } from './ordered.js';
import { table, type Dump, type Op, type Row, type WriteTx } from './store.js';

/** Records added since the snapshot given as one step of a table's text (see textSteps). */
const ADDED_STEP = 2048;

/** What changed in one table since the snapshot (the base). */
interface TableDelta {
  /** Records of the base replaced, each keeping its place. */
  changed: Map<string, Row>;
  /** Records of the base deleted; one put again is in `added` too, and listed last. */
  removed: Set<string>;
  /** Records the base does not hold (or deleted and put again), in the order they came. */
  added: Map<string, Row>;
}

/**
 * The dataset: the records of a snapshot (the base), left in its file and read when asked for,
 * and the records written since, held in memory. Tables list their records in insertion order (a
 * replaced record keeps its place). The lists derived from the records (record-indexes.ts) are read from
 * the index kept with the snapshot when it has them.
 */
export class State {
  private readonly deltas = new Map<string, TableDelta>();

  constructor(
    readonly file?: Base,
    /** Lists derived from the records; kept across a rebase only for values worked out from records (memos). */
    readonly indexes = new RecordIndexes(),
  ) {}

  /** The same data read from `file`, a snapshot just written of it. */
  rebase(file: Base): State {
    return new State(file, new RecordIndexes(this.indexes.memos));
  }

  static fromDump(dump: Dump): State {
    const s = new State();
    for (const [name, rows] of Object.entries(dump.tables)) {
      const d = s.delta(name);
      for (const row of rows) d.added.set(row.id, Object.freeze(row));
    }
    return s;
  }

  dump(): Dump {
    const tables: Record<string, Row[]> = {};
    for (const name of this.tableNames()) if (this.size(name)) tables[name] = this.all(name);
    return { tables };
  }

  private delta(name: string): TableDelta {
    let d = this.deltas.get(name);
    if (!d) this.deltas.set(name, (d = { changed: new Map(), removed: new Set(), added: new Map() }));
    return d;
  }

  tableNames(): string[] {
    const names = this.file?.names() ?? [];
    const seen = new Set(names);
    for (const n of this.deltas.keys()) if (!seen.has(n)) names.push(n);
    return names;
  }

  size(name: string): number {
    const d = this.deltas.get(name);
    return (this.file?.size(name) ?? 0) - (d?.removed.size ?? 0) + (d?.added.size ?? 0);
  }

  get(name: string, id: string): Row | undefined {
    const d = this.deltas.get(name);
    if (d) {
      const a = d.added.get(id);
      if (a || d.removed.has(id)) return a;
      const c = d.changed.get(id);
      if (c) return c;
    }
    return this.file?.row(name, id);
  }

  /** The records of many ids, in order (undefined where absent): those of the snapshot read together. */
  getMany(name: string, ids: readonly string[]): (Row | undefined)[] {
    const d = this.deltas.get(name);
    const out = new Array<Row | undefined>(ids.length);
    const fromFile: string[] = [];
    const at: number[] = [];
    ids.forEach((id, k) => {
      if (d && (d.added.has(id) || d.removed.has(id) || d.changed.has(id))) out[k] = d.added.get(id) ?? (d.removed.has(id) ? undefined : d.changed.get(id));
      else {
        fromFile.push(id);
        at.push(k);
      }
    });
    if (this.file && fromFile.length) this.file.rows(name, fromFile).forEach((row, i) => (out[at[i] as number] = row));
    return out;
  }

  has(name: string, id: string): boolean {
    const d = this.deltas.get(name);
    if (d && (d.added.has(id) || d.removed.has(id) || d.changed.has(id))) return d.added.has(id) || !d.removed.has(id);
    return !!this.file?.has(name, id);
  }

  /** Every record of a table, in order, with its id. */
  each(name: string, fn: (id: string, row: Row) => void): void {
    const d = this.deltas.get(name);
    this.file?.walk(name, (id, row) => {
      if (d?.removed.has(id)) return;
      fn(id, d?.changed.get(id) ?? row);
    });
    for (const [id, row] of d?.added ?? []) fn(id, row);
  }

  all(name: string): Row[] {
    const out: Row[] = [];
    this.each(name, (_, row) => out.push(row));
    return out;
  }

  /** The JSON text of every record of a table, in order: as stored, for those unchanged since the snapshot. */
  eachText(name: string, fn: (id: string, text: Buffer) => void): void {
    runSteps(this.textSteps(name, fn));
  }

  /** The same as steps (see runStepsPaced): a piece of the file's records, or of those added, each. */
  *textSteps(name: string, fn: (id: string, text: Buffer) => void): Generator<void, void> {
    const d = this.deltas.get(name);
    if (this.file) {
      yield* this.file.textSteps(name, (id, text) => {
        if (d?.removed.has(id)) return;
        const c = d?.changed.get(id);
        fn(id, c ? Buffer.from(JSON.stringify(c)) : text);
      });
    }
    let n = 0;
    for (const [id, row] of d?.added ?? []) {
      fn(id, Buffer.from(JSON.stringify(row)));
      if (++n % ADDED_STEP === 0) yield;
    }
  }

  /** Whether a table changed since the snapshot. */
  changed(name: string): boolean {
    const d = this.deltas.get(name);
    return !!d && (d.changed.size > 0 || d.removed.size > 0 || d.added.size > 0);
  }

  /** What a derived list of the table is made from (see Origin). */
  origin(name: string): Origin {
    const walk: EachRecord = (fn) => this.each(name, fn);
    return {
      walk,
      persisted: (key) => this.file?.list(name, key),
      baseRow: (id) => this.file?.row(name, id),
      changes: (fn) => {
        const d = this.deltas.get(name);
        if (!d) return;
        const base = (id: string) => this.file?.row(name, id);
        for (const [id, row] of d.changed) fn(id, base(id), row);
        // A record deleted and put again left its lists and joined them anew, as it did when written.
        for (const id of d.removed) fn(id, base(id), undefined);
        for (const [id, row] of d.added) fn(id, undefined, row);
      },
    };
  }

  index(name: string, f: string): IdGroups {
    return this.indexes.index(name, f, this.origin(name));
  }

  counts(name: string, f: string, filter: NamedTest): Counts {
    return this.indexes.count(name, f, filter, this.origin(name));
  }

  ordered(name: string, order: NamedOrder): OrderIndex {
    return this.indexes.ordered(name, order, this.origin(name));
  }

  filtered(name: string, f: string, filter: NamedTest): IdGroups {
    return this.indexes.filter(name, f, filter, this.origin(name));
  }

  apply(ops: Op[]): void {
    for (const op of ops) {
      const id = op.op === 'put' ? op.row.id : op.id;
      const follows = this.indexes.follows(op.table);
      const old = follows ? this.get(op.table, id) : undefined;
      const d = this.delta(op.table);
      if (op.op === 'put') {
        const row = Object.freeze(op.row);
        if (d.added.has(id) || d.removed.has(id)) d.added.set(id, row);
        else if (d.changed.has(id) || this.file?.has(op.table, id)) d.changed.set(id, row);
        else d.added.set(id, row);
      } else if (!d.added.delete(id) && !d.removed.has(id) && (d.changed.delete(id) || this.file?.has(op.table, id))) {
        d.removed.add(id);
      }
      if (follows) this.indexes.update(op.table, id, old, op.op === 'put' ? op.row : undefined);
      this.indexes.memos.forget(op.table, id);
    }
  }

  /**
   * Writes through `tx` what makes this state equal to `want`: deletes what it lacks, puts what
   * differs (records compared by their text).
   */
  restoreTo(want: State, tx: WriteTx): void {
    for (const name of new Set([...this.tableNames(), ...want.tableNames()])) {
      const t = table<Row>(name);
      const have = new Map<string, Buffer>();
      this.eachText(name, (id, text) => have.set(id, text));
      want.eachText(name, (id, text) => {
        const h = have.get(id);
        have.delete(id);
        if (!h || !h.equals(text)) tx.put(t, JSON.parse(text.toString('utf8')) as Row);
      });
      for (const id of have.keys()) tx.delete(t, id);
    }
  }
}
