import { Derived, type Index, type NamedTest, type Walk } from './derived.js';
import type { RowFile } from './rows.js';
import { table, type Dump, type Op, type Row, type WriteTx } from './store.js';

/** A record in memory, or the slot of one left in the state's RowFile. */
export type Cell = Row | number;

/** Records read from the file are kept for repeated reads, up to this many. */
const CACHE_ROWS = 512;
/** Records read from the file in one batch when walking a table. */
const BATCH = 512;

/**
 * The in-memory dataset: tables in insertion order, with per-field indexes built on first use.
 * A state loaded from an intact snapshot keeps that snapshot's records in the file (a RowFile)
 * until they are read; records written since are held as objects.
 */
export class State {
  private tables = new Map<string, Map<string, Cell>>();
  private cache = new Map<number, Row>();

  constructor(
    readonly file?: RowFile,
    /** Indexes, counts and filtered ids, shared by a state rebased on a file written of it. */
    readonly derived = new Derived(),
  ) {
    if (!file) return;
    for (const t of file.tables) {
      const m = this.table(t.name);
      for (let i = 0; i < t.ids.length; i++) m.set(t.ids[i] as string, t.first + i);
    }
  }

  /** The same data read from `file`, a snapshot just written of it: the indexes still hold. */
  rebase(file: RowFile): State {
    return new State(file, this.derived);
  }

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
    for (const [name, cells] of this.tables) if (cells.size) tables[name] = this.rows([...cells.values()]);
    return { tables };
  }

  table(name: string): Map<string, Cell> {
    let t = this.tables.get(name);
    if (!t) this.tables.set(name, (t = new Map()));
    return t;
  }

  tableNames(): string[] {
    return [...this.tables.keys()];
  }

  /** The record a cell stands for. */
  row(cell: Cell): Row {
    return typeof cell === 'number' ? (this.rows([cell])[0] as Row) : cell;
  }

  /** The records of many cells, in order; those in the file read in batches. */
  rows(cells: Cell[]): Row[] {
    const out = new Array<Row>(cells.length);
    let slots: number[] = [];
    let at: number[] = [];
    const flush = () => {
      if (!slots.length) return;
      const rows = (this.file as RowFile).rows(slots);
      // A short list is worth keeping (the spaces of an organization); a table walk is not.
      const keep = cells.length <= 64;
      for (let k = 0; k < rows.length; k++) {
        out[at[k] as number] = rows[k] as Row;
        if (keep) this.remember(slots[k] as number, rows[k] as Row);
      }
      slots = [];
      at = [];
    };
    for (let i = 0; i < cells.length; i++) {
      const c = cells[i] as Cell;
      if (typeof c !== 'number') out[i] = c;
      else {
        const hit = this.cache.get(c);
        if (hit) out[i] = hit;
        else {
          slots.push(c);
          at.push(i);
          if (slots.length >= BATCH) flush();
        }
      }
    }
    flush();
    return out;
  }

  /** The JSON text of each cell's record: as stored, for those in the file. */
  texts(cells: Cell[]): Buffer[] {
    const slots = cells.filter((c): c is number => typeof c === 'number');
    const fromFile = slots.length ? (this.file as RowFile).texts(slots) : [];
    let k = 0;
    return cells.map((c) => (typeof c === 'number' ? (fromFile[k++] as Buffer) : Buffer.from(JSON.stringify(c))));
  }

  /** Keeps a record read from the file, forgetting the one kept longest when full. */
  private remember(slot: number, row: Row): void {
    if (this.cache.size >= CACHE_ROWS) this.cache.delete(this.cache.keys().next().value as number);
    this.cache.set(slot, row);
  }

  /** Walks a table in batches, giving each record with the table's own id string. */
  private walker(name: string): Walk {
    return (fn) => {
      const entries = [...this.table(name)];
      for (let i = 0; i < entries.length; i += BATCH) {
        const batch = entries.slice(i, i + BATCH);
        this.rows(batch.map(([, c]) => c)).forEach((row, k) => fn((batch[k] as [string, Cell])[0], row));
      }
    };
  }

  index(name: string, f: string): Index {
    return this.derived.index(name, f, this.walker(name));
  }

  counts(name: string, f: string, filter: NamedTest): Map<unknown, number> {
    return this.derived.count(name, f, filter, this.walker(name));
  }

  filtered(name: string, f: string, filter: NamedTest): Index {
    return this.derived.filter(name, f, filter, this.walker(name));
  }

  apply(ops: Op[]): void {
    for (const op of ops) {
      const t = this.table(op.table);
      const id = op.op === 'put' ? op.row.id : op.id;
      const cell = t.get(id);
      const follows = this.derived.follows(op.table);
      const old = cell !== undefined && follows ? this.row(cell) : undefined;
      // A replaced record keeps its place, as Map.set does, and in each index whose value it keeps.
      if (op.op === 'put') t.set(id, Object.freeze(op.row));
      else t.delete(id);
      if (follows) this.derived.update(op.table, id, old, op.op === 'put' ? op.row : undefined);
    }
  }

  /**
   * Writes through `tx` what makes this state equal to `want`: deletes what it lacks, puts what
   * differs. Records are compared as stored (the same slot of the same file), else by their text.
   */
  restoreTo(want: State, tx: WriteTx): void {
    for (const name of new Set([...this.tableNames(), ...want.tableNames()])) {
      const t = table<Row>(name);
      const cur = this.table(name);
      const target = want.table(name);
      for (const id of cur.keys()) if (!target.has(id)) tx.delete(t, id);
      const unsure: [Cell, Cell][] = [];
      for (const [id, w] of target) {
        const c = cur.get(id);
        if (c === undefined) tx.put(t, want.row(w));
        else if (c !== w || (typeof c === 'number' && this.file !== want.file)) unsure.push([c, w]);
      }
      for (let i = 0; i < unsure.length; i += BATCH) {
        const batch = unsure.slice(i, i + BATCH);
        const have = this.texts(batch.map(([c]) => c));
        const need = want.texts(batch.map(([, w]) => w));
        batch.forEach(([, w], k) => {
          if (!(have[k] as Buffer).equals(need[k] as Buffer)) tx.put(t, want.row(w));
        });
      }
    }
  }

}
