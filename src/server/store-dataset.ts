import type { JsonFileStore } from '../store/json-file-store.js';
import { releaseSavepoint, type Savepoint } from '../store/savepoint.js';
import type { DatasetControl } from './controls/routes.js';

/** What a read-only store's snapshots hold: nothing, since nothing can be restored to them. */
const NOTHING_SAVED = Symbol('read-only store');

/**
 * The emulator's dataset snapshots over a file store: its savepoints. A store opened read-only
 * is snapshotted as nothing (serve remembers its initial data at start-up), and a restore is
 * refused there as every write is (503).
 */
export function fileStoreDataset(store: () => JsonFileStore): DatasetControl {
  return {
    snapshot: () => (store().openedReadOnly !== undefined ? Promise.resolve(NOTHING_SAVED) : store().savepoint()),
    restore: (saved) => store().restoreSavepoint(saved as Savepoint),
    release: (saved) => {
      if (saved !== NOTHING_SAVED) releaseSavepoint(saved as Savepoint);
    },
  };
}
