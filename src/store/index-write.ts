import type { FileStamp } from './files.js';
import { writeFileDurablyStreamed } from './files.js';
import { FENCE, GROUP_ENTRY, hash2, ID_ENTRY, INDEX_MAGIC, INDEX_VERSION, indexPath, type IndexHeader, type IndexList } from './index-format.js';
import type { ListKind } from './types.js';

/** Where a table's records were written in the snapshot: ids, start and end offsets, in file order. */
export interface WrittenTable {
  name: string;
  ids: string[];
  starts: number[];
  ends: number[];
}

/** A derived list to keep in the index, as its groups and (orders) the sequence of each record. */
export interface ListSource {
  table: string;
  key: string;
  kind: ListKind;
  next?: number;
  /** Each group's key and entries (encoded, unpadded, in order), or its count alone. */
  groups(fn: (key: string, entries: Buffer[] | number) => void): void;
  seqs?(fn: (id: string, seq: number) => void): void;
}

const PIECE = 1024 * 1024;

/** Thrown by a list's groups when it holds a value the index cannot key (an object): the list is not kept. */
export class NotKept extends Error {}

/** Entries sorted by hash: the order of indexes 0..n-1 by (h1, h2). */
function byHash(h1: Uint32Array, h2: Uint32Array, n: number): Uint32Array {
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  return order.sort((a, b) => (h1[a] as number) - (h1[b] as number) || (h2[a] as number) - (h2[b] as number));
}

class Sink {
  pos = 0;
  private pending: Buffer[] = [];
  private bytes = 0;

  constructor(private readonly write: (b: Buffer) => void) {}

  push(b: Buffer): number {
    const at = this.pos;
    this.pending.push(b);
    this.pos += b.length;
    this.bytes += b.length;
    if (this.bytes >= PIECE) this.flush();
    return at;
  }

  flush(): void {
    if (this.pending.length) this.write(Buffer.concat(this.pending));
    this.pending = [];
    this.bytes = 0;
  }
}

/** The fence of a section sorted by hash: the hash of every FENCE-th entry, in order. */
function writeFence(sink: Sink, hashes: (k: number) => [number, number], count: number): number {
  const n = Math.ceil(count / FENCE);
  const out = Buffer.alloc(n * 8);
  for (let f = 0; f < n; f++) {
    const [h1, h2] = hashes(f * FENCE);
    out.writeUInt32LE(h1, f * 8);
    out.writeUInt32LE(h2, f * 8 + 4);
  }
  return sink.push(out);
}

/** The fence of `count` entries of `width` bytes, each beginning with its hash, in `entries`. */
function fenceOf(sink: Sink, entries: Buffer, width: number, count: number): number {
  return writeFence(sink, (k) => [entries.readUInt32LE(k * width), entries.readUInt32LE(k * width + 4)], count);
}

function writeIds(sink: Sink, t: WrittenTable): { ids: number; idsFence: number } {
  const n = t.ids.length;
  const h1 = new Uint32Array(n);
  const h2 = new Uint32Array(n);
  for (let i = 0; i < n; i++) [h1[i], h2[i]] = hash2(t.ids[i] as string);
  const out = Buffer.alloc(n * ID_ENTRY);
  byHash(h1, h2, n).forEach((i, k) => {
    const at = k * ID_ENTRY;
    out.writeUInt32LE(h1[i] as number, at);
    out.writeUInt32LE(h2[i] as number, at + 4);
    out.writeDoubleLE(t.starts[i] as number, at + 8);
    out.writeUInt32LE((t.ends[i] as number) - (t.starts[i] as number), at + 16);
  });
  return { ids: sink.push(out), idsFence: fenceOf(sink, out, ID_ENTRY, n) };
}

/** A list's groups, then their directory; undefined when an entry is too wide to keep. */
function writeList(sink: Sink, l: ListSource): IndexList | undefined {
  const dir: { h1: number; h2: number; at: number; count: number; keyLen: number; width: number }[] = [];
  let tooWide = false;
  try {
    groupsOf(l, (key, entries) => {
      const k = Buffer.from(key);
      const count = typeof entries === 'number' ? entries : entries.length;
      const width = typeof entries === 'number' ? 0 : entries.reduce((w, e) => Math.max(w, e.length), 0);
      if (width > 0xffff || k.length > 0xffff) tooWide = true;
      if (tooWide) return;
      const body = Buffer.alloc(k.length + count * width);
      k.copy(body, 0);
      if (typeof entries !== 'number') entries.forEach((e, i) => e.copy(body, k.length + i * width));
      const [h1, h2] = hash2(key);
      dir.push({ h1, h2, at: sink.push(body), count, keyLen: k.length, width });
    });
  } catch (e) {
    if (e instanceof NotKept) return undefined;
    throw e;
  }
  if (tooWide) return undefined;
  dir.sort((a, b) => a.h1 - b.h1 || a.h2 - b.h2);
  const d = Buffer.alloc(dir.length * GROUP_ENTRY);
  dir.forEach((g, i) => {
    const at = i * GROUP_ENTRY;
    d.writeUInt32LE(g.h1, at);
    d.writeUInt32LE(g.h2, at + 4);
    d.writeDoubleLE(g.at, at + 8);
    d.writeUInt32LE(g.count, at + 16);
    d.writeUInt16LE(g.keyLen, at + 20);
    d.writeUInt16LE(g.width, at + 22);
  });
  const out: IndexList = {
    table: l.table,
    key: l.key,
    kind: l.kind,
    groups: { at: sink.push(d), count: dir.length, fence: fenceOf(sink, d, GROUP_ENTRY, dir.length) },
  };
  if (l.next !== undefined) out.next = l.next;
  if (l.seqs) out.seqs = writeSeqs(sink, l.seqs.bind(l));
  return out;
}

function groupsOf(l: ListSource, fn: (key: string, entries: Buffer[] | number) => void): void {
  l.groups(fn);
}

function writeSeqs(sink: Sink, each: (fn: (id: string, seq: number) => void) => void): { at: number; count: number; width: number; fence: number } {
  const ids: Buffer[] = [];
  const seqs: number[] = [];
  const h1s: number[] = [];
  const h2s: number[] = [];
  let width = 18;
  each((id, seq) => {
    const b = Buffer.from(id);
    const [h1, h2] = hash2(id);
    ids.push(b);
    seqs.push(seq);
    h1s.push(h1);
    h2s.push(h2);
    width = Math.max(width, 18 + b.length);
  });
  const n = ids.length;
  const h1 = Uint32Array.from(h1s);
  const h2 = Uint32Array.from(h2s);
  const out = Buffer.alloc(n * width);
  byHash(h1, h2, n).forEach((i, k) => {
    const at = k * width;
    out.writeUInt32LE(h1[i] as number, at);
    out.writeUInt32LE(h2[i] as number, at + 4);
    out.writeDoubleLE(seqs[i] as number, at + 8);
    const id = ids[i] as Buffer;
    out.writeUInt16LE(id.length, at + 16);
    id.copy(out, at + 18);
  });
  return { at: sink.push(out), count: n, width, fence: fenceOf(sink, out, width, n) };
}

/**
 * Writes the index of a snapshot just written (see index-format.ts), durably: a temp file synced
 * and renamed over the old index. It names the snapshot by its header and stamp, so that a crash
 * between the two leaves an index that does not match, which is then ignored.
 */
export function writeIndex(
  path: string,
  head: { generation: string; seq: number; checksum: string },
  stamp: FileStamp,
  tables: WrittenTable[],
  lists: Iterable<ListSource>,
): void {
  writeFileDurablyStreamed(indexPath(path), (write) => {
    const sink = new Sink(write);
    const header: IndexHeader = {
      version: INDEX_VERSION,
      ...head,
      snapshot: { size: stamp.size, mtimeMs: stamp.mtimeMs, ino: stamp.ino },
      tables: [],
      lists: [],
    };
    for (const t of tables) {
      if (!t.ids.length) continue;
      header.tables.push({ name: t.name, count: t.ids.length, start: t.starts[0] as number, end: t.ends[t.ends.length - 1] as number, ...writeIds(sink, t) });
    }
    for (const l of lists) {
      const written = writeList(sink, l);
      if (written) header.lists.push(written);
    }
    const h = Buffer.from(JSON.stringify(header));
    const at = sink.push(h);
    const trailer = Buffer.alloc(16);
    trailer.writeDoubleLE(at, 0);
    trailer.writeUInt32LE(h.length, 8);
    trailer.write(INDEX_MAGIC, 12, 'latin1');
    sink.push(trailer);
    sink.flush();
    return undefined;
  });
}
