import { resolve } from 'node:path';
import { TxCore } from './core.js';
import { FileDurability, type IdleCompact } from './file-durability.js';
export type { IdleCompact } from './file-durability.js';
import { FileView } from './file-view.js';
import { journalPath, lockPath, STORE_VERSION } from './format.js';
import { describeStore, type StoreInfo } from './info.js';
import { FileLock } from './lock.js';
import { savedState, type Savepoint } from './savepoint.js';
import { writeBase } from './snapshot.js';
import { withFsErrors } from './errors.js';
import { whyNotWritable } from './writable.js';
import { State } from './state.js';
import type { Dump, ReadMark, ReadTx, Store, WriteTx } from './store.js';

export { STORE_FORMAT, STORE_VERSION } from './format.js';

export interface JsonFileStoreOptions {
  /** Accept a snapshot changed outside gbctl: replay the journal over it and rewrite it with a new checksum. */
  force?: boolean;
  /**
   * Never lock or write: for inspection, or a store that cannot be written here. Accepts an
   * edited snapshot, ignores a torn tail in memory and stops at a damaged journal line, each
   * with a note. 'auto': so when this process cannot write the store's folder or journal.
   */
  readOnly?: boolean | 'auto';
  /** Why the store is opened read-only, as a refused write says it (`readOnly: true`). */
  readOnlyWhy?: string;
  /** Where messages go (taken-over locks, dropped torn records, migrations); stderr by default. */
  warn?: (message: string) => void;
  /**
   * The journal is compacted into a new snapshot once larger than this and than an eighth of the
   * snapshot. Records written since the snapshot are held in memory until then; the eighth keeps
   * the cost of rewriting the snapshot in proportion to the writes.
   */
  compactBytes?: number;
  /**
   * The eighth of the snapshot is taken at most this: a process that reads the journal whole at
   * every start (a command's) pays for all of it each time, about 90 ms a mebibyte on a large store.
   */
  journalCeiling?: number;
  /**
   * A long-running process (a server) also compacts a journal past this bound (its
   * `compactBytes`, or an eighth of the snapshot up to its `journalCeiling`) once no write came
   * for `afterMs`: the processes that open the store for one command each (gbctl's own, beside
   * `gbctl serve`) then replay a short journal instead of the server's eighth of the snapshot.
   */
  idleCompact?: IdleCompact;
  /** How long to wait for another process's lock before failing. */
  lockTimeoutMs?: number;
}

/**
 * The embedded default: a JSON snapshot plus an append-only journal beside it (see format.ts).
 * Writes append one fsynced record under a lock file; every transaction first catches up with
 * what other processes appended or compacted. Its parts: the transaction core (core.ts), this
 * process's view of the files (file-view.ts), and how commits reach them (file-durability.ts).
 */
export class JsonFileStore implements Store {
  readonly path: string;
  readonly journalFile: string;
  /** What a read-only open found that a writer would repair. */
  readonly notes: string[];
  /** Why the store was opened read-only (asked to be, or its files cannot be written here); undefined when it was not. */
  readonly openedReadOnly: string | undefined;
  private readonly lock: FileLock;
  private readonly view: FileView;
  private readonly durability: FileDurability;
  private readonly core: TxCore;

  private constructor(path: string, opts: JsonFileStoreOptions) {
    this.path = resolve(path);
    this.journalFile = journalPath(this.path);
    const warn = opts.warn ?? ((m) => process.stderr.write(`${m}\n`));
    this.lock = new FileLock(lockPath(this.path), warn, opts.lockTimeoutMs);
    this.view = new FileView(this.path, this.journalFile, !!opts.force, warn);
    this.notes = this.view.notes;
    this.openedReadOnly = opts.readOnly === 'auto' ? whyNotWritable(this.path) : opts.readOnly ? (opts.readOnlyWhy ?? 'opened for reading only') : undefined;
    this.durability = new FileDurability(this.view, this.lock, {
      ...(this.openedReadOnly !== undefined ? { readOnly: this.openedReadOnly } : {}),
      compactBytes: opts.compactBytes,
      journalCeiling: opts.journalCeiling,
      ...(opts.idleCompact ? { idleCompact: opts.idleCompact } : {}),
      warn,
      later: (job) => this.core.serial(job, { readsMeanwhile: true }),
    });
    this.core = new TxCore(() => this.view.state, this.durability);
  }

  /** Opens (loading snapshot and journal) or, when there is no file yet, prepares an empty store. */
  static open(path: string, opts: JsonFileStoreOptions = {}): JsonFileStore {
    const s = withFsErrors('open the store', resolve(path), () => new JsonFileStore(path, opts));
    try {
      s.durability.open();
    } catch (e) {
      s.lock.dispose();
      throw e;
    }
    return s;
  }

  /** Replaces the whole store with `dump` (import, reset), whatever state the files are in. */
  static replace(path: string, dump: Dump, opts: JsonFileStoreOptions = {}): void {
    withFsErrors('replace the store', resolve(path), () => {
      const s = new JsonFileStore(path, opts);
      s.lock.acquireSync();
      try {
        writeBase(s.path, 0, dump.tables);
      } finally {
        s.lock.dispose();
      }
    });
  }

  read<R>(fn: (tx: ReadTx) => R, since?: ReadMark): Promise<R> {
    return this.core.read(fn, since);
  }

  mark(): ReadMark {
    return this.core.mark();
  }

  write<R>(fn: (tx: WriteTx) => R): Promise<R> {
    return this.core.write(fn);
  }

  /** Folds the journal into a new snapshot. */
  compact(): Promise<void> {
    return this.core.serial((readsMayRun) => this.durability.compact(readsMayRun), { readsMeanwhile: true });
  }

  /**
   * A place in the store's files to come back to with restoreSavepoint (serve's snapshots): the
   * snapshot, kept open, and how far its journal ran. It costs no copy of the data; the files it
   * names stay readable (open) after a compaction replaces them, until released (savepoint.ts).
   */
  savepoint(): Promise<Savepoint> {
    return this.core.serial(() => this.durability.savepoint());
  }

  /** Makes the data what it was at the savepoint, in one write of the records that differ. */
  async restoreSavepoint(sp: Savepoint): Promise<void> {
    this.durability.refuseWrites();
    const want = savedState(sp);
    await this.write((tx) => this.state.restoreTo(want, tx));
  }

  /**
   * Why writes are refused now: the store was opened read-only, or stopped taking writes when
   * its files changed under it (see FileDurability); undefined while it takes them.
   */
  get writesRefused(): string | undefined {
    return this.durability.readOnly;
  }

  /** What `gbctl store info` shows. */
  info(): Promise<StoreInfo> {
    return this.read(() => {
      const { snap } = this.view;
      return describeStore({
        path: this.path,
        journalFile: this.journalFile,
        lockFile: this.lock.path,
        exists: !!snap,
        version: snap?.version ?? STORE_VERSION,
        generation: snap?.generation,
        seq: this.view.seq,
        edited: !!snap?.edited,
        journalLines: this.view.journal?.lines ?? 0,
        state: this.state,
        notes: this.notes,
      });
    });
  }

  /** A consistent copy of the whole dataset, others' writes included (records are shared, frozen). */
  snapshot(): Promise<Dump> {
    return this.read(() => this.state.dump());
  }

  async close(): Promise<void> {
    await this.core.idle();
    this.durability.close();
    this.view.setState(new State());
    this.lock.dispose();
  }

  /** The data as this process last read it from the files. */
  private get state(): State {
    return this.view.state;
  }
}
