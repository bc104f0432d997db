/**
 * The shapes the store's modules share (records, positions in ordered lists, the lists kept in
 * the index), declared below every module that uses them so that no two import each other for them.
 */

/** A stored record: every record has a string id, unique within its table. */
export interface Row {
  id: string;
}

/** A sort key within a group: records with equal keys keep the order they joined the group in. */
export type SortKey = string | number;

/**
 * Where a record sits in an ordered list: its key, then the sequence number it joined with (one
 * counter per order, so the order of joining holds across the groups of one order), and its id.
 * A cursor carries the position of the last item it gave.
 */
export interface Position {
  k: SortKey;
  s: number;
  id: string;
}

/** What a derived list kept in the index holds: an order's entries, a field's ids, a filter's ids, or counts. */
export type ListKind = 'order' | 'index' | 'filter' | 'count';

/**
 * Entries of an index section as the file holds them, each padded to `width`: what a compaction
 * copies into the next index without reading them one by one.
 */
export interface EncodedRun {
  readonly bytes: Buffer;
  readonly width: number;
  readonly count: number;
}

/** One group of a list kept in the index: its entries read one by one, as asked for. */
export interface FileGroup {
  readonly count: number;
  /** Orders: the position of entry i. */
  at(i: number): Position;
  /** Ids of a field or filter: entry i. */
  id(i: number): string;
  /** Entries `from` to `to` (excluded) as the file holds them. */
  encoded(from: number, to: number): EncodedRun;
}

/** A derived list kept in the index (see index-format.ts). */
export interface PersistedList {
  readonly kind: ListKind;
  readonly next: number;
  group(key: string): FileGroup | undefined;
  /** The same, looked up afresh and not kept: for a caller that keeps what it found itself. */
  find(key: string): FileGroup | undefined;
  /** Every group with its key, in no particular order. */
  eachGroup(fn: (key: string, g: FileGroup) => void): void;
  /** Orders: the sequence of a record listed, undefined for one that is not. */
  seqOf(id: string): number | undefined;
  eachSeq(fn: (id: string, seq: number) => void): void;
  /** Orders: every record's sequence as the file holds them, sorted by the hash of the id. */
  seqsEncoded(): EncodedRun | undefined;
}
