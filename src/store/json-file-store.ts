import { closeSync, fsyncSync, openSync, readFileSync, renameSync, statSync, writeSync, mkdirSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { MemoryStore } from './memory-store.js';
import { State } from './state.js';
import type { Dump, Op } from './store.js';
import { StoreError } from './errors.js';

export const STORE_FORMAT = 'gbctl-store';
export const STORE_VERSION = 1;

interface FileStamp {
  size: number;
  mtimeMs: number;
  ino: number;
}

/** The embedded default: the dataset as one JSON file, replaced atomically on every write. */
export class JsonFileStore extends MemoryStore {
  private stamp: FileStamp | undefined;

  private constructor(readonly path: string, dump: Dump | undefined, stamp: FileStamp | undefined) {
    super(dump);
    this.stamp = stamp;
  }

  static open(path: string): JsonFileStore {
    const loaded = readStoreFile(path);
    return new JsonFileStore(path, loaded?.dump, loaded?.stamp);
  }

  protected override async beforeRead(): Promise<void> {
    this.reloadIfChanged();
  }

  protected override async beforeWrite(): Promise<void> {
    this.reloadIfChanged();
  }

  protected override async commit(ops: Op[]): Promise<void> {
    const next = State.fromDump(this.state.dump());
    next.apply(ops);
    this.stamp = writeStoreFile(this.path, next.dump());
    this.state = next;
  }

  private reloadIfChanged(): void {
    const now = stampOf(this.path);
    if (!now || (this.stamp && sameStamp(now, this.stamp))) return;
    const loaded = readStoreFile(this.path);
    if (loaded) {
      this.state = State.fromDump(loaded.dump);
      this.stamp = loaded.stamp;
    }
  }
}

function stampOf(path: string): FileStamp | undefined {
  try {
    const s = statSync(path);
    return { size: s.size, mtimeMs: s.mtimeMs, ino: s.ino };
  } catch {
    return undefined;
  }
}

function sameStamp(a: FileStamp, b: FileStamp): boolean {
  return a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino;
}

export function readStoreFile(path: string): { dump: Dump; stamp: FileStamp } | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new StoreError(`cannot read the store ${path}: ${(e as Error).message}`);
  }
  const stamp = stampOf(path) as FileStamp;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new StoreError(`the store ${path} is not valid JSON (${(e as Error).message}); it was left untouched`);
  }
  return { dump: parseDump(data, path), stamp };
}

export function parseDump(data: unknown, path: string): Dump {
  const d = data as { format?: unknown; version?: unknown; tables?: unknown };
  if (!d || typeof d !== 'object' || d.format !== STORE_FORMAT) {
    throw new StoreError(`${path} is not a gbctl store (no "format": "${STORE_FORMAT}"); it was left untouched`);
  }
  if (typeof d.version !== 'number' || d.version > STORE_VERSION) {
    throw new StoreError(`${path} has store format version ${String(d.version)}, newer than this gbctl understands (${STORE_VERSION}); upgrade gbctl`);
  }
  if (!d.tables || typeof d.tables !== 'object') throw new StoreError(`${path} has no "tables" object`);
  for (const [name, rows] of Object.entries(d.tables as Record<string, unknown>)) {
    if (!Array.isArray(rows) || rows.some((r) => !r || typeof r !== 'object' || typeof (r as { id?: unknown }).id !== 'string')) {
      throw new StoreError(`${path}: table "${name}" must be an array of records with string ids`);
    }
  }
  return { tables: d.tables as Dump['tables'] };
}

/** Temp file with a unique name, fsync, rename over the target, fsync the directory. */
export function writeStoreFile(path: string, dump: Dump): FileStamp {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const body = JSON.stringify({ format: STORE_FORMAT, version: STORE_VERSION, tables: dump.tables });
  const fd = openSync(tmp, 'w', 0o600);
  try {
    writeSync(fd, body);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
  const dfd = openSync(dir, 'r');
  try {
    fsyncSync(dfd);
  } finally {
    closeSync(dfd);
  }
  return stampOf(path) as FileStamp;
}
