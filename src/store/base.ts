import type { PersistedList, Row } from './types.js';

/**
 * The records of a snapshot as this process reads them: left in the file and read when asked
 * for, one by id or a table in file order. RowFile holds the places of the records it scanned;
 * IndexedFile finds them through the index written beside the snapshot, reading no more of either
 * file than it is asked for.
 */
export interface Base {
  readonly path: string;
  /** The tables, in file order. */
  names(): string[];
  size(table: string): number;
  /** Whether the snapshot holds a record of that id. */
  has(table: string, id: string): boolean;
  /** The record of that id, parsed (and kept for a while); undefined when the snapshot has none. */
  row(table: string, id: string): Row | undefined;
  /** The records of many ids, in order (undefined where the snapshot has none): neighbours read together. */
  rows(table: string, ids: readonly string[]): (Row | undefined)[];
  /** Every record of a table, in file order, with its id. */
  walk(table: string, fn: (id: string, row: Row) => void): void;
  /** The JSON text of every record of a table as stored, in file order. */
  texts(table: string, fn: (id: string, text: Buffer) => void): void;
  /** The same as steps (see runStepsPaced), a piece of the table each. */
  textSteps(table: string, fn: (id: string, text: Buffer) => void): Generator<void, void>;
  /** A derived list kept with the snapshot (see index-write.ts), when there is one. */
  list(table: string, key: string): PersistedList | undefined;
  /** The keys of every derived list kept with the snapshot, by table. */
  listKeys(): { table: string; key: string }[];
  retain(): this;
  release(): void;
}

/** Records parsed from the file are kept for repeated reads: up to this many, the last half at least. */
export const CACHE_ROWS = 512;

/**
 * Parsed records in two generations, as in generations.ts: a server reads the same few records
 * (the caller, its token, the space) for every request, and moving each to the end of one map
 * cost more than the lookup. Held by table, then id, and counted across tables: a key made of
 * both would be a new string to hash on every read.
 */
export class RowCache {
  private newer = new Map<string, Map<string, Row>>();
  private newerSize = 0;
  private older = new Map<string, Map<string, Row>>();

  get(table: string, id: string): Row | undefined {
    const r = this.newer.get(table)?.get(id);
    if (r !== undefined) return r;
    const o = this.older.get(table)?.get(id);
    if (o !== undefined) this.set(table, id, o);
    return o;
  }

  set(table: string, id: string, row: Row): void {
    if (this.newerSize >= CACHE_ROWS / 2) {
      this.older = this.newer;
      this.newer = new Map();
      this.newerSize = 0;
    }
    let rows = this.newer.get(table);
    if (!rows) this.newer.set(table, (rows = new Map()));
    if (!rows.has(id)) this.newerSize++;
    rows.set(id, row);
  }
}
