import { closeSync, fstatSync, fsync, fsyncSync, mkdirSync, openSync, readSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';

/** What tells one version of a file from another without reading it. */
export interface FileStamp {
  size: number;
  mtimeMs: number;
  ino: number;
}

/** A file this process holds open for reading, and its inode. */
export interface HeldFile {
  fd: number;
  ino: number;
}

export function stampOf(path: string): FileStamp | undefined {
  try {
    const s = statSync(path);
    return { size: s.size, mtimeMs: s.mtimeMs, ino: s.ino };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

export const sameStamp = (a: FileStamp | undefined, b: FileStamp | undefined) => !!a && !!b && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino;

export function fsyncDir(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Temp files this process is writing. A process that exits part way (`process.exit` when its
 * reader went away, say) removes them as it goes, instead of leaving them for the next opener to
 * sweep with a message; generators' `finally` blocks do not run then.
 */
const writing = new Set<string>();
process.once('exit', () => {
  for (const tmp of writing) {
    try {
      unlinkSync(tmp);
    } catch {
      // already gone
    }
  }
});

/** A file replaced whole and durably: temp file with a unique name, fsync, rename, fsync of the directory. */
export function writeFileDurably(path: string, chunks: Iterable<string | Buffer>, mode = 0o600): FileStamp {
  return writeFileDurablyStreamed(
    path,
    (write) => {
      for (const c of chunks) write(typeof c === 'string' ? Buffer.from(c) : c);
      return undefined;
    },
    mode,
  );
}

/**
 * As writeFileDurably, the content handed to `write` piece by piece as `fill` makes it, so that a
 * large file is never whole in memory. `fill` may answer bytes to write over the file's start
 * once the rest is written: a header only known then (a checksum), of a length fixed beforehand.
 */
export function writeFileDurablyStreamed(path: string, fill: (write: (b: Buffer) => void) => Buffer | undefined, mode = 0o600): FileStamp {
  return runSteps(writeFileDurablySteps(path, (write) => once(() => fill(write)), mode));
}

/**
 * The same as steps: `fill` yields where its caller may pause (runStepsPaced), between pieces of a
 * file large enough that writing it whole would hold a server's other work for too long.
 */
export function* writeFileDurablySteps(
  path: string,
  fill: (write: (b: Buffer) => void) => Generator<Step, Buffer | undefined>,
  mode = 0o600,
): Generator<Step, FileStamp> {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const fd = openSync(tmp, 'wx', mode);
  writing.add(tmp);
  try {
    try {
      const head = yield* fill((b) => writeAll(fd, b));
      if (head) for (let done = 0; done < head.length;) done += writeSync(fd, head, done, head.length - done, done);
      yield { fsync: fd };
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch {
      // already gone
    }
    throw e;
  } finally {
    writing.delete(tmp);
  }
  fsyncDir(dir);
  return stampOf(path) as FileStamp;
}

/**
 * Where steps may pause: nothing to do, or a file's sync, which a paced run (runStepsPaced) hands
 * to libuv's thread pool, so that a large file's sync does not hold the event loop meanwhile.
 */
export type Step = void | { fsync: number };

/** Steps with no pause: `make`'s answer. */
// eslint-disable-next-line require-yield -- a step function that has nowhere to pause
export function* once<R>(make: () => R): Generator<Step, R> {
  return make();
}

/** Runs steps to the end at once. */
export function runSteps<R>(steps: Generator<Step, R>): R {
  let r = steps.next();
  while (!r.done) {
    const step = r.value;
    let failed: { error: unknown } | undefined;
    try {
      if (step) fsyncSync(step.fsync);
    } catch (error) {
      failed = { error };
    }
    // A failed sync is thrown where the steps asked for it, so that they clean up after themselves.
    r = failed ? steps.throw(failed.error) : steps.next();
  }
  return r.value;
}

/** Runs steps, letting the event loop turn between them: what arrived meanwhile is handled. */
export async function runStepsPaced<R>(steps: Generator<Step, R>): Promise<R> {
  let r = steps.next();
  while (!r.done) {
    const step = r.value;
    let failed: { error: unknown } | undefined;
    try {
      if (step) await new Promise<void>((resolve, reject) => fsync(step.fsync, (e) => (e ? reject(e) : resolve())));
      else await new Promise((resolve) => setImmediate(resolve));
    } catch (error) {
      failed = { error };
    }
    r = failed ? steps.throw(failed.error) : steps.next();
  }
  return r.value;
}

/** Writes every byte of `buf` at the file's current position (appends, for files opened with 'a'). */
export function writeAll(fd: number, buf: Buffer): void {
  for (let done = 0; done < buf.length;) done += writeSync(fd, buf, done, buf.length - done);
}

/** The file's bytes from `from` to its end, with the stamp of what was read; undefined when it does not exist. */
export function readFrom(path: string, from = 0): { buf: Buffer; stamp: FileStamp } | undefined {
  const fd = openIfExists(path);
  if (fd === undefined) return undefined;
  try {
    return readOpen(fd, from);
  } catch (e) {
    throw withPath(e, path);
  } finally {
    closeSync(fd);
  }
}

/** The error of a call on an open file (which Node reports without a path), naming `path`. */
export function withPath(e: unknown, path: string): unknown {
  const err = e as NodeJS.ErrnoException;
  if (err && typeof err === 'object' && typeof err.code === 'string' && err.path === undefined) err.path = path;
  return e;
}

/** The file opened for reading; undefined when it does not exist. */
export function openIfExists(path: string): number | undefined {
  try {
    return openSync(path, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

/** An open file's bytes from `from` to its end, with the stamp of what was read. */
export function readOpen(fd: number, from = 0): { buf: Buffer; stamp: FileStamp } {
  const st = fstatSync(fd);
  const buf = Buffer.allocUnsafe(Math.max(0, st.size - from));
  const got = readInto(fd, buf, from);
  return { buf: buf.subarray(0, got), stamp: { size: st.size, mtimeMs: st.mtimeMs, ino: st.ino } };
}

/** Fills `buf` from the file at `position`; answers how many bytes it got (fewer at the end of the file). */
export function readInto(fd: number, buf: Buffer, position: number): number {
  let got = 0;
  while (got < buf.length) {
    const n = readSync(fd, buf, got, buf.length - got, position + got);
    if (n === 0) break;
    got += n;
  }
  return got;
}
