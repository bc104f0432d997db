import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { runToEnd } from '../../lib/steps.js';
import type { IndexJson } from './search-index.js';

/**
 * Search indexes kept on disk beside the store, one a space, named by the space and the revision
 * indexed (`SPACE.REVISION.json`), the most recently used first. A file is written whole under a
 * temporary name and then renamed, so a reader sees an old file or a new one, never part of one.
 * One that cannot be read, or was written by an indexing that differs from this one's, is
 * removed: the index is built again from the revision. The folder may be deleted at any time.
 */

/** Bump when what is indexed or how (sections, fields, the library's tokenising) changes. */
export const INDEX_FORMAT = 3;
const FORMAT_NAME = 'gbctl-search-index';
/** Files kept: the least recently used beyond these are removed. */
export const MAX_KEPT = 16;

const NAME = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.json$/;
const TEMP = /^\..+\.\d+\.[0-9a-f]{8}\.tmp$/;

/** A temporary file of a write that a process ended during: gone after a while. */
function removeIfOld(file: string): void {
  try {
    if (Date.now() - statSync(file).mtimeMs > 10 * 60_000) rmSync(file, { force: true });
  } catch {
    // removed meanwhile
  }
}

/** Where a store's search indexes are kept: in its cache folder, when it is a file (see Env.cacheDir). */
export const searchDir = (env: { cacheDir?: string | undefined }) => (env.cacheDir ? join(env.cacheDir, 'search') : undefined);

export interface KeptFile {
  format: typeof FORMAT_NAME;
  version: number;
  space: string;
  fp: string;
  data: IndexJson;
}

export interface KeptEntry {
  space: string;
  revision: string;
  file: string;
  usedAt: number;
}

/** The indexes kept in `dir`, the most recently used first. */
export function keptIn(dir: string): KeptEntry[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const out: KeptEntry[] = [];
  for (const name of names) {
    const file = join(dir, name);
    const m = NAME.exec(name);
    if (!m) {
      if (TEMP.test(name)) removeIfOld(file);
      continue;
    }
    try {
      out.push({ space: m[1] as string, revision: m[2] as string, file, usedAt: statSync(file).mtimeMs });
    } catch {
      // removed meanwhile
    }
  }
  return out.sort((a, b) => b.usedAt - a.usedAt);
}

/** The index kept for `space`, or undefined (none, or one not readable: removed). */
export function readKept(dir: string, space: string): KeptFile | undefined {
  const mine = keptIn(dir).filter((k) => k.space === space);
  for (const k of mine.slice(1)) rmSync(k.file, { force: true });
  const k = mine[0];
  if (!k) return undefined;
  try {
    const data = JSON.parse(readFileSync(k.file, 'utf8')) as KeptFile;
    if (data.format !== FORMAT_NAME || data.version !== INDEX_FORMAT || data.space !== space || data.data?.revision !== k.revision)
      throw new Error('not an index of this form');
    const now = new Date();
    utimesSync(k.file, now, now);
    return data;
  } catch {
    rmSync(k.file, { force: true });
    return undefined;
  }
}

/** An index as `writeKeptSteps` writes it: the revision it is of, and its JSON text in pieces. */
export interface WritableIndex {
  revision: string;
  jsonPieces(): Iterable<string>;
}

function writeText(fd: number, text: string): void {
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
}

/**
 * Writes `space`'s index, replacing the one kept before, and keeps at most MAX_KEPT: a step per
 * piece of its text, so that the search thread answers queries between them. A write given up
 * before its last step (`return()` on the steps) leaves nothing behind but the file kept before.
 */
export function* writeKeptSteps(dir: string, space: string, fp: string, index: WritableIndex): Generator<void, void, undefined> {
  const name = `${space}.${index.revision}.json`;
  if (!NAME.test(name)) return;
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name);
  const tmp = join(dir, `.${name}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  let fd: number | undefined = openSync(tmp, 'wx');
  let renamed = false;
  try {
    writeText(fd, `{"format":${JSON.stringify(FORMAT_NAME)},"version":${INDEX_FORMAT},"space":${JSON.stringify(space)},"fp":${JSON.stringify(fp)},"data":`);
    for (const piece of index.jsonPieces()) {
      writeText(fd, piece);
      yield;
    }
    writeText(fd, '}');
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, file);
    renamed = true;
  } finally {
    if (fd !== undefined) closeSync(fd);
    if (!renamed) rmSync(tmp, { force: true });
  }
  const all = keptIn(dir);
  for (const k of all) if (k.space === space && k.file !== file) rmSync(k.file, { force: true });
  for (const k of all.filter((x) => x.space !== space).slice(MAX_KEPT - 1)) rmSync(k.file, { force: true });
}

/** `writeKeptSteps` at once. */
export function writeKept(dir: string, space: string, fp: string, index: WritableIndex): void {
  runToEnd(writeKeptSteps(dir, space, fp, index));
}
