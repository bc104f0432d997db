/** A stored record: every record has a string id, unique within its table. */
export interface Row {
  id: string;
}

/** A named table of records of one type. Declared next to the code that owns the records. */
export interface Table<T extends Row> {
  readonly name: string;
  /** Phantom field: carries the record type; never set. */
  readonly __row?: T;
}

export function table<T extends Row>(name: string): Table<T> {
  return { name };
}

export interface ReadTx {
  get<T extends Row>(t: Table<T>, id: string): T | undefined;
  /** Every record, in insertion order. */
  all<T extends Row>(t: Table<T>): T[];
  /**
   * Records whose `field` equals `value`, in insertion order (a record that joins the group by an
   * update comes last); served by an index kept per field, in time proportional to the matches.
   */
  where<T extends Row, K extends keyof T & string>(t: Table<T>, field: K, value: T[K]): T[];
  count<T extends Row>(t: Table<T>): number;
  /**
   * The ids of the records where() would give, narrowed to those passing `test` (a function made
   * once, as for countWhere), without reading any: a page of them is then read with get().
   */
  idsWhere<T extends Row, K extends keyof T & string>(t: Table<T>, field: K, value: T[K], test?: (row: T) => boolean): string[];
  /**
   * How many records have `field` equal to `value` and pass `test` (all of them, without one),
   * without reading them: the count is kept per `test`, which must be a function made once (not
   * per call), and brought up to date by each write.
   */
  countWhere<T extends Row, K extends keyof T & string>(t: Table<T>, field: K, value: T[K], test?: (row: T) => boolean): number;
}

export interface WriteTx extends ReadTx {
  /** Inserts or replaces. The stored object is frozen: build a new one to change it. */
  put<T extends Row>(t: Table<T>, row: T): T;
  /** Removes a record; true when it existed. */
  delete<T extends Row>(t: Table<T>, id: string): boolean;
}

/** One change to the data; a committed transaction is a list of these. */
export type Op = { op: 'put'; table: string; row: Row } | { op: 'delete'; table: string; id: string };

/**
 * Transactions run a synchronous function against a consistent view. A write either
 * applies whole or not at all (a throw discards it), and is durable when its promise resolves.
 */
export interface Store {
  read<R>(fn: (tx: ReadTx) => R): Promise<R>;
  write<R>(fn: (tx: WriteTx) => R): Promise<R>;
  close(): Promise<void>;
}

/** The whole dataset as plain data, the form of snapshots, exports and imports. */
export interface Dump {
  tables: Record<string, Row[]>;
}
