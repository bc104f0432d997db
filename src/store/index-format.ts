import type { Position } from './ordered.js';

/**
 * The index written beside a snapshot (`store.json.index`): where each record lies in the
 * snapshot and the lists derived from the records (ordered lists, ids and counts by field and
 * filter), so that opening a store reads what a command asks for instead of every record. It is
 * derived data: it names the snapshot it was written for (generation, seq, checksum and the file's
 * size, time and inode) and is ignored, then written again, when that is not the snapshot found.
 *
 * Binary, little-endian: sections, then the header (JSON) and a trailer of 16 bytes: the header's
 * offset (float64), its length (uint32) and "GBIX". Every lookup is a binary search over entries
 * of one width, sorted by a 64-bit hash of what is looked up (see hash2); entries of equal hash
 * are told apart by the id or key they hold.
 * - a table's ids: hash (2×u32), offset of the record's text in the snapshot (f64), length (u32);
 * - a list's groups: hash, offset in this file (f64), count (u32), key length (u16), entry width
 *   (u16); at the offset, the group's key (UTF-8) then its entries, each padded to the width:
 *   orders: seq (f64), key type (u8: 0 number, 1 string), key (f64, or u16 length and UTF-8),
 *   id (u16 length and UTF-8); ids of a field or filter: id (u16 length and UTF-8); counts: none;
 * - an order's sequences: hash, seq (f64), id (u16 length and UTF-8), padded to one width.
 */
export const INDEX_MAGIC = 'GBIX';
export const INDEX_VERSION = 3;
export const TRAILER_BYTES = 16;
/**
 * Every FENCE-th entry's hash of a sorted section is written again after it, as its fence: a
 * lookup reads the fence (8 bytes per FENCE entries) once, then one run of FENCE entries, instead
 * of a block per step of a binary search over the whole section.
 */
export const FENCE = 64;
export const ID_ENTRY = 20;
export const GROUP_ENTRY = 24;

export const indexPath = (path: string) => `${path}.index`;

export type ListKind = 'order' | 'index' | 'filter' | 'count';

/** The name of a derived list within its table: its kind, field and filter or order name. */
export const listKey = (kind: ListKind, field: string, name: string) => `${kind}:${field}:${name}`;

export interface IndexTable {
  name: string;
  count: number;
  /** Where the table's records run in the snapshot: the first's start, the last's end. */
  start: number;
  end: number;
  /** Offset of its ids' entries in the index, and of their fence (see FENCE). */
  ids: number;
  idsFence: number;
}

export interface IndexList {
  table: string;
  key: string;
  kind: ListKind;
  /** Orders: the sequence the next record to join gets. */
  next?: number;
  groups: { at: number; count: number; fence: number };
  seqs?: { at: number; count: number; width: number; fence: number };
}

export interface IndexHeader {
  version: number;
  generation: string;
  seq: number;
  checksum: string;
  snapshot: { size: number; mtimeMs: number; ino: number };
  tables: IndexTable[];
  lists: IndexList[];
}

/**
 * The 64-bit hash entries are sorted by, as two unsigned 32-bit halves: FNV-1a and a multiply-
 * xorshift hash over the text's UTF-16 code units, two independent halves that a short-lived
 * process computes fast before any of its code is optimised.
 */
export function hash2(text: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x9e3779b9;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  b = Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
  return [a >>> 0, (b ^ (b >>> 16)) >>> 0];
}

export function compareHash(a1: number, a2: number, b1: number, b2: number): number {
  return a1 !== b1 ? a1 - b1 : a2 - b2;
}

/**
 * The key a value of a field is grouped under: `u` for undefined, else `j` and its JSON. Only
 * scalar values are kept; undefined for a value that is not one (its list is then not kept).
 */
export function valueKey(v: unknown): string | undefined {
  if (v === undefined) return 'u';
  if (v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) return `j${JSON.stringify(v)}`;
  return undefined;
}

export function valueOf(key: string): unknown {
  return key === 'u' ? undefined : JSON.parse(key.slice(1));
}

/** An order's entry as bytes, unpadded. */
export function encodePosition(p: Position): Buffer {
  const id = Buffer.from(p.id);
  const k = typeof p.k === 'number' ? undefined : Buffer.from(p.k);
  const out = Buffer.alloc(8 + 1 + (k ? 2 + k.length : 8) + 2 + id.length);
  let at = out.writeDoubleLE(p.s, 0);
  at = out.writeUInt8(k ? 1 : 0, at);
  if (k) {
    at = out.writeUInt16LE(k.length, at);
    at += k.copy(out, at);
  } else at = out.writeDoubleLE(p.k as number, at);
  at = out.writeUInt16LE(id.length, at);
  id.copy(out, at);
  return out;
}

export function decodePosition(b: Buffer, at: number): Position {
  const s = b.readDoubleLE(at);
  let i = at + 8;
  let k: string | number;
  if (b[i++] === 1) {
    const n = b.readUInt16LE(i);
    k = b.toString('utf8', i + 2, i + 2 + n);
    i += 2 + n;
  } else {
    k = b.readDoubleLE(i);
    i += 8;
  }
  const n = b.readUInt16LE(i);
  return { k, s, id: b.toString('utf8', i + 2, i + 2 + n) };
}

export function encodeId(id: string): Buffer {
  const b = Buffer.from(id);
  const out = Buffer.alloc(2 + b.length);
  out.writeUInt16LE(b.length, 0);
  b.copy(out, 2);
  return out;
}

export function decodeId(b: Buffer, at: number): string {
  return b.toString('utf8', at + 2, at + 2 + b.readUInt16LE(at));
}
