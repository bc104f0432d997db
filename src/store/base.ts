import type { PersistedList } from './index-read.js';
import type { Row } from './store.js';

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
  /** A derived list kept with the snapshot (see index-write.ts), when there is one. */
  list(table: string, key: string): PersistedList | undefined;
  /** The keys of every derived list kept with the snapshot, by table. */
  listKeys(): { table: string; key: string }[];
  retain(): this;
  release(): void;
}

/** Records parsed from the file are kept for repeated reads, up to this many. */
export const CACHE_ROWS = 512;

/** A least-recently-used cache of parsed records. */
export class RowCache {
  private readonly rows = new Map<string, Row>();

  get(key: string): Row | undefined {
    const r = this.rows.get(key);
    if (r) {
      this.rows.delete(key);
      this.rows.set(key, r);
    }
    return r;
  }

  set(key: string, row: Row): void {
    if (this.rows.size >= CACHE_ROWS) this.rows.delete(this.rows.keys().next().value as string);
    this.rows.set(key, row);
  }
}
