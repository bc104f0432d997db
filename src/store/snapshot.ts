import { StoreError } from './errors.js';
import { readFrom, writeFileDurably, type FileStamp } from './files.js';
import { encodeJournalHeader, encodeSnapshot, journalPath, newGeneration, snapshotIntact, STORE_VERSION } from './format.js';
import type { Row } from './store.js';
import { checkEnvelope, validateDocument, type StoreDocument } from './validate.js';

/** A snapshot file as read: its document, whether gbctl wrote it as it stands, and what was read. */
export interface SnapshotFile {
  doc: StoreDocument;
  /** The version on disk, before any migration. */
  version: number;
  /** Its checksum matches: no one else changed it. Always false for versions before 2. */
  intact: boolean;
  stamp: FileStamp;
  buf: Buffer;
}

export function readSnapshot(path: string): SnapshotFile | undefined {
  const read = readFrom(path);
  if (!read) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(read.buf.toString('utf8'));
  } catch (e) {
    throw new StoreError(
      `the store ${path} is not valid JSON (${(e as Error).message}); it was left untouched. ` +
        `If it was edited by hand, fix it; or replace the store with a good file: gbctl store import FILE --store ${path}`,
    );
  }
  const version = checkEnvelope(data, path);
  const intact = version === STORE_VERSION && snapshotIntact(read.buf, (data as { checksum?: unknown }).checksum);
  const doc = validateDocument(data, path, !intact);
  return { doc, version, intact, stamp: read.stamp, buf: read.buf };
}

export function editedError(path: string): StoreError {
  return new StoreError(
    `the store ${path} was changed by something other than gbctl since gbctl last wrote it (its checksum does not match), ` +
      `so gbctl will not overwrite it. To keep the edited file, run "gbctl store compact --force --store ${path}" ` +
      `(it becomes the store, with any writes journaled since replayed on top); to replace the store with another file, ` +
      `run "gbctl store import FILE --store ${path}".`,
  );
}

/**
 * Writes `tables` as a new snapshot of a new generation, then a fresh journal naming it:
 * each a temp file, fsynced, renamed into place, directory fsynced. A crash between the two
 * leaves the old journal, whose records the new snapshot already holds.
 */
export function writeBase(path: string, seq: number, tables: Record<string, Row[]>): { generation: string; stamp: FileStamp; journal: FileStamp } {
  const generation = newGeneration();
  const stamp = writeFileDurably(path, [encodeSnapshot({ generation, seq }, tables)]);
  const journal = writeFileDurably(journalPath(path), [encodeJournalHeader(generation)]);
  return { generation, stamp, journal };
}

/** A format-2 document as `gbctl store export` writes it: the tables and nothing tied to one store. */
export function exportText(tables: Record<string, Row[]>): string {
  return `${JSON.stringify({ format: 'gbctl-store', version: STORE_VERSION, tables }, null, 1)}\n`;
}
