import { StoreError } from './errors.js';
import { readInto, runSteps } from './files.js';
import { Generations } from './generations.js';

const BLOCK = 4096;
/**
 * Blocks kept: 16 MiB at most, half of it at least. An index's id directory is a hash table, so
 * the records of one page of a list fall in as many blocks as the page has records; with 100,000
 * spaces it spans thousands of blocks, and a cache of a few hundred read one from the file for
 * nearly every record of a walk.
 */
export const KEEP_BLOCKS = 4096;

/**
 * Reads an open file at any offset through a small cache of 4 KiB blocks: the probes of a binary
 * search and the entries of a page fall in few blocks, each read once. The file is never written
 * (a compaction renames another over its name), so what is cached stays true.
 */
export class Blocks {
  private readonly cache = new Generations<number, Buffer>(KEEP_BLOCKS / 2);

  constructor(
    readonly fd: number,
    readonly path: string,
  ) {}

  /** `len` bytes at `pos`; the answer may share memory with the cache: do not change it. */
  read(pos: number, len: number): Buffer {
    const first = Math.floor(pos / BLOCK);
    const last = Math.floor((pos + len - 1) / BLOCK);
    if (len === 0 || last - first > 3) return this.direct(pos, len);
    // A few blocks (a run of entries across a block's end): joined from the cache.
    if (last !== first) {
      const parts: Buffer[] = [];
      for (let n = first; n <= last; n++) parts.push(this.block(n));
      const joined = Buffer.concat(parts);
      const at = pos - first * BLOCK;
      if (at + len > joined.length) throw new StoreError(`${this.path} was cut short under gbctl; run the command again`);
      return joined.subarray(at, at + len);
    }
    const block = this.block(first);
    const at = pos - first * BLOCK;
    if (at + len > block.length) throw new StoreError(`${this.path} was cut short under gbctl; run the command again`);
    return block.subarray(at, at + len);
  }

  /**
   * The unsigned 32-bit little-endian number at `pos`, read from the cache without making a
   * buffer: a binary search over the index reads a few of these for each lookup, most of them
   * for values the index does not hold.
   */
  u32(pos: number): number {
    const n = Math.floor(pos / BLOCK);
    const at = pos - n * BLOCK;
    const block = this.block(n);
    if (at + 4 <= block.length) return block.readUInt32LE(at);
    return this.read(pos, 4).readUInt32LE(0);
  }

  /** Bytes read straight from the file, not kept. */
  direct(pos: number, len: number): Buffer {
    const buf = Buffer.allocUnsafe(len);
    if (readInto(this.fd, buf, pos) < len) throw new StoreError(`${this.path} was cut short under gbctl; run the command again`);
    return buf;
  }

  private block(n: number): Buffer {
    let b = this.cache.get(n);
    if (b) return b;
    const buf = Buffer.allocUnsafe(BLOCK);
    b = buf.subarray(0, readInto(this.fd, buf, n * BLOCK));
    this.cache.set(n, b);
    return b;
  }
}

/**
 * The lines of a file from `start` to `end`, read a mebibyte at a time: each line's bytes (its
 * newline left out) with the offset it starts at.
 */
export function eachLine(fd: number, path: string, start: number, end: number, fn: (line: Buffer, at: number) => void): void {
  runSteps(lineSteps(fd, path, start, end, fn));
}

/** The same as steps, one mebibyte each (see runStepsPaced). */
export function* lineSteps(fd: number, path: string, start: number, end: number, fn: (line: Buffer, at: number) => void): Generator<void, void> {
  const piece = 1024 * 1024;
  let carry: Buffer | undefined;
  let carryAt = start;
  for (let pos = start; pos < end;) {
    const len = Math.min(piece, end - pos);
    const buf = Buffer.allocUnsafe(len);
    if (readInto(fd, buf, pos) < len) throw new StoreError(`the store ${path} was cut short under gbctl; run the command again`);
    const text = carry ? Buffer.concat([carry, buf]) : buf;
    const textAt = carry ? carryAt : pos;
    let i = 0;
    for (;;) {
      const nl = text.indexOf(0x0a, i);
      if (nl < 0) break;
      fn(text.subarray(i, nl), textAt + i);
      i = nl + 1;
    }
    carry = i < text.length ? text.subarray(i) : undefined;
    carryAt = textAt + i;
    pos += len;
    yield;
  }
  if (carry) fn(carry, carryAt);
}
