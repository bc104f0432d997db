import type { StoreError } from './errors.js';
import { writeFileDurably, type FileStamp } from './files.js';
import { STORE_VERSION, TABLES_ONLY_CHECKSUM_VERSION } from './format.js';
import { backupBytes, migrate } from './migrate.js';
import { editedError, readSnapshot, upgradeChecksum, writeBase } from './snapshot.js';
import { State } from './state.js';

/** How this process's view relates to the files: 'locked' repairs, 'unlocked' asks for the lock, 'read-only' only reads. */
export type LoadMode = 'locked' | 'unlocked' | 'read-only';

/** Where a step of catching up ended: done, short of a repair that needs the lock, or overtaken by another process. */
export type Outcome = 'ok' | 'need-lock' | 'retry';

/** The snapshot a state was loaded from. */
export interface Loaded {
  stamp: FileStamp;
  generation: string;
  seq: number;
  version: number;
  /** Changed outside gbctl and accepted (--force or read-only). */
  edited: boolean;
}

/** What reading the snapshot came to: a state to use, an edit refused, or a step short of one (see Outcome). */
export type SnapshotLoad =
  | Exclude<Outcome, 'ok'>
  | { state: State; loaded: Loaded }
  /** Changed outside gbctl and not accepted: refused until the file changes again. */
  | { rejected: { stamp: FileStamp; error: StoreError } };

export interface SnapshotLoadOptions {
  /** Accept a snapshot changed outside gbctl. */
  force: boolean;
  warn: (message: string) => void;
  /** Where a read-only look records what a writer would repair. */
  notes: { note(text: string): void };
}

/**
 * Reads the snapshot at `path` into a state. One gbctl wrote, as it stands, is read in place; an
 * older format is migrated (under the lock: a backup, the new file and a message; read-only: in
 * memory, with a note); one edited by something else is refused unless forced or only read.
 */
export function loadSnapshot(path: string, mode: LoadMode, opts: SnapshotLoadOptions): SnapshotLoad {
  const file = readSnapshot(path);
  if (!file) return 'retry';
  if ('rows' in file.data) {
    const { rows, generation, seq } = file.data;
    return { state: new State(rows), loaded: { stamp: file.stamp, generation, seq, version: STORE_VERSION, edited: false } };
  }
  const { doc: fileDoc, buf } = file.data;
  if (file.version === TABLES_ONLY_CHECKSUM_VERSION && file.intact) {
    // Its data and journal stay as they are: only the checksum changes, to cover the header.
    if (mode === 'unlocked') return 'need-lock';
    if (mode === 'locked') {
      upgradeChecksum(path, buf, fileDoc.generation ?? '', fileDoc.seq ?? 0);
      opts.warn(`gbctl: migrated the store ${path} from format version ${file.version} to ${STORE_VERSION} (its checksum now covers its header)`);
      return 'retry';
    }
    opts.notes.note(`format version ${file.version}: its checksum will be made to cover its header when gbctl next opens it for writing`);
  } else if (file.version < TABLES_ONLY_CHECKSUM_VERSION) {
    if (mode === 'unlocked') return 'need-lock';
    const { doc, steps } = migrate(fileDoc);
    if (mode === 'locked') {
      const backup = `${path}.v${file.version}.bak`;
      writeFileDurably(backup, [backupBytes(buf)]);
      const base = writeBase(path, 0, doc.tables);
      opts.warn(
        `gbctl: migrated the store ${path} from format version ${file.version} to ${STORE_VERSION} (${steps.join('; ')}); the old file is kept as ${backup}`,
      );
      return {
        state: State.fromDump({ tables: doc.tables }),
        loaded: { stamp: base.stamp, generation: base.generation, seq: 0, version: STORE_VERSION, edited: false },
      };
    }
    opts.notes.note(`format version ${file.version}: it will be migrated to ${STORE_VERSION} when gbctl next opens it for writing`);
    return { state: State.fromDump({ tables: doc.tables }), loaded: { stamp: file.stamp, generation: '', seq: 0, version: file.version, edited: false } };
  }
  if (!file.intact && !opts.force && mode !== 'read-only') return { rejected: { stamp: file.stamp, error: editedError(path) } };
  if (!file.intact && mode === 'unlocked') return 'need-lock';
  if (!file.intact && mode === 'read-only') opts.notes.note('the snapshot was changed outside gbctl since gbctl last wrote it (its checksum does not match)');
  return {
    state: State.fromDump({ tables: fileDoc.tables }),
    loaded: { stamp: file.stamp, generation: fileDoc.generation ?? '', seq: fileDoc.seq ?? 0, version: file.version, edited: !file.intact },
  };
}
