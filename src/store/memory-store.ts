import { State } from './state.js';
import type { Dump, Op, ReadTx, Store, WriteTx } from './store.js';

/**
 * Keeps the data in memory only. Transactions are serialised so that an async caller
 * never sees another's half-applied write.
 */
export class MemoryStore implements Store {
  protected state: State;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(dump?: Dump) {
    this.state = dump ? State.fromDump(dump) : new State();
  }

  read<R>(fn: (tx: ReadTx) => R): Promise<R> {
    return this.serial(async () => {
      await this.beforeRead();
      return fn(this.state.begin());
    });
  }

  write<R>(fn: (tx: WriteTx) => R): Promise<R> {
    return this.serial(async () => {
      await this.beforeWrite();
      try {
        const tx = this.state.begin();
        const result = fn(tx);
        if (tx.ops.length) await this.commit(tx.ops);
        return result;
      } finally {
        await this.afterWrite();
      }
    });
  }

  /** A consistent copy of the whole dataset (records are shared, frozen). */
  snapshot(): Promise<Dump> {
    return this.read(() => this.state.dump());
  }

  dump(): Dump {
    return this.state.dump();
  }

  async close(): Promise<void> {
    await this.queue.catch(() => undefined);
  }

  /** Hooks for durable stores: see others' writes before a transaction, and make a commit durable. */
  protected async beforeRead(): Promise<void> {}
  protected async beforeWrite(): Promise<void> {}
  protected async commit(ops: Op[]): Promise<void> {
    this.state.apply(ops);
  }
  /** Runs after every write transaction that `beforeWrite` let start, committed or not. */
  protected async afterWrite(): Promise<void> {}

  /** Runs `job` after every transaction queued so far, before any queued later. */
  protected serial<R>(job: () => Promise<R>): Promise<R> {
    const run = this.queue.then(job, job);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
