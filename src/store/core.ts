import type { State } from './state.js';
import type { Op, ReadTx, WriteTx } from './store.js';
import { Tx } from './tx.js';

/**
 * What makes a store's transactions durable, around the work the core does the same for every
 * store. The file store catches up with other processes before each transaction and appends each
 * commit to its journal under a lock; memory has nothing to do but apply.
 */
export interface Durability {
  /** Brings the state up to date before a read. */
  beforeRead(): Promise<void>;
  /** Readies a write: the state up to date, and whatever a commit needs held. */
  beforeWrite(): Promise<void>;
  /**
   * Makes a transaction's ops durable, calling `apply` once they are: a commit that fails
   * before that leaves the state as it was.
   */
  commit(ops: Op[], apply: () => void): Promise<void>;
  /** Runs after every write that `beforeWrite` let start, committed or not. */
  afterWrite(): Promise<void>;
}

/** Keeps the data in memory only: a commit is applied, nothing more. */
export const inMemory: Durability = {
  beforeRead: async () => {},
  beforeWrite: async () => {},
  commit: async (_ops, apply) => apply(),
  afterWrite: async () => {},
};

/**
 * Runs read and write transactions one at a time over a state, so that an async caller never
 * sees another's half-applied write. A write's function runs against a transaction that keeps
 * its changes aside; they reach the state only once `durability` has committed them, so a throw
 * (from the function or the commit) discards them whole.
 */
export class TxCore {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    /** The state as it stands: a durable store replaces it whenever it reloads its files. */
    private readonly state: () => State,
    private readonly durability: Durability = inMemory,
  ) {}

  read<R>(fn: (tx: ReadTx) => R): Promise<R> {
    return this.serial(async () => {
      await this.durability.beforeRead();
      return fn(new Tx(this.state()));
    });
  }

  write<R>(fn: (tx: WriteTx) => R): Promise<R> {
    return this.serial(async () => {
      await this.durability.beforeWrite();
      try {
        const tx = new Tx(this.state());
        const result = fn(tx);
        if (tx.ops.length) await this.durability.commit(tx.ops, () => this.state().apply(tx.ops));
        return result;
      } finally {
        await this.durability.afterWrite();
      }
    });
  }

  /** Runs `job` after every transaction queued so far, before any queued later. */
  serial<R>(job: () => Promise<R>): Promise<R> {
    const run = this.queue.then(job, job);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Settles once everything queued so far has run, whatever its outcome. */
  async idle(): Promise<void> {
    await this.queue.catch(() => undefined);
  }
}
