import type { State } from './state.js';
import type { Op, ReadTx, WriteTx } from './store.js';
import { Tx } from './tx.js';

/**
 * What makes a store's transactions durable, around the work the core does the same for every
 * store. The file store catches up with other processes before each transaction and appends each
 * commit to its journal under a lock; memory has nothing to do.
 */
export interface Durability {
  /** Brings the state up to date before a read. */
  beforeRead(): Promise<void>;
  /**
   * Whether beforeRead looks outside the process (at files): a read that needs a look then waits a
   * turn of the event loop first, so that the reads asked meanwhile (the other requests a server
   * read from the network with it) share that look instead of each making one.
   */
  readonly looksOutside: boolean;
  /** Readies a write: the state up to date, and whatever a commit needs held. */
  beforeWrite(): Promise<void>;
  /**
   * Makes ops durable that the state already holds (the writes of a batch, in order): when it
   * fails, none of them is in the files, and the core calls discard.
   */
  commit(ops: Op[]): Promise<void>;
  /** After a failed commit: the state holds writes that are not in the files, and is read afresh. */
  discard(): void;
  /** Runs after every write that `beforeWrite` let start, committed or not. */
  afterWrite(): Promise<void>;
}

/** Keeps the data in memory only: a commit is applied, nothing more. */
export const inMemory: Durability = {
  beforeRead: async () => {},
  looksOutside: false,
  beforeWrite: async () => {},
  commit: async () => {},
  discard: () => {},
  afterWrite: async () => {},
};

interface QueuedWrite {
  fn: (tx: WriteTx) => unknown;
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; result: unknown } | { ok: false; error: unknown };

/** Writes committed together at most: one journal record, one sync. */
const MAX_BATCH = 64;

/**
 * Runs read and write transactions one at a time over a state, so that an async caller never
 * sees another's half-applied write. A write's function runs against a transaction that keeps
 * its changes aside, so a throw discards them whole. Writes queued while an earlier one waits
 * to run join it as one batch: each runs against the state the ones before it left, then one
 * commit makes them all durable (one record, one sync, one hold of the lock) before any is
 * answered, so that under concurrent writers a sync is shared rather than paid per write. A read
 * queued in between runs after the batch and sees all of it (it was under way together with the
 * later writes, so either order is a true one); a job queued with serial() closes the batch. A
 * commit that fails fails every write of its batch and the state is read afresh.
 */
export class TxCore {
  private queue: Promise<unknown> = Promise.resolve();
  /** The batch at the end of the queue, which a write queued now joins. */
  private open: QueuedWrite[] | undefined;
  /** How many looks at the files reads have begun (beforeRead). */
  private looks = 0;
  /**
   * The number of the last look that brought the state up to date, while only reads have run
   * since; 0 once anything else runs (a write, a compaction), which may leave it otherwise. A
   * read asked before that look began may take the state as it is: the look is a moment between
   * the read's asking and its answer, as a look of its own would be.
   */
  private looked = 0;
  /** Set while a job of serial() lets reads through (see serial). */
  private readsThrough = false;
  /** Jobs of serial() that will let reads through, queued or running. */
  private readsJobs = 0;
  /** Reads asked while such a job waits its turn: they run when it lets reads through. */
  private early: (() => void)[] = [];

  constructor(
    /** The state as it stands: a durable store replaces it whenever it reloads its files. */
    private readonly state: () => State,
    private readonly durability: Durability = inMemory,
  ) {}

  /**
   * A read queued behind an open batch leaves it open: writes under way together still batch.
   * Reads asked for together share one look at the files: a read needs no look of its own when
   * one began after it was asked, and nothing but reads ran since (see `looked`); a look begins a
   * turn of the event loop after the read that needs it, so that reads asked in that turn share it.
   * `asked`: when the read counts as asked (a request's arrival, Store.mark); by default, now.
   */
  read<R>(fn: (tx: ReadTx) => R, asked: number = this.looks): Promise<R> {
    if (this.readsThrough) return new Promise<R>((resolve) => resolve(fn(new Tx(this.state()))));
    if (this.readsJobs) return new Promise<R>((resolve) => this.early.push(() => resolve(this.read(fn, asked))));
    return this.enqueue(async () => {
      if (this.looked <= asked) {
        // Nothing else runs in the queue meanwhile: the reads asked now queue behind this one.
        if (this.durability.looksOutside) await new Promise((r) => setImmediate(r));
        const look = ++this.looks;
        await this.durability.beforeRead();
        this.looked = look;
      }
      return fn(new Tx(this.state()));
    });
  }

  /** How many looks have begun: a read given this (see read's `since`) takes any look begun from now. */
  mark(): number {
    return this.looks;
  }

  write<R>(fn: (tx: WriteTx) => R): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const w: QueuedWrite = { fn, resolve: resolve as (r: unknown) => void, reject };
      if (this.open && this.open.length < MAX_BATCH) {
        this.open.push(w);
        return;
      }
      const batch = [w];
      void this.enqueue(() => this.runBatch(batch));
      this.open = batch;
    });
  }

  /** Never throws: each write of the batch is answered with its own outcome. */
  private async runBatch(batch: QueuedWrite[]): Promise<void> {
    this.looked = 0;
    const outcome = new Map<QueuedWrite, Outcome>();
    try {
      // Writes queued until the store is ready join this batch: the requests already read from
      // the network get their turn (setImmediate runs once the event loop's I/O callbacks have).
      try {
        await new Promise((r) => setImmediate(r));
        await this.durability.beforeWrite();
      } finally {
        if (this.open === batch) this.open = undefined;
      }
      try {
        const ops: Op[] = [];
        try {
          this.runWrites(batch, outcome, ops);
          if (ops.length) await this.durability.commit(ops);
        } catch (e) {
          // Some writes were applied and are not in the files: none of them stays.
          if (ops.length) this.durability.discard();
          throw e;
        }
      } finally {
        await this.durability.afterWrite();
      }
    } catch (e) {
      // Readying, committing or finishing failed: every write the batch did not refuse fails with it.
      for (const w of batch) if (outcome.get(w)?.ok !== false) outcome.set(w, { ok: false, error: e });
    }
    for (const w of batch) {
      const o = outcome.get(w);
      if (o?.ok) w.resolve(o.result);
      else w.reject(o?.error);
    }
  }

  /**
   * Runs each write against the state the ones before it left: its ops are applied at once (and
   * added to `ops`), and nothing else runs until the commit.
   */
  private runWrites(batch: QueuedWrite[], outcome: Map<QueuedWrite, Outcome>, ops: Op[]): void {
    const state = this.state();
    for (const w of batch) {
      const tx = new Tx(state);
      try {
        outcome.set(w, { ok: true, result: w.fn(tx) });
      } catch (error) {
        outcome.set(w, { ok: false, error });
        continue;
      }
      if (tx.ops.length) {
        // One by one: a transaction may hold more ops than a call can take arguments.
        for (const op of tx.ops) ops.push(op);
        state.apply(tx.ops);
      }
    }
  }

  /**
   * Runs `job` after every transaction queued so far, before any queued later. `readsMeanwhile`,
   * for a job that, once it has brought the state up to date and holds the store's files to itself
   * (a compaction, under the lock), only reads the state until it settles: from when it calls the
   * function it is given, a read is answered at once from the state, without a look at the files,
   * instead of waiting for it; so are the reads asked while it waited its turn, which would
   * otherwise wait for the whole of it. A write asked meanwhile waits; a read is not ordered after
   * it, as no read is after a write it was asked together with.
   */
  serial<R>(job: (readsMayRun: () => void) => Promise<R>, opts: { readsMeanwhile?: boolean } = {}): Promise<R> {
    this.open = undefined;
    if (opts.readsMeanwhile) this.readsJobs++;
    return this.enqueue(async () => {
      this.looked = 0;
      if (!opts.readsMeanwhile) return job(() => {});
      try {
        return await job(() => {
          this.readsThrough = true;
          this.letEarlyReadsRun();
        });
      } finally {
        this.readsThrough = false;
        this.readsJobs--;
        // Reads still held (the job failed before letting them through) take their turn as usual.
        this.letEarlyReadsRun();
      }
    });
  }

  private letEarlyReadsRun(): void {
    const waiting = this.early;
    this.early = [];
    for (const run of waiting) run();
  }

  private enqueue<R>(job: () => Promise<R>): Promise<R> {
    const run = this.queue.then(job, job);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Settles once everything queued so far has run, whatever its outcome. */
  async idle(): Promise<void> {
    await this.queue.catch(() => undefined);
  }
}
