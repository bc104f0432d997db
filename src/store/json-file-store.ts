import { closeSync, fstatSync, openSync } from 'node:fs';
import { resolve } from 'node:path';
import { TxCore } from './core.js';
import { savedState, type Savepoint } from './savepoint.js';
import { State } from './state.js';
import type { Dump, Op, ReadTx, Store, WriteTx } from './store.js';
import { StoreError } from './errors.js';
import { sameStamp, stampOf, writeFileDurably, type FileStamp } from './files.js';
import { journalPath, lockPath, STORE_VERSION } from './format.js';
import { JournalAppender, journalDamaged, readJournal, startJournal, truncateJournal, type JournalPos } from './journal.js';
import { FileLock, sweepDeadOwners } from './lock.js';
import { migrate } from './migrate.js';
import { editedError, readSnapshot, writeBase, writeSnapshot } from './snapshot.js';
import { describeStore, type StoreInfo } from './info.js';

export { STORE_FORMAT, STORE_VERSION } from './format.js';

export interface JsonFileStoreOptions {
  /** Accept a snapshot changed outside gbctl: replay the journal over it and rewrite it with a new checksum. */
  force?: boolean;
  /** Never lock or write: for inspection. Accepts an edited snapshot and ignores a torn tail in memory. */
  readOnly?: boolean;
  /** Where messages go (taken-over locks, dropped torn records, migrations); stderr by default. */
  warn?: (message: string) => void;
  /**
   * The journal is compacted into a new snapshot once larger than this and than an eighth of the
   * snapshot. Records written since the snapshot are held in memory until then; the eighth keeps
   * the cost of rewriting the snapshot in proportion to the writes.
   */
  compactBytes?: number;
  /** How long to wait for another process's lock before failing. */
  lockTimeoutMs?: number;
}

/** How this process's view relates to the files: 'locked' repairs, 'unlocked' asks for the lock, 'lenient' only reads. */
type Mode = 'locked' | 'unlocked' | 'lenient';
type Outcome = 'ok' | 'need-lock' | 'retry';

interface Loaded {
  stamp: FileStamp;
  generation: string;
  seq: number;
  version: number;
  /** Changed outside gbctl and accepted (--force or read-only). */
  edited: boolean;
}


const DEFAULT_COMPACT_BYTES = 4 * 1024 * 1024;

/**
 * The embedded default: a JSON snapshot plus an append-only journal beside it (see format.ts).
 * Writes append one fsynced record under a lock file; every transaction first catches up with
 * what other processes appended or compacted.
 */
export class JsonFileStore implements Store {
  readonly path: string;
  /** The data as this process last read it from the files. */
  private state = new State();
  private readonly core: TxCore;
  readonly journalFile: string;
  private lock: FileLock;
  private warn: (message: string) => void;
  private snap: Loaded | undefined;
  private seq = 0;
  private journal: JournalPos | undefined;
  private rejected: { stamp: FileStamp; error: StoreError } | undefined;
  private appender: JournalAppender;
  private compactQueued = false;
  readonly notes: string[] = [];

  private constructor(
    path: string,
    private opts: JsonFileStoreOptions,
  ) {
    this.path = resolve(path);
    this.journalFile = journalPath(this.path);
    this.warn = opts.warn ?? ((m) => process.stderr.write(`${m}\n`));
    this.lock = new FileLock(lockPath(this.path), this.warn, opts.lockTimeoutMs);
    this.appender = new JournalAppender(this.journalFile);
    this.core = new TxCore(() => this.state, {
      beforeRead: () => this.beforeRead(),
      beforeWrite: () => this.beforeWrite(),
      commit: (ops, apply) => this.commit(ops, apply),
      afterWrite: () => this.afterWrite(),
    });
  }

  /** Opens (loading snapshot and journal) or, when there is no file yet, prepares an empty store. */
  static open(path: string, opts: JsonFileStoreOptions = {}): JsonFileStore {
    const s = new JsonFileStore(path, opts);
    try {
      if (opts.readOnly) s.sync('lenient');
      else {
        sweepDeadOwners(s.lock.path);
        if (!s.sync('unlocked') || s.snap?.edited) {
          s.lock.acquireSync();
          try {
            s.syncLocked();
          } finally {
            s.lock.release();
          }
        }
      }
    } catch (e) {
      s.lock.dispose();
      throw e;
    }
    return s;
  }

  /** Replaces the whole store with `dump` (import, reset), whatever state the files are in. */
  static replace(path: string, dump: Dump, opts: JsonFileStoreOptions = {}): void {
    const s = new JsonFileStore(path, opts);
    s.lock.acquireSync();
    try {
      writeBase(s.path, 0, dump.tables);
    } finally {
      s.lock.dispose();
    }
  }

  read<R>(fn: (tx: ReadTx) => R): Promise<R> {
    return this.core.read(fn);
  }

  write<R>(fn: (tx: WriteTx) => R): Promise<R> {
    return this.core.write(fn);
  }

  private async beforeRead(): Promise<void> {
    if (this.opts.readOnly) this.sync('lenient');
    else if (!this.sync('unlocked')) await this.locked(() => this.syncLocked());
  }

  private async beforeWrite(): Promise<void> {
    if (this.opts.readOnly) throw new StoreError(`the store ${this.path} was opened read-only`);
    await this.lock.acquire();
    try {
      this.syncLocked();
      this.prepareJournal();
    } catch (e) {
      this.lock.release();
      throw e;
    }
  }

  private async commit(ops: Op[], apply: () => void): Promise<void> {
    const j = this.journal as JournalPos;
    const bytes = this.appender.append(j.offset, this.seq + 1, ops);
    apply();
    this.seq++;
    j.offset += bytes;
    j.lines++;
  }

  private async afterWrite(): Promise<void> {
    this.lock.release();
    const bound = Math.max(this.opts.compactBytes ?? DEFAULT_COMPACT_BYTES, (this.snap?.stamp.size ?? 0) / 8);
    if (!this.compactQueued && this.journal && this.journal.offset > bound) {
      this.compactQueued = true;
      // After the write is acknowledged: the caller does not wait for it, close() does.
      void this.core.serial(() => this.locked(() => this.compactLocked())).catch((e: Error) => this.warn(`gbctl: compacting ${this.path} failed: ${e.message}`));
    }
  }

  /** Folds the journal into a new snapshot. */
  compact(): Promise<void> {
    return this.core.serial(() => this.locked(() => this.compactLocked()));
  }

  /**
   * A place in the store's files to come back to with restoreSavepoint (serve's snapshots): the
   * snapshot, kept open, and how far its journal ran. It costs no copy of the data; the files it
   * names stay readable (open) after a compaction replaces them, until released (savepoint.ts).
   */
  savepoint(): Promise<Savepoint> {
    return this.core.serial(() =>
      this.locked(() => {
        this.sync('locked');
        if (!this.state.file) this.writeState();
        const rows = this.state.file?.retain();
        if (!rows || !this.snap) throw new StoreError(`cannot take a snapshot of ${this.path}: its snapshot file could not be reopened`);
        const j = this.journal;
        if (!j || j.generation !== this.snap.generation || j.offset === 0) return { rows };
        const fd = openSync(this.journalFile, 'r');
        if (fstatSync(fd).ino !== j.ino) {
          closeSync(fd);
          rows.release();
          throw new StoreError(`${this.journalFile} was replaced while gbctl held the store's lock; try again`);
        }
        return { rows, journal: { fd, end: j.offset } };
      }),
    );
  }

  /** Makes the data what it was at the savepoint, in one write of the records that differ. */
  async restoreSavepoint(sp: Savepoint): Promise<void> {
    const want = savedState(sp);
    await this.write((tx) => this.state.restoreTo(want, tx));
  }

  /** What `gbctl store info` shows. */
  info(): Promise<StoreInfo> {
    return this.read(() =>
      describeStore({
        path: this.path,
        journalFile: this.journalFile,
        lockFile: this.lock.path,
        exists: !!this.snap,
        version: this.snap?.version ?? STORE_VERSION,
        generation: this.snap?.generation,
        seq: this.seq,
        edited: !!this.snap?.edited,
        journalLines: this.journal?.lines ?? 0,
        state: this.state,
        notes: this.notes,
      }),
    );
  }

  /** The whole dataset as it stands, others' writes included. */
  export(): Promise<Dump> {
    return this.read(() => this.state.dump());
  }

  /** A consistent copy of the whole dataset, others' writes included (records are shared, frozen). */
  snapshot(): Promise<Dump> {
    return this.read(() => this.state.dump());
  }

  async close(): Promise<void> {
    await this.core.idle();
    this.appender.close();
    this.setState(new State());
    this.lock.dispose();
  }

  private async locked<R>(fn: () => R): Promise<R> {
    await this.lock.acquire();
    try {
      return fn();
    } finally {
      this.lock.release();
    }
  }

  private syncLocked(): void {
    this.sync('locked');
    if (this.snap?.edited) {
      this.compactLocked();
      this.warn(`gbctl: accepted the changes made to ${this.path} outside gbctl (--force) and rewrote it with a new checksum`);
    }
  }

  private compactLocked(): void {
    this.compactQueued = false;
    this.sync('locked');
    this.writeState();
  }

  /** Writes the state as a new snapshot and journal, and reads its records from there on. */
  private writeState(): JournalPos {
    const base = writeSnapshot(this.path, this.seq, this.state);
    if (base.rows) this.setState(this.state.rebase(base.rows));
    this.snap = { stamp: base.stamp, generation: base.generation, seq: this.seq, version: STORE_VERSION, edited: false };
    this.journal = { ino: base.journal.ino, offset: base.journal.size, lines: 1, generation: base.generation };
    this.rejected = undefined;
    return this.journal;
  }

  /** Catches up with the files; false when that needs the lock (only asked for in 'unlocked' mode). */
  private sync(mode: Mode): boolean {
    for (let i = 0; i < 10; i++) {
      const r = this.syncOnce(mode);
      if (r !== 'retry') return r === 'ok';
    }
    throw new StoreError(`the store ${this.path} kept changing while it was being read; try again`);
  }

  private syncOnce(mode: Mode): Outcome {
    const st = stampOf(this.path);
    if (!st) {
      if (this.snap) throw new StoreError(`the store ${this.path} was removed while gbctl had it open; restore it, or start afresh with "gbctl store reset --yes"`);
      if (stampOf(this.journalFile)) {
        throw new StoreError(`${this.journalFile} exists but the snapshot ${this.path} does not; both were left untouched: restore the snapshot, or remove the journal to start afresh`);
      }
      return 'ok';
    }
    if (this.rejected && sameStamp(st, this.rejected.stamp)) throw this.rejected.error;
    if (!sameStamp(st, this.snap?.stamp)) {
      const r = this.loadSnapshot(mode);
      if (r !== 'ok') return r;
    }
    return this.catchUp(mode);
  }

  private loadSnapshot(mode: Mode): Outcome {
    const file = readSnapshot(this.path);
    if (!file) return 'retry';
    if ('rows' in file.data) {
      const { rows, generation, seq } = file.data;
      this.setState(new State(rows));
      this.loaded({ stamp: file.stamp, generation, seq, version: STORE_VERSION, edited: false });
      return 'ok';
    }
    const { doc: fileDoc } = file.data;
    if (file.version < STORE_VERSION) {
      if (mode === 'unlocked') return 'need-lock';
      const { doc, steps } = migrate(fileDoc);
      if (mode === 'locked') {
        const backup = `${this.path}.v${file.version}.bak`;
        writeFileDurably(backup, [file.buf]);
        const base = writeBase(this.path, 0, doc.tables);
        this.warn(`gbctl: migrated the store ${this.path} from format version ${file.version} to ${STORE_VERSION} (${steps.join('; ')}); the old file is kept as ${backup}`);
        this.reset(doc.tables, { stamp: base.stamp, generation: base.generation, seq: 0, version: STORE_VERSION, edited: false });
      } else {
        this.notes.push(`format version ${file.version}: it will be migrated to ${STORE_VERSION} when gbctl next opens it for writing`);
        this.reset(doc.tables, { stamp: file.stamp, generation: '', seq: 0, version: file.version, edited: false });
      }
      return 'ok';
    }
    if (!file.intact && !this.opts.force && mode !== 'lenient') {
      this.rejected = { stamp: file.stamp, error: editedError(this.path) };
      throw this.rejected.error;
    }
    if (!file.intact && mode === 'unlocked') return 'need-lock';
    if (!file.intact && mode === 'lenient') this.notes.push('the snapshot was changed outside gbctl since gbctl last wrote it (its checksum does not match)');
    this.reset(fileDoc.tables, { stamp: file.stamp, generation: fileDoc.generation ?? '', seq: fileDoc.seq ?? 0, version: file.version, edited: !file.intact });
    return 'ok';
  }

  private reset(tables: Dump['tables'], snap: Loaded): void {
    this.setState(State.fromDump({ tables }));
    this.loaded(snap);
  }

  /** Replaces the state, letting go of the file the old one read its records from. */
  private setState(state: State): void {
    if (this.state.file !== state.file) this.state.file?.release();
    this.state = state;
  }

  private loaded(snap: Loaded): void {
    this.snap = snap;
    this.seq = snap.seq;
    this.journal = undefined;
    this.rejected = undefined;
  }

  /** Applies the journal records this process has not seen yet. */
  private catchUp(mode: Mode): Outcome {
    const snap = this.snap as Loaded;
    const read = readJournal(this.journalFile, this.journal);
    if (read.kind === 'changing') return 'retry';
    if (read.kind === 'settled') {
      this.journal = read.pos;
      return 'ok';
    }
    if (read.pos.generation !== snap.generation) {
      if (!sameStamp(stampOf(this.path), snap.stamp)) return 'retry';
      // Left by a compaction interrupted between its two renames: the snapshot holds all of it.
      const ahead = read.records.find((r) => r.seq > snap.seq);
      if (ahead) {
        throw new StoreError(
          `${this.journalFile} belongs to another snapshot than ${this.path} (record ${ahead.seq} at line ${ahead.line} is newer than the snapshot); ` +
            'both were left untouched: restore the matching pair of files, or replace the store with "gbctl store import FILE"',
        );
      }
      this.journal = read.pos;
      return 'ok';
    }
    for (const rec of read.records) {
      if (rec.seq <= this.seq) continue;
      if (rec.seq !== this.seq + 1) throw journalDamaged(this.journalFile, rec.line, `record ${rec.seq} follows record ${this.seq}: records are missing`);
      this.state.apply(rec.ops);
      this.seq = rec.seq;
    }
    this.journal = read.pos;
    if (read.damage) {
      if (mode === 'unlocked') return 'need-lock';
      throw journalDamaged(this.journalFile, read.damage.line, read.damage.reason);
    }
    if (read.tail) {
      if (mode === 'unlocked') return 'need-lock';
      const what = `a torn last record at line ${read.tail.line} of ${this.journalFile} (${read.tail.reason}), a write interrupted before it was acknowledged`;
      if (mode === 'lenient') {
        this.notes.push(`${what}; it will be dropped when gbctl next writes`);
      } else {
        truncateJournal(this.journalFile, read.pos.offset);
        this.warn(`gbctl: dropped ${what}`);
      }
    }
    return 'ok';
  }

  /** Under the lock: a snapshot to follow, a journal of its generation, open for appending. */
  private prepareJournal(): void {
    let journal = this.journal;
    if (!this.snap) journal = this.writeState();
    else if (!journal || journal.generation !== this.snap.generation) journal = this.journal = startJournal(this.journalFile, this.snap.generation);
    this.appender.attach(journal);
  }
}
