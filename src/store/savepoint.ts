import { closeSync, fstatSync, openSync } from 'node:fs';
import { StoreError } from './errors.js';
import type { FileView } from './file-view.js';
import { readInto } from './files.js';
import { parseJournal } from './format.js';
import type { Base } from './base.js';
import { State } from './state.js';

/**
 * A place in a store's files (see JsonFileStore.savepoint): its snapshot, kept open, and how far
 * the journal that follows it ran, also kept open. Files a compaction has since replaced stay
 * readable through these until release.
 */
export interface Savepoint {
  rows: Base;
  journal?: { fd: number; end: number };
}

/**
 * A savepoint of the files `view` follows, taken holding the lock: a state not yet read from a
 * snapshot (one never compacted) is written as one first, so that every savepoint is a file.
 */
export function takeSavepoint(view: FileView): Savepoint {
  view.sync('locked');
  if (!view.state.file) view.writeState();
  const rows = view.state.file?.retain();
  if (!rows || !view.snap) throw new StoreError(`cannot take a snapshot of ${view.path}: its snapshot file could not be reopened`);
  const j = view.journal;
  if (!j || j.generation !== view.snap.generation || j.offset === 0) return { rows };
  const fd = openSync(view.journalFile, 'r');
  if (fstatSync(fd).ino !== j.ino) {
    closeSync(fd);
    rows.release();
    throw new StoreError(`${view.journalFile} was replaced while gbctl held the store's lock; try again`);
  }
  return { rows, journal: { fd, end: j.offset } };
}

/** The data as it stood at the savepoint: the snapshot's records, then the journal's up to there. */
export function savedState(sp: Savepoint): State {
  const state = new State(sp.rows);
  if (sp.journal) {
    const buf = Buffer.allocUnsafe(sp.journal.end);
    if (readInto(sp.journal.fd, buf, 0) < buf.length) throw new StoreError('the journal of the snapshot to restore was cut short');
    for (const rec of parseJournal(buf, 0, 1).records) state.apply(rec.ops);
  }
  return state;
}

export function releaseSavepoint(sp: Savepoint): void {
  sp.rows.release();
  if (sp.journal) closeSync(sp.journal.fd);
}
