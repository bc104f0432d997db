import type { Durability } from './core.js';
import { StoreDamage, StoreReadOnly, withFsErrors, withFsErrorsAsync } from './errors.js';
import type { FileView } from './file-view.js';
import { JournalAppender, startJournal, type JournalPos } from './journal.js';
import type { FileLock } from './lock.js';
import { sweepDeadOwners } from './lock-holder.js';
import { describeSweep, sweepLeftoverTemps } from './leftovers.js';
import { takeSavepoint, type Savepoint } from './savepoint.js';
import type { Op } from './store.js';

const DEFAULT_COMPACT_BYTES = 4 * 1024 * 1024;

/** When a journal is compacted: see JsonFileStoreOptions.compactBytes and journalCeiling. */
export interface JournalBound {
  compactBytes?: number | undefined;
  journalCeiling?: number | undefined;
}

/** See JsonFileStoreOptions.idleCompact. */
export interface IdleCompact extends JournalBound {
  afterMs: number;
}

export interface FileDurabilityOptions {
  /** Never lock or write, and why (said when a write is refused). */
  readOnly?: string;
  /** See JsonFileStoreOptions.compactBytes. */
  compactBytes?: number;
  /** See JsonFileStoreOptions.journalCeiling. */
  journalCeiling?: number | undefined;
  /** See JsonFileStoreOptions.idleCompact. */
  idleCompact?: IdleCompact;
  /** Where messages go: a repair made, a compaction that failed. */
  warn: (message: string) => void;
  /**
   * Queues a compaction behind the transactions under way (the core's queue); it calls
   * `readsMayRun` once reads may be answered meanwhile (see TxCore.serial).
   */
  later: (job: (readsMayRun: () => void) => Promise<void>) => Promise<void>;
}

/**
 * How a file store's transactions are made durable and see other processes' writes: each one
 * first catches up with the files (taking the lock only when a repair needs it); a write holds
 * the lock from before it catches up until its record is appended and synced, so that writers
 * in any process follow one another; a journal grown past its bound is then compacted.
 *
 * Once open, files found changed under it by something other than gbctl (StoreDamage) stop it
 * for good: from then on it reads nothing more from them, answering reads from the data as it
 * had read it, and refuses every write with what was found, leaving the files as they are. A
 * store opened read-only reads without the lock and never writes.
 */
export class FileDurability implements Durability {
  readonly looksOutside = true;
  private readonly appender: JournalAppender;
  private compactQueued = false;
  /** Set while a write came less than idleCompact.afterMs ago. */
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  /** Why writes are refused: opened read-only, or stopped (see above). */
  private refusal: StoreReadOnly | undefined;
  /** Set once stopped: reads answer from memory. */
  private stopped = false;

  constructor(
    private readonly view: FileView,
    private readonly lock: FileLock,
    private readonly opts: FileDurabilityOptions,
  ) {
    this.appender = new JournalAppender(view.journalFile);
    view.heldJournal = () => this.appender.held;
    if (opts.readOnly !== undefined) {
      this.refusal = new StoreReadOnly(`the store ${view.path} is read-only (${opts.readOnly}): it answers reads and refuses writes`);
    }
  }

  /** Why a write would be refused now; undefined while the store takes writes. */
  get readOnly(): string | undefined {
    return this.refusal?.message;
  }

  /** At open: catches up with the files, taking the lock for what needs repairing. */
  open(): void {
    withFsErrors('open the store', this.view.path, () => this.openFiles());
  }

  private openFiles(): void {
    if (this.opts.readOnly !== undefined) {
      this.view.sync('read-only');
      return;
    }
    sweepDeadOwners(this.lock.path);
    const swept = sweepLeftoverTemps(this.view.path);
    if (swept.files) this.opts.warn(describeSweep(this.view.path, swept));
    if (!this.view.sync('unlocked') || this.view.snap?.edited) {
      this.lock.acquireSync();
      try {
        this.syncLocked();
      } finally {
        this.lock.release();
      }
    }
    if (this.view.unindexed()) this.indexOnce();
  }

  /**
   * A snapshot without a matching index (written before stores had one, or copied) was scanned
   * whole to open: its index is written once, so that the next opens read what they need.
   * Failing (a read-only folder) only leaves it to be scanned again.
   */
  private indexOnce(): void {
    try {
      this.lock.acquireSync();
    } catch {
      return;
    }
    try {
      this.view.sync('locked');
      if (this.view.unindexed()) this.view.writeIndex();
    } catch {
      // scanned again next time
    } finally {
      this.releaseQuietly();
    }
  }

  beforeRead(): Promise<void> {
    return withFsErrorsAsync('read the store', this.view.path, async () => {
      if (this.stopped) return;
      try {
        if (this.opts.readOnly !== undefined) this.syncReadOnly();
        else if (!this.view.sync('unlocked')) await this.locked(() => this.syncLocked());
      } catch (e) {
        // Found changed under it: this read, and every later one, is answered from memory.
        if (!(e instanceof StoreDamage)) throw e;
        this.stop(e);
      }
    });
  }

  /** Catches up without the lock and writing nothing; a damaged journal stops it at the last good record. */
  private syncReadOnly(): void {
    this.view.sync('read-only');
    if (this.view.damaged) this.stop(undefined);
  }

  async beforeWrite(): Promise<void> {
    if (this.refusal) throw this.refusal;
    await withFsErrorsAsync('write the store', this.view.path, () => this.lock.acquire());
    try {
      withFsErrors('write the store', this.view.path, () => {
        this.syncLocked();
        this.prepareJournal();
      });
    } catch (e) {
      this.releaseQuietly();
      if (e instanceof StoreDamage) throw this.stop(e);
      throw e;
    }
  }

  /**
   * Stops taking writes for good (see the class), with what was found; a read-only store only
   * stops reading the files. Answers the refusal every write meets from now on.
   */
  private stop(found: StoreDamage | undefined): StoreReadOnly {
    this.stopped = true;
    if (!this.refusal && found) {
      this.refusal = new StoreReadOnly(
        `gbctl stopped writing to the store ${this.view.path}: ${found.message} ` +
          'Until it is restarted, this process answers reads from what it had read and refuses writes; nothing more was written to the files, which were left as they are.',
      );
      this.opts.warn(`gbctl: ${this.refusal.message}`);
    } else if (found) {
      this.opts.warn(`gbctl: ${found.message}; answering from what was read before`);
    }
    return this.refusal as StoreReadOnly;
  }

  async commit(ops: Op[]): Promise<void> {
    const appended = await withFsErrorsAsync('write the store', this.view.path, () =>
      this.appender.append((this.view.journal as JournalPos).offset, this.view.seq + 1, ops),
    );
    this.view.appended(appended);
  }

  discard(): void {
    this.view.discard();
  }

  async afterWrite(): Promise<void> {
    withFsErrors('release the lock of the store', this.view.path, () => this.lock.release());
    if (this.journalPast(this.bound(this.opts))) this.compactLater();
    else this.compactWhenIdle();
  }

  /** The journal's size past which it is compacted: compactBytes, or an eighth of the snapshot up to journalCeiling when that is more. */
  private bound(b: JournalBound): number {
    const eighth = Math.min((this.view.snap?.stamp.size ?? 0) / 8, b.journalCeiling ?? Infinity);
    return Math.max(b.compactBytes ?? DEFAULT_COMPACT_BYTES, eighth);
  }

  private journalPast(bound: number): boolean {
    return !this.compactQueued && !!this.view.journal && this.view.journal.offset > bound;
  }

  /** Queues a compaction after the write is acknowledged: the caller does not wait for it, close() does. */
  private compactLater(onlyPast?: number): void {
    this.compactQueued = true;
    void this.opts
      .later((readsMayRun) => this.compact(readsMayRun, onlyPast))
      .catch((e: Error) => this.opts.warn(`gbctl: compacting ${this.view.path} failed: ${e.message}`));
  }

  /** (Re)starts the wait after which a journal past idleCompact's bound is compacted. */
  private compactWhenIdle(): void {
    const idle = this.opts.idleCompact;
    if (!idle) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.idleTimer = undefined;
      const bound = this.bound(idle);
      if (!this.refusal && this.journalPast(bound)) this.compactLater(bound);
    }, idle.afterMs);
    // A server that is stopping does not wait for it.
    this.idleTimer.unref();
  }

  /**
   * Folds the journal into a new snapshot, under the lock; run in the core's queue, as a
   * transaction is. Once caught up with the files, it calls `readsMayRun`: from then on it only
   * reads the state, a step at a time, and nothing else writes the files.
   */
  compact(readsMayRun: () => void = () => {}, onlyPast?: number): Promise<void> {
    if (this.refusal) return Promise.reject(this.refusal);
    return withFsErrorsAsync('compact the store', this.view.path, async () => {
      try {
        await this.locked(async () => {
          this.compactQueued = false;
          this.view.sync('locked');
          readsMayRun();
          // Another process may have compacted it meanwhile: then there is nothing to fold.
          if (onlyPast !== undefined && (this.view.journal?.offset ?? 0) <= onlyPast) return;
          await this.view.writeStatePaced();
        });
      } catch (e) {
        throw e instanceof StoreDamage ? this.stop(e) : e;
      }
    });
  }

  /** A savepoint of the files as they stand, under the lock (see takeSavepoint); refused read-only, where nothing could be restored to it. */
  async savepoint(): Promise<Savepoint> {
    if (this.refusal) throw this.refusal;
    try {
      return await this.locked(() => takeSavepoint(this.view));
    } catch (e) {
      throw e instanceof StoreDamage ? this.stop(e) : e;
    }
  }

  /** Throws what a write meets now, if it is refused. */
  refuseWrites(): void {
    if (this.refusal) throw this.refusal;
  }

  /** Runs `fn` holding the lock, until what it answers settles. */
  async locked<R>(fn: () => R | Promise<R>): Promise<R> {
    await this.lock.acquire();
    try {
      return await fn();
    } finally {
      this.lock.release();
    }
  }

  /** Lets go of the lock after a failure, which stays the error reported. */
  private releaseQuietly(): void {
    try {
      this.lock.release();
    } catch {
      // the lock file is unreadable too: the next writer takes it over
    }
  }

  close(): void {
    clearTimeout(this.idleTimer);
    this.appender.close();
  }

  /** Catches up holding the lock; a snapshot edited and accepted (--force) is rewritten with a new checksum. */
  private syncLocked(): void {
    this.view.sync('locked');
    if (this.view.snap?.edited) {
      this.compactLocked();
      this.opts.warn(`gbctl: accepted the changes made to ${this.view.path} outside gbctl (--force) and rewrote it with a new checksum`);
    }
  }

  private compactLocked(): void {
    this.compactQueued = false;
    this.view.sync('locked');
    this.view.writeState();
  }

  /** Under the lock: a snapshot to follow, a journal of its generation, open for appending. */
  private prepareJournal(): void {
    const v = this.view;
    let journal = v.journal;
    if (!v.snap) journal = v.writeState();
    else if (!journal || journal.generation !== v.snap.generation) journal = v.journal = startJournal(v.journalFile, v.snap.generation);
    this.appender.attach(journal);
  }
}
