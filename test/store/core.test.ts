import { describe, expect, it } from 'vitest';
import { TxCore, type Durability } from '../../src/store/core.js';
import { State } from '../../src/store/state.js';
import { table, type Op } from '../../src/store/store.js';

const notes = table<{ id: string; text: string }>('notes');

/** A durability that records what the core asks of it, and can be told to fail a commit. */
function recording(opts: { failCommit?: boolean } = {}) {
  const calls: string[] = [];
  const durability: Durability = {
    beforeRead: async () => void calls.push('beforeRead'),
    beforeWrite: async () => void calls.push('beforeWrite'),
    commit: async (ops: Op[], apply) => {
      calls.push(`commit ${ops.length}`);
      if (opts.failCommit) throw new Error('disk full');
      apply();
    },
    afterWrite: async () => void calls.push('afterWrite'),
  };
  return { calls, durability };
}

describe('transaction core', () => {
  it('asks the durability around each transaction and applies a write once it is committed', async () => {
    const state = new State();
    const { calls, durability } = recording();
    const core = new TxCore(() => state, durability);
    await core.write((tx) => {
      tx.put(notes, { id: 'a', text: 'x' });
      expect(state.table('notes').size).toBe(0);
    });
    expect(await core.read((tx) => tx.get(notes, 'a')?.text)).toBe('x');
    await core.write(() => undefined);
    expect(calls).toEqual(['beforeWrite', 'commit 1', 'afterWrite', 'beforeRead', 'beforeWrite', 'afterWrite']);
  });

  it('leaves the state as it was when the function or the commit fails, and still runs afterWrite', async () => {
    const state = new State();
    const failing = recording({ failCommit: true });
    const core = new TxCore(() => state, failing.durability);
    await expect(core.write((tx) => tx.put(notes, { id: 'a', text: 'x' }))).rejects.toThrow('disk full');
    await expect(
      core.write((tx) => {
        tx.put(notes, { id: 'b', text: 'y' });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(state.table('notes').size).toBe(0);
    expect(failing.calls).toEqual(['beforeWrite', 'commit 1', 'afterWrite', 'beforeWrite', 'afterWrite']);
  });

  it('runs transactions and queued jobs one at a time, in order, whatever each takes', async () => {
    const order: string[] = [];
    const slow: Durability = {
      beforeRead: async () => {},
      beforeWrite: () => new Promise((r) => setTimeout(r, 20)),
      commit: async (_ops, apply) => apply(),
      afterWrite: async () => void order.push('write done'),
    };
    const state = new State();
    const core = new TxCore(() => state, slow);
    const w = core.write((tx) => tx.put(notes, { id: 'a', text: 'x' }));
    const r = core.read((tx) => order.push(`read sees ${tx.count(notes)}`));
    const job = core.serial(async () => void order.push('job'));
    await core.idle();
    await Promise.all([w, r, job]);
    expect(order).toEqual(['write done', 'read sees 1', 'job']);
  });

  it('reads the state the holder gives at each transaction', async () => {
    let state = State.fromDump({ tables: { notes: [{ id: 'old' }] } });
    const core = new TxCore(() => state);
    expect(await core.read((tx) => tx.all(notes).map((n) => n.id))).toEqual(['old']);
    state = State.fromDump({ tables: { notes: [{ id: 'new' }] } });
    await core.write((tx) => tx.put(notes, { id: 'more', text: '' }));
    expect(await core.read((tx) => tx.all(notes).map((n) => n.id))).toEqual(['new', 'more']);
  });
});
