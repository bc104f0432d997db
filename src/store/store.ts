import type { Order } from './ordered.js';
import type { Position, Row } from './types.js';

export type { Order } from './ordered.js';
export type { Position, Row, SortKey } from './types.js';

/**
 * A test over a table's records, declared once with the table under a name (see table()): the
 * store keeps, per field, the count and the ids of the records it selects, for as long as it runs.
 */
export type Filter<T> = (row: T) => boolean;

/**
 * A named table of records of one type. Declared next to the code that owns the records, with
 * the filters its counts and filtered id lists use, by name (`F`).
 */
export interface Table<T extends Row, F extends string = never, O extends string = never> {
  readonly name: string;
  /** The table's named filters (see table().withFilters). */
  readonly filters?: { readonly [K in F]: Filter<T> };
  /** The table's named ordered lists (see TableDecl.withOrders). */
  readonly orders?: { readonly [K in O]: Order<T> };
  /** Phantom field: carries the record type; never set. */
  readonly __row?: T;
}

/**
 * A table as table() declares it: withFilters() names the filters it can be counted by,
 * withOrders() the ordered lists it is paged through (see ReadTx.page).
 */
export interface TableDecl<T extends Row, F extends string = never> extends Table<T, F> {
  withFilters<G extends string>(filters: { readonly [K in G]: Filter<T> }): TableDecl<T, G>;
  withOrders<O extends string>(orders: { readonly [K in O]: Order<T> }): Table<T, F, O>;
}

/**
 * Declares a table, e.g. `table<SpaceRecord>('spaces').withFilters({ live: (s) => !s.deletedAt })`,
 * then `tx.countWhere(spaces, 'organization', id, 'live')`: a filter name the table does not
 * declare does not compile.
 */
export function table<T extends Row>(name: string): TableDecl<T> {
  return declare<T, never>(name, undefined);
}

function declare<T extends Row, F extends string>(name: string, filters: { readonly [K in F]: Filter<T> } | undefined): TableDecl<T, F> {
  return {
    name,
    ...(filters ? { filters } : {}),
    withFilters: (next) => declare(name, next),
    withOrders: (orders) => {
      const t = { name, ...(filters ? { filters } : {}), orders };
      keep(t as unknown as Table<Row, string, string>);
      return t;
    },
  };
}

/** A table whose derived lists are kept in the index with every snapshot (see keepIndexes). */
export interface Kept {
  table: Table<Row, string, string>;
  /** Fields whose ids (and, per filter, ids and counts passing it) are kept. */
  fields: Set<string>;
}

/** Tables declared with orders or kept indexes, by name; undefined for a name declared twice differently. */
const kept = new Map<string, Kept | undefined>();

function keep(t: Table<Row, string, string>, fields: readonly string[] = []): void {
  if (kept.has(t.name)) {
    const k = kept.get(t.name);
    if (!k || k.table.filters !== t.filters || k.table.orders !== t.orders) {
      kept.set(t.name, undefined);
      return;
    }
    for (const f of fields) k.fields.add(f);
    return;
  }
  kept.set(t.name, { table: t, fields: new Set(fields) });
}

/**
 * Asks for the ids of `t` by each of `fields` (and, for each of the table's filters, the ids and
 * counts passing it) to be kept in the index written with every snapshot, as its orders are: a
 * list or count over them then reads what it needs instead of walking the table.
 */
export function keepIndexes<T extends Row, F extends string, O extends string>(t: Table<T, F, O>, ...fields: (keyof T & string)[]): void {
  keep(t as unknown as Table<Row, string, string>, fields);
}

/** Every table whose lists are kept with the snapshot. */
export function keptTables(): Kept[] {
  return [...kept.values()].filter((k): k is Kept => !!k);
}

/**
 * A page of an ordered list: the records after `after` (a position a previous page ended on) in
 * the groups named, merged by their order (`desc`: from the end), narrowed by `test`, at most
 * `limit`. `ranks`, one for each group, orders records of equal keys by the rank of their group
 * before the order they joined in: groups of one rank (the lists of one space by status) keep
 * the order of their records' joining among them, as one list of theirs would.
 */
export interface OrderedQuery<T> {
  groups: readonly string[];
  after?: Position | undefined;
  limit: number;
  desc?: boolean | undefined;
  test?: ((row: T) => boolean) | undefined;
  ranks?: readonly number[] | undefined;
  /**
   * Only these records, wherever the groups list them (those they do not list are left out): a
   * filter whose few matches are known by another way (another table's index) reads them alone
   * instead of testing the groups, and pages in the list's own order with its tokens.
   */
  ids?: readonly string[] | undefined;
}

export interface OrderedPage<T> {
  rows: T[];
  /** Where the page ended, with the group of its last record: the next page starts after it. */
  last?: Position & { g: string };
  /** Whether a record passing `test` follows the page. */
  more: boolean;
}

export interface ReadTx {
  get<T extends Row>(t: Table<T>, id: string): T | undefined;
  /** The records of many ids, in order (undefined where absent): those of the snapshot read in runs, one read per run. */
  getMany<T extends Row>(t: Table<T>, ids: readonly string[]): (T | undefined)[];
  /** Every record, in insertion order. */
  all<T extends Row>(t: Table<T>): T[];
  /**
   * Records whose `field` equals `value`, in insertion order (a record that joins the group by an
   * update comes last); served by an index kept per field, in time proportional to the matches.
   */
  where<T extends Row, K extends keyof T & string>(t: Table<T>, field: K, value: T[K]): T[];
  count<T extends Row>(t: Table<T>): number;
  /**
   * The ids of the records where() would give, narrowed to those passing `filter` when given,
   * without reading any: a page of them is then read with get(). See countWhere for `filter`.
   */
  idsWhere<T extends Row, F extends string, K extends keyof T & string>(
    t: Table<T, F>,
    field: K,
    value: T[K],
    filter?: NoInfer<F> | ((row: T) => boolean),
  ): string[];
  /**
   * How many records have `field` equal to `value` and pass `filter` (all of them, without one).
   * Given the name of one of the table's filters, the answer comes without reading any record:
   * the count is kept per (table, field, filter name) and brought up to date by each write. A
   * function instead is applied to each match, read for it, and nothing is kept.
   */
  countWhere<T extends Row, F extends string, K extends keyof T & string>(
    t: Table<T, F>,
    field: K,
    value: T[K],
    filter?: NoInfer<F> | ((row: T) => boolean),
  ): number;
  /**
   * A page of one of the table's ordered lists, in time proportional to the page and to the
   * records `test` skips, whatever the size of the groups (see OrderedQuery).
   */
  page<T extends Row, F extends string, O extends string>(t: Table<T, F, O>, order: NoInfer<O>, q: OrderedQuery<T>): OrderedPage<T>;
  /** How many records the groups of an ordered list hold (passing `test`, which reads them all; of `ids` only, when given). */
  sizeOf<T extends Row, F extends string, O extends string>(
    t: Table<T, F, O>,
    order: NoInfer<O>,
    groups: readonly string[],
    test?: (row: T) => boolean,
    ids?: readonly string[],
  ): number;
  /**
   * A value worked out from one record by `make`, kept by the store until that record changes (at
   * most `keep` per table, the least recently used forgotten first): for what costs more to work
   * out than to keep, like a revision's page tree. Undefined when there is no such record.
   */
  memo<T extends Row, V>(t: Table<T>, id: string, make: (row: T) => V, keep: number): V | undefined;
}

export interface WriteTx extends ReadTx {
  /** Inserts or replaces. The stored object is frozen: build a new one to change it. */
  put<T extends Row>(t: Table<T>, row: T): T;
  /** Removes a record; true when it existed. */
  delete<T extends Row>(t: Table<T>, id: string): boolean;
}

/** One change to the data; a committed transaction is a list of these. */
export type Op = { op: 'put'; table: string; row: Row } | { op: 'delete'; table: string; id: string };

/** A moment among a store's reads (Store.mark), taken when a request arrives. */
export type ReadMark = number;

/**
 * Transactions run a synchronous function against a consistent view. A write either
 * applies whole or not at all (a throw discards it), and is durable when its promise resolves.
 */
export interface Store {
  /**
   * Runs `fn` on the data brought up to date with the files. With `since` (a mark taken when the
   * caller's request arrived), a look at the files begun after that moment answers it, as one
   * begun after the read itself was asked would: the reads of one request share its first look.
   */
  read<R>(fn: (tx: ReadTx) => R, since?: ReadMark): Promise<R>;
  /** The moment to give the reads of a request that arrives now. */
  mark(): ReadMark;
  write<R>(fn: (tx: WriteTx) => R): Promise<R>;
  close(): Promise<void>;
}

/** The whole dataset as plain data, the form of snapshots, exports and imports. */
export interface Dump {
  tables: Record<string, Row[]>;
}
