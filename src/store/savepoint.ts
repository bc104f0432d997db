import { closeSync } from 'node:fs';
import { StoreError } from './errors.js';
import { readInto } from './files.js';
import { parseJournal } from './format.js';
import type { RowFile } from './rows.js';
import { State } from './state.js';

/**
 * A place in a store's files (see JsonFileStore.savepoint): its snapshot, kept open, and how far
 * the journal that follows it ran, also kept open. Files a compaction has since replaced stay
 * readable through these until release.
 */
export interface Savepoint {
  rows: RowFile;
  journal?: { fd: number; end: number };
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
