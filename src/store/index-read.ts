import { closeSync, fstatSync } from 'node:fs';
import { RowCache, type Base } from './base.js';
import { Blocks, eachLine } from './blocks.js';
import { StoreError } from './errors.js';
import { openIfExists, readInto, type FileStamp } from './files.js';
import {
  compareHash, decodeId, decodePosition, GROUP_ENTRY, hash2, ID_ENTRY, INDEX_MAGIC, INDEX_VERSION, TRAILER_BYTES,
  type IndexHeader, type IndexList, type IndexTable, type ListKind,
} from './index-format.js';
import type { Position } from './ordered.js';
import type { Row } from './store.js';

/** One group of a list kept in the index: its entries read one by one, as asked for. */
export interface FileGroup {
  readonly count: number;
  /** Orders: the position of entry i. */
  at(i: number): Position;
  /** Ids of a field or filter: entry i. */
  id(i: number): string;
}

/** A derived list kept in the index (see index-format.ts). */
export interface PersistedList {
  readonly kind: ListKind;
  readonly next: number;
  group(key: string): FileGroup | undefined;
  /** Every group with its key, in no particular order. */
  eachGroup(fn: (key: string, g: FileGroup) => void): void;
  /** Orders: the sequence of a record listed, undefined for one that is not. */
  seqOf(id: string): number | undefined;
  eachSeq(fn: (id: string, seq: number) => void): void;
}

/**
 * The first entry of `count` entries of `width` bytes at `at` whose hash is not below (h1, h2).
 */
function lowerBound(blocks: Blocks, at: number, count: number, width: number, h1: number, h2: number): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const e = blocks.read(at + mid * width, 8);
    if (compareHash(e.readUInt32LE(0), e.readUInt32LE(4), h1, h2) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Each entry of equal hash to `text`'s, in turn, until `fn` answers something. */
function probe<R>(blocks: Blocks, at: number, count: number, width: number, text: string, fn: (entry: Buffer) => R | undefined): R | undefined {
  const [h1, h2] = hash2(text);
  for (let i = lowerBound(blocks, at, count, width, h1, h2); i < count; i++) {
    const e = blocks.read(at + i * width, width);
    if (e.readUInt32LE(0) !== h1 || e.readUInt32LE(4) !== h2) return undefined;
    const r = fn(e);
    if (r !== undefined) return r;
  }
  return undefined;
}

class Group implements FileGroup {
  constructor(
    private readonly blocks: Blocks,
    private readonly first: number,
    readonly count: number,
    private readonly width: number,
  ) {}

  at(i: number): Position {
    return decodePosition(this.blocks.read(this.first + i * this.width, this.width), 0);
  }

  id(i: number): string {
    return decodeId(this.blocks.read(this.first + i * this.width, this.width), 0);
  }
}

/** Groups looked up are kept (found or not), up to this many per list: a server asks for the same ones again and again. */
const KEEP_GROUPS = 1024;

class FileList implements PersistedList {
  readonly kind: ListKind;
  readonly next: number;
  private readonly found = new Map<string, FileGroup | null>();

  constructor(
    private readonly blocks: Blocks,
    private readonly l: IndexList,
  ) {
    this.kind = l.kind;
    this.next = l.next ?? 0;
  }

  private groupAt(e: Buffer): { key: string; g: FileGroup } {
    const at = e.readDoubleLE(8);
    const count = e.readUInt32LE(16);
    const keyLen = e.readUInt16LE(20);
    const width = e.readUInt16LE(22);
    const key = this.blocks.read(at, keyLen).toString('utf8');
    return { key, g: new Group(this.blocks, at + keyLen, count, width) };
  }

  group(key: string): FileGroup | undefined {
    const kept = this.found.get(key);
    if (kept !== undefined) return kept ?? undefined;
    const { at, count } = this.l.groups;
    const g = probe(this.blocks, at, count, GROUP_ENTRY, key, (e) => {
      const found = this.groupAt(e);
      return found.key === key ? found.g : undefined;
    });
    if (this.found.size >= KEEP_GROUPS) this.found.delete(this.found.keys().next().value as string);
    this.found.set(key, g ?? null);
    return g;
  }

  eachGroup(fn: (key: string, g: FileGroup) => void): void {
    const { at, count } = this.l.groups;
    for (let i = 0; i < count; i++) {
      const found = this.groupAt(this.blocks.read(at + i * GROUP_ENTRY, GROUP_ENTRY));
      fn(found.key, found.g);
    }
  }

  seqOf(id: string): number | undefined {
    const s = this.l.seqs;
    if (!s) return undefined;
    return probe(this.blocks, s.at, s.count, s.width, id, (e) => (decodeId(e, 16) === id ? e.readDoubleLE(8) : undefined));
  }

  eachSeq(fn: (id: string, seq: number) => void): void {
    const s = this.l.seqs;
    for (let i = 0; i < (s?.count ?? 0); i++) {
      const e = this.blocks.read((s as { at: number }).at + i * (s as { width: number }).width, (s as { width: number }).width);
      fn(decodeId(e, 16), e.readDoubleLE(8));
    }
  }
}

/** The id of a record whose text begins `{"id":"…"` without an escape; else its parsed id. */
function idOf(text: Buffer): string {
  if (text[0] === 0x7b && text.toString('latin1', 1, 7) === '"id":"') {
    const q = text.indexOf(0x22, 7);
    const raw = text.subarray(7, q);
    if (q > 7 && !raw.includes(0x5c)) return raw.toString('utf8');
  }
  return (JSON.parse(text.toString('utf8')) as Row).id;
}

/**
 * A snapshot gbctl wrote, read through the index beside it: opening it reads the index's header;
 * a record is found by a binary search of its table's ids in the index, then read from the
 * snapshot. Both files stay open until released, so a compaction that replaces them leaves these
 * bytes readable.
 */
export class IndexedFile implements Base {
  private refs = 1;
  private readonly tables = new Map<string, IndexTable>();
  private readonly lists = new Map<string, FileList>();
  private readonly snap: Blocks;
  private readonly idx: Blocks;
  private readonly cache = new RowCache();

  private constructor(
    private readonly snapFd: number,
    private readonly indexFd: number,
    readonly path: string,
    readonly header: IndexHeader,
  ) {
    this.snap = new Blocks(snapFd, path);
    this.idx = new Blocks(indexFd, `${path}.index`);
    for (const t of header.tables) this.tables.set(t.name, t);
    for (const l of header.lists) this.lists.set(`${l.table}\u0000${l.key}`, new FileList(this.idx, l));
  }

  /**
   * The snapshot open as `snapFd` read through the index at `indexFile`, when that index was
   * written for it as it stands (its header and the file's stamp); undefined otherwise. Takes
   * `snapFd` over when it answers a file.
   */
  static open(snapFd: number, path: string, indexFile: string, head: { generation: string; seq: number; checksum: string }, stamp: FileStamp): IndexedFile | undefined {
    const fd = openIfExists(indexFile);
    if (fd === undefined) return undefined;
    try {
      const h = readHeader(fd);
      const s = h?.snapshot;
      if (!h || h.generation !== head.generation || h.seq !== head.seq || h.checksum !== head.checksum) return void closeSync(fd);
      if (!s || s.size !== stamp.size || s.mtimeMs !== stamp.mtimeMs || s.ino !== stamp.ino) return void closeSync(fd);
      return new IndexedFile(snapFd, fd, path, h);
    } catch (e) {
      closeSync(fd);
      throw e;
    }
  }

  names(): string[] {
    return [...this.tables.keys()];
  }

  size(table: string): number {
    return this.tables.get(table)?.count ?? 0;
  }

  private locate(table: string, id: string): { row?: Row; text: Buffer } | undefined {
    const t = this.tables.get(table);
    if (!t) return undefined;
    return probe(this.idx, t.ids, t.count, ID_ENTRY, id, (e) => {
      const text = this.snap.direct(e.readDoubleLE(8), e.readUInt32LE(16));
      return idOf(text) === id ? { text } : undefined;
    });
  }

  has(table: string, id: string): boolean {
    return !!this.cache.get(`${table}\u0000${id}`) || !!this.locate(table, id);
  }

  row(table: string, id: string): Row | undefined {
    const key = `${table}\u0000${id}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const found = this.locate(table, id);
    if (!found) return undefined;
    const row = this.parse(found.text);
    this.cache.set(key, row);
    return row;
  }

  private parse(text: Buffer): Row {
    try {
      return Object.freeze(JSON.parse(text.toString('utf8')) as Row);
    } catch (e) {
      throw new StoreError(`the store ${this.path} changed under gbctl (a record no longer reads: ${(e as Error).message}); run the command again`);
    }
  }

  texts(table: string, fn: (id: string, text: Buffer) => void): void {
    const t = this.tables.get(table);
    if (!t || !t.count) return;
    eachLine(this.snapFd, this.path, t.start, t.end, (line) => {
      const text = line[line.length - 1] === 0x2c ? line.subarray(0, line.length - 1) : line;
      fn(idOf(text), text);
    });
  }

  walk(table: string, fn: (id: string, row: Row) => void): void {
    this.texts(table, (_, text) => {
      const row = this.parse(text);
      fn(row.id, row);
    });
  }

  list(table: string, key: string): PersistedList | undefined {
    return this.lists.get(`${table}\u0000${key}`);
  }

  listKeys(): { table: string; key: string }[] {
    return this.header.lists.map((l) => ({ table: l.table, key: l.key }));
  }

  retain(): this {
    this.refs++;
    return this;
  }

  release(): void {
    if (--this.refs === 0) {
      closeSync(this.snapFd);
      closeSync(this.indexFd);
    }
  }
}

/** The header of an index file, or undefined when the file is not one this gbctl reads. */
function readHeader(fd: number): IndexHeader | undefined {
  const size = fstatSync(fd).size;
  if (size < TRAILER_BYTES) return undefined;
  const trailer = Buffer.alloc(TRAILER_BYTES);
  readInto(fd, trailer, size - TRAILER_BYTES);
  if (trailer.toString('latin1', 12, 16) !== INDEX_MAGIC) return undefined;
  const at = trailer.readDoubleLE(0);
  const len = trailer.readUInt32LE(8);
  if (at + len + TRAILER_BYTES !== size) return undefined;
  const buf = Buffer.alloc(len);
  if (readInto(fd, buf, at) < len) return undefined;
  try {
    const h = JSON.parse(buf.toString('utf8')) as IndexHeader;
    return h.version === INDEX_VERSION && Array.isArray(h.tables) && Array.isArray(h.lists) ? h : undefined;
  } catch {
    return undefined;
  }
}
