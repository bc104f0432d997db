import type { Durability } from './core.js';
import { StoreError, withFsErrors, withFsErrorsAsync } from './errors.js';
import type { FileView } from './file-view.js';
import { JournalAppender, startJournal, type JournalPos } from './journal.js';
import type { FileLock } from './lock.js';
import { sweepDeadOwners } from './lock-holder.js';
import { describeSweep, sweepLeftoverTemps } from './leftovers.js';
import type { Op } from './store.js';

const DEFAULT_COMPACT_BYTES = 4 * 1024 * 1024;

export interface FileDurabilityOptions {
  /** Never lock or write. */
  readOnly?: boolean;
  /** See JsonFileStoreOptions.compactBytes. */
  compactBytes?: number;
  /** Where messages go: a repair made, a compaction that failed. */
  warn: (message: string) => void;
  /** Queues a job behind the transactions under way (the core's queue), for a compaction. */
  later: (job: () => Promise<void>) => Promise<void>;
}

/**
 * How a file store's transactions are made durable and see other processes' writes: each one
 * first catches up with the files (taking the lock only when a repair needs it); a write holds
 * the lock from before it catches up until its record is appended and synced, so that writers
 * in any process follow one another; a journal grown past its bound is then compacted.
 */
export class FileDurability implements Durability {
  private readonly appender: JournalAppender;
  private compactQueued = false;

  constructor(
    private readonly view: FileView,
    private readonly lock: FileLock,
    private readonly opts: FileDurabilityOptions,
  ) {
    this.appender = new JournalAppender(view.journalFile);
  }

  /** At open: catches up with the files, taking the lock for what needs repairing. */
  open(): void {
    withFsErrors('open the store', this.view.path, () => this.openFiles());
  }

  private openFiles(): void {
    if (this.opts.readOnly) {
      this.view.sync('lenient');
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
      if (this.opts.readOnly) this.view.sync('lenient');
      else if (!this.view.sync('unlocked')) await this.locked(() => this.syncLocked());
    });
  }

  async beforeWrite(): Promise<void> {
    if (this.opts.readOnly) throw new StoreError(`the store ${this.view.path} was opened read-only`);
    await withFsErrorsAsync('write the store', this.view.path, () => this.lock.acquire());
    try {
      withFsErrors('write the store', this.view.path, () => {
        this.syncLocked();
        this.prepareJournal();
      });
    } catch (e) {
      this.releaseQuietly();
      throw e;
    }
  }

  async commit(ops: Op[]): Promise<void> {
    const bytes = withFsErrors('write the store', this.view.path, () => this.appender.append((this.view.journal as JournalPos).offset, this.view.seq + 1, ops));
    this.view.appended(bytes);
  }

  discard(): void {
    this.view.discard();
  }

  async afterWrite(): Promise<void> {
    withFsErrors('release the lock of the store', this.view.path, () => this.lock.release());
    const bound = Math.max(this.opts.compactBytes ?? DEFAULT_COMPACT_BYTES, (this.view.snap?.stamp.size ?? 0) / 8);
    if (!this.compactQueued && this.view.journal && this.view.journal.offset > bound) {
      this.compactQueued = true;
      // After the write is acknowledged: the caller does not wait for it, close() does.
      void this.opts.later(() => this.compact()).catch((e: Error) => this.opts.warn(`gbctl: compacting ${this.view.path} failed: ${e.message}`));
    }
  }

  /** Folds the journal into a new snapshot, under the lock; run in the core's queue, as a transaction is. */
  compact(): Promise<void> {
    return withFsErrorsAsync('compact the store', this.view.path, () => this.locked(() => this.compactLocked()));
  }

  /** Runs `fn` holding the lock. */
  async locked<R>(fn: () => R): Promise<R> {
    await this.lock.acquire();
    try {
      return fn();
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
