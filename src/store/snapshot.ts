import { closeSync, fstatSync, openSync } from 'node:fs';
import { StoreDamage, StoreError } from './errors.js';
import { openIfExists, readInto, readOpen, runSteps, withPath, writeFileDurably, writeFileDurablySteps, type FileStamp, type Step } from './files.js';
import type { Base } from './base.js';
import {
  encodeJournalHeader,
  journalPath,
  STORE_FORMAT,
  newGeneration,
  SNAPSHOT_TAIL,
  snapshotHeader,
  snapshotHeadStream,
  snapshotIntact,
  snapshotParts,
  STORE_VERSION,
  tablesRange,
} from './format.js';
import { indexPath } from './index-format.js';
import { IndexedFile } from './index-read.js';
import { writeIndex, writeIndexSteps } from './index-write.js';
import { listsToKeep } from './kept.js';
import { RowFile } from './rows.js';
import { ScanError, scanTables } from './scan.js';
import { HEAD_BYTES, scanSnapshot } from './snapshot-scan.js';
import { State } from './state.js';
import type { Row } from './store.js';
import { checkEnvelope, validateDocument, type StoreDocument } from './validate.js';

/** A snapshot file as read: its document, whether gbctl wrote it as it stands, and what was read. */
export interface SnapshotFile {
  /**
   * The data: the file, kept open, its records read on demand, when gbctl wrote it as it stands
   * (through its index when the index matches it, else scanned), else the parsed document and
   * the file's bytes.
   */
  data: { rows: Base; generation: string; seq: number } | { doc: StoreDocument; buf: Buffer };
  /** The version on disk, before any migration. */
  version: number;
  /** Its checksum matches: no one else changed it (format 2: its tables). Always false for versions before 2. */
  intact: boolean;
  stamp: FileStamp;
}

export function readSnapshot(path: string): SnapshotFile | undefined {
  const fd = openIfExists(path);
  if (fd === undefined) return undefined;
  let kept = false;
  try {
    const file = readOpenSnapshot(fd, path);
    kept = 'rows' in file.data;
    return file;
  } catch (e) {
    if (e instanceof ScanError) throw new StoreError(`the store ${path} is not a valid gbctl store (${e.message}); it was left untouched`);
    throw withPath(e, path);
  } finally {
    if (!kept) closeSync(fd);
  }
}

function readOpenSnapshot(fd: number, path: string): SnapshotFile {
  const st = fstatSync(fd);
  const stamp = { size: st.size, mtimeMs: st.mtimeMs, ino: st.ino };
  const indexed = openIndexed(fd, path, stamp);
  if (indexed) return { data: indexed, version: STORE_VERSION, intact: true, stamp };
  const scanned = scanSnapshot(fd, st.size);
  if (scanned) {
    checkEnvelope(scanned.head, path);
    const rows = RowFile.fromScan(fd, path, scanned.tables, 0);
    rows.checksum = scanned.head.checksum as string;
    return { data: { rows, generation: scanned.generation, seq: scanned.seq }, version: STORE_VERSION, intact: true, stamp };
  }
  // Another layout, an older format, or a file changed by hand: read whole.
  const { buf } = readOpen(fd);
  const head = snapshotHeader(buf);
  if (head?.version === STORE_VERSION && typeof head.generation === 'string' && Number.isInteger(head.seq) && snapshotIntact(buf, head)) {
    checkEnvelope(head, path);
    const range = tablesRange(buf) as { start: number; end: number };
    const rows = RowFile.fromScan(fd, path, scanTables(buf, range.start, range.end), 0);
    rows.checksum = head.checksum as string;
    return { data: { rows, generation: head.generation, seq: head.seq as number }, version: STORE_VERSION, intact: true, stamp };
  }
  let data: unknown;
  try {
    data = JSON.parse(buf.toString('utf8'));
  } catch (e) {
    throw new StoreError(
      `the store ${path} is not valid JSON (${(e as Error).message}); it was left untouched. ` +
        `If it was edited by hand, fix it; or replace the store with a good file: gbctl store import FILE --store ${path}`,
    );
  }
  const version = checkEnvelope(data, path);
  const intact = snapshotIntact(buf, data as Record<string, unknown>);
  const doc = validateDocument(data, path, !intact);
  return { data: { doc, buf }, version, intact, stamp };
}

/**
 * The snapshot through the index beside it, when that index was written for it as it stands: the
 * header is all that is read of the snapshot. Its checksum was taken when gbctl wrote both; a
 * change made since shows in the file's size, time or inode, and the snapshot is then scanned.
 */
function openIndexed(fd: number, path: string, stamp: FileStamp): { rows: Base; generation: string; seq: number } | undefined {
  const first = Buffer.allocUnsafe(Math.min(stamp.size, HEAD_BYTES));
  const head = snapshotHeader(first.subarray(0, readInto(fd, first, 0)));
  if (
    head?.format !== STORE_FORMAT ||
    head.version !== STORE_VERSION ||
    typeof head.generation !== 'string' ||
    !Number.isInteger(head.seq) ||
    typeof head.checksum !== 'string'
  )
    return undefined;
  const h = { generation: head.generation, seq: head.seq as number, checksum: head.checksum };
  const rows = IndexedFile.open(fd, path, indexPath(path), h, stamp);
  return rows && { rows, generation: h.generation, seq: h.seq };
}

/**
 * Rewrites a format-2 snapshot that gbctl wrote, as it stands, in the current format: the same
 * generation, seq and tables, under a checksum that covers the header too. Its journal still
 * follows it. Under the lock.
 */
export function upgradeChecksum(path: string, buf: Buffer, generation: string, seq: number): void {
  const range = tablesRange(buf) as { start: number; end: number };
  const tables = buf.subarray(range.start, range.end);
  const { head, tail } = snapshotParts({ generation, seq }, [tables]);
  writeFileDurably(path, [head, tables, tail]);
}

export function editedError(path: string): StoreDamage {
  return new StoreDamage(
    `the store ${path} was changed by something other than gbctl since gbctl last wrote it (its checksum does not match), ` +
      `so gbctl will not overwrite it. To keep the edited file, run "gbctl store compact --force --store ${path}" ` +
      `(it becomes the store, with any writes journaled since replayed on top); to replace the store with another file, ` +
      `run "gbctl store import FILE --store ${path}".`,
  );
}

/** Tables' text is written in pieces of about this size. */
const PIECE_BYTES = 1024 * 1024;

/**
 * Writes the state as a new snapshot of a new generation, then a fresh journal naming it: each a
 * temp file, fsynced, renamed into place, directory fsynced. A crash between the two leaves the
 * old journal, whose records the new snapshot already holds. Records still in the old file are
 * copied as they are. The text goes to the file a piece at a time, its checksum taken as it goes,
 * so that a compaction holds a piece of the store in memory, not all of it. Answers the new
 * snapshot as a RowFile (undefined if it cannot be reopened).
 */
export function writeSnapshot(path: string, seq: number, state: State): WrittenSnapshot {
  return runSteps(writeSnapshotSteps(path, seq, state));
}

export interface WrittenSnapshot {
  generation: string;
  stamp: FileStamp;
  journal: FileStamp;
  rows: Base | undefined;
}

/**
 * The same as steps (see runStepsPaced): a mebibyte of a table's text, the lists to keep, a
 * table's ids or a list of the index each, and each file's sync. A server's compaction lets reads
 * be answered between them; nothing may change the state while they run.
 */
export function* writeSnapshotSteps(path: string, seq: number, state: State): Generator<Step, WrittenSnapshot> {
  const generation = newGeneration();
  const header = snapshotHeadStream({ generation, seq });
  const placed: PlacedTable[] = [];
  const stamp = yield* writeFileDurablySteps(path, function* (write) {
    write(header.placeholder);
    yield* tablesTextSteps(state, placed, (piece) => {
      header.update(piece);
      write(piece);
    });
    write(Buffer.from(SNAPSHOT_TAIL));
    return header.head();
  });
  const at = header.placeholder.length;
  const head = { generation, seq, checksum: header.checksum() };
  const written = placed.map((t) => ({ name: t.name, ids: t.ids, starts: t.starts.map((s) => s + at), ends: t.ends.map((e) => e + at) }));
  yield;
  // Making the lists the index keeps reads each declared list's changes since the snapshot: a step of its own.
  const lists = listsToKeep(state);
  yield;
  yield* writeIndexSteps(path, head, stamp, written, lists);
  const journal = writeFileDurably(journalPath(path), [encodeJournalHeader(generation)]);
  return { generation, stamp, journal, rows: reopen(path, stamp, head, placed, at) };
}

/** Where a table's records lie in the text of `tables`: their ids, and each one's start and end offsets. */
export interface PlacedTable {
  name: string;
  ids: string[];
  starts: number[];
  ends: number[];
}

/**
 * The text of a snapshot's `tables`, handed to `emit` in pieces of about PIECE_BYTES, noting in
 * `placed` where each record lies. One record a line (see scanRecordLines): a load finds them
 * without parsing, and a diff of two snapshots shows the records that changed.
 */
export function tablesText(state: State, placed: PlacedTable[], emit: (piece: Buffer) => void): void {
  runSteps(tablesTextSteps(state, placed, emit));
}

/** The same as steps, a mebibyte of a table's records or the end of a table each. */
function* tablesTextSteps(state: State, placed: PlacedTable[], emit: (piece: Buffer) => void): Generator<void, void> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let size = 0;
  const push = (text: string | Buffer) => {
    const b = typeof text === 'string' ? Buffer.from(text) : text;
    pending.push(b);
    pendingBytes += b.length;
    size += b.length;
  };
  const take = () => {
    const piece = Buffer.concat(pending);
    pending = [];
    pendingBytes = 0;
    return piece;
  };
  push('{');
  for (const name of state.tableNames()) {
    if (!state.size(name)) continue;
    push(`${placed.length ? ',' : ''}\n${JSON.stringify(name)}:[`);
    const t: PlacedTable = { name, ids: [], starts: [], ends: [] };
    yield* state.textSteps(name, (id, text) => {
      push(t.ids.length > 0 ? ',\n' : '\n');
      t.ids.push(id);
      t.starts.push(size);
      push(text);
      t.ends.push(size);
      if (pendingBytes >= PIECE_BYTES) emit(take());
    });
    push('\n]');
    placed.push(t);
    yield;
  }
  push('\n}');
  emit(take());
}

/** The snapshot just written, open for reading its records (through its index); undefined if it was replaced meanwhile. */
function reopen(
  path: string,
  stamp: FileStamp,
  head: { generation: string; seq: number; checksum: string },
  placed: PlacedTable[],
  base: number,
): Base | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  if (fstatSync(fd).ino !== stamp.ino) {
    closeSync(fd);
    return undefined;
  }
  try {
    const indexed = IndexedFile.open(fd, path, indexPath(path), head, stamp);
    if (indexed) return indexed;
    const rows = RowFile.fromScan(fd, path, placed, base);
    rows.checksum = head.checksum;
    return rows;
  } catch (e) {
    closeSync(fd);
    throw e;
  }
}

/**
 * Writes the index of a snapshot that has none (see IndexedFile), read by a scan as `rows`: its
 * records' places and the lists of its records (not of the journal's, which follow it).
 */
export function indexSnapshot(rows: RowFile, generation: string, seq: number, stamp: FileStamp): void {
  if (!rows.checksum) return;
  writeIndex(rows.path, { generation, seq, checksum: rows.checksum }, stamp, rows.placed(), listsToKeep(new State(rows)));
}

/** Writes `tables` as a new snapshot of a new generation with a fresh journal (see writeSnapshot). */
export function writeBase(path: string, seq: number, tables: Record<string, Row[]>): { generation: string; stamp: FileStamp; journal: FileStamp } {
  const { rows, ...written } = writeSnapshot(path, seq, State.fromDump({ tables }));
  rows?.release();
  return written;
}

/** A format-2 document as `gbctl store export` writes it: the tables and nothing tied to one store. */
export function exportText(tables: Record<string, Row[]>): string {
  return `${JSON.stringify({ format: 'gbctl-store', version: STORE_VERSION, tables }, null, 1)}\n`;
}
