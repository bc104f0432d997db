import { Generations } from './generations.js';
import type { Blocks } from './blocks.js';
import { compareHash, decodeId, decodePosition, FENCE, GROUP_ENTRY, hash2, type IndexList } from './index-format.js';
import type { EncodedRun, FileGroup, ListKind, PersistedList, Position } from './types.js';

/*
 * The sorted sections of an index file (index-format.ts) as read: a directory of entries found by
 * the hash they begin with, and the derived lists kept in it, group by group.
 */

/**
 * A section of `count` entries of `width` bytes at `at`, sorted by the hash each begins with, with
 * its fence at `fence` (see FENCE): read once, when first searched.
 */
export class HashDir {
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

export class FileList implements PersistedList {
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
