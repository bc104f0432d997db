import { closeSync, fstatSync } from 'node:fs';
import { RowCache, type Base } from './base.js';
import { Blocks, lineSteps } from './blocks.js';
import { FileList, HashDir } from './index-lists.js';
import { StoreError } from './errors.js';
import { openIfExists, readInto, runSteps, stampOf, type FileStamp } from './files.js';
import { ID_ENTRY, INDEX_MAGIC, INDEX_VERSION, TRAILER_BYTES, type IndexHeader, type IndexTable } from './index-format.js';
import type { PersistedList, Row } from './types.js';

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
    runSteps(this.textSteps(table, fn));
  }

  *textSteps(table: string, fn: (id: string, text: Buffer) => void): Generator<void, void> {
    const t = this.tables.get(table);
    if (!t || !t.count) return;
    yield* lineSteps(this.snapFd, this.path, t.start, t.end, (line) => {
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
