import { TxCore } from './core.js';
import { State } from './state.js';
import type { Dump, ReadMark, ReadTx, Store, WriteTx } from './store.js';

/** Keeps the data in memory only, its transactions run one at a time by the core. */
export class MemoryStore implements Store {
  private readonly state: State;
  private readonly core: TxCore;

  constructor(dump?: Dump) {
    this.state = dump ? State.fromDump(dump) : new State();
    this.core = new TxCore(() => this.state);
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

  /** A consistent copy of the whole dataset (records are shared, frozen). */
  snapshot(): Promise<Dump> {
    return this.read(() => this.state.dump());
  }

  /** The whole dataset as it stands now, without waiting for transactions under way. */
  dump(): Dump {
    return this.state.dump();
  }

  async close(): Promise<void> {
    await this.core.idle();
  }
}
