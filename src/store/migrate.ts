import { STORE_VERSION } from './format.js';
import type { StoreDocument } from './validate.js';

/**
 * One function per older format version, turning a document of that version into one of the
 * next. Add one here (and bump STORE_VERSION) whenever the layout of the files changes.
 */
export const migrations: Record<number, { describe: string; up(doc: StoreDocument): StoreDocument }> = {
  1: {
    // Format 1 was the whole dataset in one file, rewritten on every write. Format 2 keeps the
    // tables as they were, adds a generation, sequence number and checksum to the snapshot and
    // moves each write to the journal beside it.
    describe: 'one file rewritten per write → snapshot with checksum plus journal',
    up: (doc) => ({ version: 2, tables: doc.tables }),
  },
  2: {
    // Format 3 keeps the layout; a snapshot's checksum covers its header (generation, seq) too.
    describe: 'snapshot checksum covers the header',
    up: (doc) => ({ ...doc, version: 3 }),
  },
};

/** The document brought to the current version, and the steps that took it there. */
export function migrate(doc: StoreDocument): { doc: StoreDocument; steps: string[] } {
  const steps: string[] = [];
  let d = doc;
  while (d.version < STORE_VERSION) {
    const m = migrations[d.version];
    if (!m) throw new Error(`no migration from store format version ${d.version}`);
    steps.push(`${d.version} → ${d.version + 1} (${m.describe})`);
    d = m.up(d);
  }
  return { doc: d, steps };
}
