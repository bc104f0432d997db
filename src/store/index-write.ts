import type { FileStamp } from './files.js';
import { runSteps, writeFileDurablySteps, type Step } from './files.js';
import {
  compareHash,
  decodeId,
  FENCE,
  GROUP_ENTRY,
  hash2,
  ID_ENTRY,
  INDEX_MAGIC,
  INDEX_VERSION,
  indexPath,
  type IndexHeader,
  type IndexList,
} from './index-format.js';
import type { EncodedRun, ListKind } from './types.js';

/** Where a table's records were written in the snapshot: ids, start and end offsets, in file order. */
export interface WrittenTable {
  name: string;
  ids: string[];
  starts: number[];
  ends: number[];
}

/**
 * A group's entries in order: each encoded anew (unpadded), or runs of them as an old index holds
 * them, copied as they are. A compaction after a few writes finds most of a large group unchanged:
 * decoding and encoding every entry again was most of the time the whole server stood still.
 */
export type GroupEntries = readonly (Buffer | EncodedRun)[];

/**
 * The sequences of an order as an old index holds them, sorted by hash, and this process's
 * changes: the records whose old entry is dropped (`replaced`), and those written anew (`added`).
 */
export interface SeqChanges {
  old: EncodedRun | undefined;
  replaced: ReadonlySet<string>;
  added: Iterable<[string, number]>;
}

/** A derived list to keep in the index, as its groups and (orders) the sequence of each record. */
export interface ListSource {
  table: string;
  key: string;
  kind: ListKind;
  next?: number;
  /** Each group's key and entries, or its count alone. */
  groups(fn: (key: string, entries: GroupEntries | number) => void): void;
  /** Orders: each record's sequence, one by one, or as changes to the old index's (seqChanges). */
  seqs?(fn: (id: string, seq: number) => void): void;
  seqChanges?(): SeqChanges;
}

const PIECE = 1024 * 1024;

/** Thrown by a list's groups when it holds a value the index cannot key (an object): the list is not kept. */
export class NotKept extends Error {}

/** Entries sorted by hash: the order of indexes 0..n-1 by (h1, h2). */
export function byHash(h1: Uint32Array, h2: Uint32Array, n: number): Uint32Array {
  const order = new Uint32Array(n);
  if (n >= INDEX_BITS_LIMIT) {
    for (let i = 0; i < n; i++) order[i] = i;
    return order.sort((a, b) => (h1[a] as number) - (h1[b] as number) || (h2[a] as number) - (h2[b] as number));
  }
  // A number sort without a comparator, much the faster: h1 above the index, exact in a double.
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = (h1[i] as number) * INDEX_BITS_LIMIT + i;
  keys.sort();
  for (let i = 0; i < n; i++) order[i] = (keys[i] as number) % INDEX_BITS_LIMIT;
  // Equal first halves of a hash (rare) are ordered by the second.
  for (let i = 0; i < n;) {
    let j = i + 1;
    while (j < n && h1[order[j] as number] === h1[order[i] as number]) j++;
    if (j - i > 1) order.subarray(i, j).sort((a, b) => (h2[a] as number) - (h2[b] as number));
    i = j;
  }
  return order;
}

/** 2^21: an index below it and a 32-bit hash above it fit in a double's 53 bits. */
const INDEX_BITS_LIMIT = 2 ** 21;

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

/** Whether a group's entry is a run copied from an old index (else one entry encoded anew). */
export const isRun = (e: object): e is EncodedRun => 'bytes' in e;

/** The widest entry of a group: each is padded to it. */
function widthOf(entries: GroupEntries): number {
  let w = 0;
  for (const e of entries) w = Math.max(w, isRun(e) ? e.width : e.length);
  return w;
}

function countOf(entries: GroupEntries): number {
  let n = 0;
  for (const e of entries) n += isRun(e) ? e.count : 1;
  return n;
}

/** Copies `run`'s entries into `body` from `at`, each padded to `width`; answers where the next goes. */
function copyRun(run: EncodedRun, body: Buffer, at: number, width: number): number {
  if (run.width === width) return at + run.bytes.copy(body, at);
  for (let i = 0; i < run.count; i++, at += width) run.bytes.copy(body, at, i * run.width, (i + 1) * run.width);
  return at;
}

/** A list's groups, then their directory; undefined when an entry is too wide to keep. */
function writeList(sink: Sink, l: ListSource): IndexList | undefined {
  const dir: { h1: number; h2: number; at: number; count: number; keyLen: number; width: number }[] = [];
  let tooWide = false;
  try {
    groupsOf(l, (key, entries) => {
      const k = Buffer.from(key);
      const count = typeof entries === 'number' ? entries : countOf(entries);
      const width = typeof entries === 'number' ? 0 : widthOf(entries);
      if (width > 0xffff || k.length > 0xffff) tooWide = true;
      if (tooWide) return;
      const body = Buffer.alloc(k.length + count * width);
      k.copy(body, 0);
      if (typeof entries !== 'number') {
        let at = k.length;
        for (const e of entries) {
          if (isRun(e)) at = copyRun(e, body, at, width);
          else {
            e.copy(body, at);
            at += width;
          }
        }
      }
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
  if (l.seqChanges) out.seqs = mergeSeqs(sink, l.seqChanges());
  else if (l.seqs) out.seqs = writeSeqs(sink, l.seqs.bind(l));
  return out;
}

function groupsOf(l: ListSource, fn: (key: string, entries: GroupEntries | number) => void): void {
  l.groups(fn);
}

type SeqSection = { at: number; count: number; width: number; fence: number };

/** A seqs entry: the id's hash, its sequence, the id. */
function seqEntry(out: Buffer, at: number, h1: number, h2: number, seq: number, id: Buffer): void {
  out.writeUInt32LE(h1, at);
  out.writeUInt32LE(h2, at + 4);
  out.writeDoubleLE(seq, at + 8);
  out.writeUInt16LE(id.length, at + 16);
  id.copy(out, at + 18);
}

/**
 * The old index's sequences, less those replaced, merged by hash with those added: the old ones
 * are copied as they are (their hashes read from them), and only an old entry whose hash is one
 * of a replaced id's has its id read, to tell which it is.
 */
function mergeSeqs(sink: Sink, c: SeqChanges): SeqSection {
  const old = c.old ?? { bytes: Buffer.alloc(0), width: 18, count: 0 };
  const fresh = [...c.added];
  const fh1 = new Uint32Array(fresh.length);
  const fh2 = new Uint32Array(fresh.length);
  fresh.forEach(([id], i) => ([fh1[i], fh2[i]] = hash2(id)));
  const add = Array.from(byHash(fh1, fh2, fresh.length), (i) => {
    const [id, seq] = fresh[i] as [string, number];
    return { id: Buffer.from(id), h1: fh1[i] as number, h2: fh2[i] as number, seq };
  });
  // Replaced ids by hash too: both lists are walked along the old entries, each once.
  const dropped: { id: string; h1: number; h2: number }[] = [];
  for (const id of c.replaced) {
    const [h1, h2] = hash2(id);
    dropped.push({ id, h1, h2 });
  }
  dropped.sort((a, b) => compareHash(a.h1, a.h2, b.h1, b.h2));
  let d = 0;
  /** Whether the old entry at `at`, of hash h1 h2, is one of a replaced id. */
  const isDropped = (h1: number, h2: number, at: number): boolean => {
    for (let x = dropped[d]; x && compareHash(x.h1, x.h2, h1, h2) < 0; x = dropped[++d]);
    for (let k = d, x = dropped[k]; x && x.h1 === h1 && x.h2 === h2; x = dropped[++k]) if (x.id === decodeId(old.bytes, at + 16)) return true;
    return false;
  };
  const width = add.reduce((w, a) => Math.max(w, 18 + a.id.length), old.width);
  const out = Buffer.alloc((old.count + add.length) * width);
  let n = 0;
  let j = 0;
  const addUpTo = (h1: number, h2: number) => {
    for (let a = add[j]; a && compareHash(a.h1, a.h2, h1, h2) < 0; a = add[++j]) seqEntry(out, n++ * width, a.h1, a.h2, a.seq, a.id);
  };
  // Old entries kept are copied a run at a time: one copy per entry was most of the work.
  let from = -1;
  const copyUpTo = (to: number) => {
    if (from < 0) return;
    n = copyRun({ bytes: old.bytes.subarray(from * old.width, to * old.width), width: old.width, count: to - from }, out, n * width, width) / width;
    from = -1;
  };
  const view = new DataView(old.bytes.buffer, old.bytes.byteOffset, old.bytes.byteLength);
  for (let i = 0; i < old.count; i++) {
    const at = i * old.width;
    const h1 = view.getUint32(at, true);
    const h2 = view.getUint32(at + 4, true);
    const gone = isDropped(h1, h2, at);
    const before = add[j];
    if (gone || (before && compareHash(before.h1, before.h2, h1, h2) < 0)) {
      copyUpTo(i);
      addUpTo(h1, h2);
    }
    if (!gone && from < 0) from = i;
  }
  copyUpTo(old.count);
  addUpTo(Infinity, Infinity);
  const body = out.subarray(0, n * width);
  return { at: sink.push(body), count: n, width, fence: fenceOf(sink, body, width, n) };
}

function writeSeqs(sink: Sink, each: (fn: (id: string, seq: number) => void) => void): SeqSection {
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
  runSteps(writeIndexSteps(path, head, stamp, tables, lists));
}

/** The same as steps, one list each (see runStepsPaced). */
export function* writeIndexSteps(
  path: string,
  head: { generation: string; seq: number; checksum: string },
  stamp: FileStamp,
  tables: WrittenTable[],
  lists: Iterable<ListSource>,
): Generator<Step, void> {
  yield* writeFileDurablySteps(indexPath(path), function* (write) {
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
      yield;
    }
    for (const l of lists) {
      const written = writeList(sink, l);
      if (written) header.lists.push(written);
      yield;
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
