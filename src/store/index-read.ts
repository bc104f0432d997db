import { closeSync, fstatSync } from 'node:fs';
import { RowCache, type Base } from './base.js';
import { Generations } from './generations.js';
import { Blocks, eachLine } from './blocks.js';
import { StoreError } from './errors.js';
import { openIfExists, readInto, stampOf, type FileStamp } from './files.js';
import {
  compareHash,
  decodeId,
  decodePosition,
  FENCE,
  GROUP_ENTRY,
  hash2,
  ID_ENTRY,
  INDEX_MAGIC,
  INDEX_VERSION,
  TRAILER_BYTES,
  type IndexHeader,
  type IndexList,
  type IndexTable,
} from './index-format.js';
import type { EncodedRun, FileGroup, ListKind, PersistedList, Position, Row } from './types.js';

/**
 * A section of `count` entries of `width` bytes at `at`, sorted by the hash each begins with, with
 * its fence at `fence` (see FENCE): read once, when first searched.
 */
class HashDir {
  private fenceHashes: Uint32Array | undefined;

  constructor(
    private readonly blocks: Blocks,
    readonly at: number,
    readonly count: number,
    readonly width: number,
    private readonly fence: number,
  ) {}

  private fenceOf(): Uint32Array {
    if (!this.fenceHashes) {
      const n = Math.ceil(this.count / FENCE);
      const b = this.blocks.direct(this.fence, n * 8);
      this.fenceHashes = new Uint32Array(n * 2);
      for (let i = 0; i < n * 2; i++) this.fenceHashes[i] = b.readUInt32LE(i * 4);
    }
    return this.fenceHashes;
  }

  /** The first entry whose hash is not below (h1, h2). */
  private lowerBound(h1: number, h2: number): number {
    const f = this.fenceOf();
    // The first fence entry not below the hash: the answer lies in the run before it.
    let lo = 0;
    let hi = f.length / 2;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareHash(f[mid * 2] as number, f[mid * 2 + 1] as number, h1, h2) < 0) lo = mid + 1;
      else hi = mid;
    }
    let a = Math.max(0, (lo - 1) * FENCE);
    let z = Math.min(this.count, lo * FENCE);
    // Read number by number: a run of entries as one buffer often spans two blocks, joined by a copy.
    while (a < z) {
      const mid = (a + z) >>> 1;
      const pos = this.at + mid * this.width;
      if (compareHash(this.blocks.u32(pos), this.blocks.u32(pos + 4), h1, h2) < 0) a = mid + 1;
      else z = mid;
    }
    return a;
  }

  /** Each entry of equal hash to `text`'s, in turn, until `fn` answers something. */
  probe<R>(text: string, fn: (entry: Buffer) => R | undefined): R | undefined {
    const [h1, h2] = hash2(text);
    for (let i = this.lowerBound(h1, h2); i < this.count; i++) {
      const pos = this.at + i * this.width;
      if (this.blocks.u32(pos) !== h1 || this.blocks.u32(pos + 4) !== h2) return undefined;
      const r = fn(this.blocks.read(pos, this.width));
      if (r !== undefined) return r;
    }
    return undefined;
  }

  entry(i: number): Buffer {
    return this.blocks.read(this.at + i * this.width, this.width);
  }

  /** Entries `from` to `to` (excluded), as one buffer. */
  run(from: number, to: number): Buffer {
    return this.blocks.read(this.at + from * this.width, Math.max(0, to - from) * this.width);
  }
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

  encoded(from: number, to: number): EncodedRun {
    const count = Math.max(0, to - from);
    return { bytes: this.blocks.read(this.first + from * this.width, count * this.width), width: this.width, count };
  }
}

/**
 * Groups looked up are kept (found or not), up to this many per list, the last half at least: a
 * server asks for the same ones again and again.
 */
const KEEP_GROUPS = 1024;

class FileList implements PersistedList {
  readonly kind: ListKind;
  readonly next: number;
  private readonly found = new Generations<string, FileGroup | null>(KEEP_GROUPS / 2);

  private readonly groups: HashDir;
  private readonly seqs: HashDir | undefined;

  constructor(
    private readonly blocks: Blocks,
    l: IndexList,
  ) {
    this.kind = l.kind;
    this.next = l.next ?? 0;
    this.groups = new HashDir(blocks, l.groups.at, l.groups.count, GROUP_ENTRY, l.groups.fence);
    this.seqs = l.seqs && new HashDir(blocks, l.seqs.at, l.seqs.count, l.seqs.width, l.seqs.fence);
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
    const g = this.find(key);
    this.found.set(key, g ?? null);
    return g;
  }

  find(key: string): FileGroup | undefined {
    return this.groups.probe(key, (e) => {
      const found = this.groupAt(e);
      return found.key === key ? found.g : undefined;
    });
  }

  eachGroup(fn: (key: string, g: FileGroup) => void): void {
    for (let i = 0; i < this.groups.count; i++) {
      const found = this.groupAt(this.groups.entry(i));
      fn(found.key, found.g);
    }
  }

  seqOf(id: string): number | undefined {
    return this.seqs?.probe(id, (e) => (decodeId(e, 16) === id ? e.readDoubleLE(8) : undefined));
  }

  seqsEncoded(): EncodedRun | undefined {
    const d = this.seqs;
    return d && { bytes: d.run(0, d.count), width: d.width, count: d.count };
  }

  eachSeq(fn: (id: string, seq: number) => void): void {
    for (let i = 0; i < (this.seqs?.count ?? 0); i++) {
      const e = (this.seqs as HashDir).entry(i);
      fn(decodeId(e, 16), e.readDoubleLE(8));
    }
  }
}

/** A run of neighbouring records read at once is at most this many bytes. */
const RUN_BYTES = 1024 * 1024;

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
  private readonly ids = new Map<string, HashDir>();
  /** The index file as opened: what tells a change made to it in place since. */
  private readonly indexStamp: FileStamp;

  private constructor(
    private readonly snapFd: number,
    private readonly indexFd: number,
    readonly path: string,
    readonly header: IndexHeader,
    private readonly indexFile: string,
  ) {
    this.snap = new Blocks(snapFd, path);
    this.idx = new Blocks(indexFd, indexFile);
    const st = fstatSync(indexFd);
    this.indexStamp = { size: st.size, mtimeMs: st.mtimeMs, ino: st.ino };
    for (const t of header.tables) {
      this.tables.set(t.name, t);
      this.ids.set(t.name, new HashDir(this.idx, t.ids, t.count, ID_ENTRY, t.idsFence));
    }
    for (const l of header.lists) this.lists.set(`${l.table}\u0000${l.key}`, new FileList(this.idx, l));
  }

  /**
   * The snapshot open as `snapFd` read through the index at `indexFile`, when that index was
   * written for it as it stands (its header and the file's stamp); undefined otherwise. Takes
   * `snapFd` over when it answers a file.
   */
  static open(
    snapFd: number,
    path: string,
    indexFile: string,
    head: { generation: string; seq: number; checksum: string },
    stamp: FileStamp,
  ): IndexedFile | undefined {
    const fd = openIfExists(indexFile);
    if (fd === undefined) return undefined;
    try {
      const h = readHeader(fd);
      const s = h?.snapshot;
      if (!h || h.generation !== head.generation || h.seq !== head.seq || h.checksum !== head.checksum) return void closeSync(fd);
      if (!s || s.size !== stamp.size || s.mtimeMs !== stamp.mtimeMs || s.ino !== stamp.ino) return void closeSync(fd);
      return new IndexedFile(snapFd, fd, path, h, indexFile);
    } catch (e) {
      closeSync(fd);
      throw e;
    }
  }

  names(): string[] {
    return [...this.tables.keys()];
  }

  /**
   * The index file's name when the file this reads (gbctl only ever replaces an index whole, by
   * a new one) was changed in place since it was opened; undefined while it was not.
   */
  changedInPlace(): string | undefined {
    const st = stampOf(this.indexFile);
    const was = this.indexStamp;
    return st && st.ino === was.ino && (st.size !== was.size || st.mtimeMs !== was.mtimeMs) ? this.indexFile : undefined;
  }

  size(table: string): number {
    return this.tables.get(table)?.count ?? 0;
  }

  private locate(table: string, id: string): { row?: Row; text: Buffer } | undefined {
    return this.ids.get(table)?.probe(id, (e) => {
      const text = this.snap.direct(e.readDoubleLE(8), e.readUInt32LE(16));
      return idOf(text) === id ? { text } : undefined;
    });
  }

  /**
   * The records of many ids (undefined for one the snapshot lacks), in order: those not kept are
   * found in the index, then read in runs of neighbours, one read per run.
   */
  rows(table: string, ids: readonly string[]): (Row | undefined)[] {
    const out = new Array<Row | undefined>(ids.length);
    const dir = this.ids.get(table);
    const wanted: { k: number; at: number; len: number }[] = [];
    ids.forEach((id, k) => {
      const hit = this.cache.get(table, id);
      if (hit) out[k] = hit;
      else {
        // The first entry of the id's hash: a record of another id there (a collision) is read alone below.
        const e = dir?.probe(id, (x) => x);
        if (e) wanted.push({ k, at: e.readDoubleLE(8), len: e.readUInt32LE(16) });
      }
    });
    wanted.sort((a, b) => a.at - b.at);
    for (let i = 0; i < wanted.length;) {
      const first = wanted[i] as { at: number; len: number };
      let end = first.at + first.len;
      let j = i + 1;
      for (; j < wanted.length; j++) {
        const w = wanted[j] as { at: number; len: number };
        if (w.at < end || w.at - end > 64 || w.at + w.len - first.at > RUN_BYTES) break;
        end = w.at + w.len;
      }
      const buf = this.snap.direct(first.at, end - first.at);
      for (let m = i; m < j; m++) {
        const w = wanted[m] as { k: number; at: number; len: number };
        const id = ids[w.k] as string;
        const text = buf.subarray(w.at - first.at, w.at - first.at + w.len);
        const row = idOf(text) === id ? this.parse(text) : this.row(table, id);
        if (row) this.cache.set(table, id, row);
        out[w.k] = row;
      }
      i = j;
    }
    return out;
  }

  has(table: string, id: string): boolean {
    return !!this.cache.get(table, id) || !!this.locate(table, id);
  }

  row(table: string, id: string): Row | undefined {
    const hit = this.cache.get(table, id);
    if (hit) return hit;
    const found = this.locate(table, id);
    if (!found) return undefined;
    const row = this.parse(found.text);
    this.cache.set(table, id, row);
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
