import { describe, expect, it } from 'vitest';
import { TxCore, type Durability } from '../../src/store/core.js';
import { State } from '../../src/store/state.js';
import { table, type Op } from '../../src/store/store.js';

const notes = table<{ id: string; text: string }>('notes');

/**
 * A durability that records what the core asks of it, and can be told to fail a commit; its
 * discard stands for reading the files afresh (`reload`).
 */
function recording(opts: { failCommit?: boolean; reload?: () => void; looksOutside?: boolean } = {}) {
  const calls: string[] = [];
  const durability: Durability = {
    beforeRead: async () => void calls.push('beforeRead'),
    looksOutside: opts.looksOutside ?? false,
    beforeWrite: async () => void calls.push('beforeWrite'),
    commit: async (ops: Op[]) => {
      calls.push(`commit ${ops.length}`);
      if (opts.failCommit) throw new Error('disk full');
    },
    discard: () => {
      calls.push('discard');
      opts.reload?.();
    },
    afterWrite: async () => void calls.push('afterWrite'),
  };
  return { calls, durability };
}

describe('transaction core', () => {
  it('asks the durability around each transaction, and a write is seen once it is committed', async () => {
    const state = new State();
    const { calls, durability } = recording();
    const core = new TxCore(() => state, durability);
    await core.write((tx) => {
      tx.put(notes, { id: 'a', text: 'x' });
      expect(state.size('notes')).toBe(0);
    });
    expect(await core.read((tx) => tx.get(notes, 'a')?.text)).toBe('x');
    await core.write(() => undefined);
    expect(calls).toEqual(['beforeWrite', 'commit 1', 'afterWrite', 'beforeRead', 'beforeWrite', 'afterWrite']);
  });

  it('leaves the state as it was when the function or the commit fails, and still runs afterWrite', async () => {
    let state = new State();
    const failing = recording({ failCommit: true, reload: () => (state = new State()) });
    const core = new TxCore(() => state, failing.durability);
    await expect(core.write((tx) => tx.put(notes, { id: 'a', text: 'x' }))).rejects.toThrow('disk full');
    await expect(
      core.write((tx) => {
        tx.put(notes, { id: 'b', text: 'y' });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(state.size('notes')).toBe(0);
    expect(failing.calls).toEqual(['beforeWrite', 'commit 1', 'discard', 'afterWrite', 'beforeWrite', 'afterWrite']);
  });

  it('commits writes queued one after another as one batch: each sees those before it, one refused alone', async () => {
    const state = new State();
    const { calls, durability } = recording();
    const core = new TxCore(() => state, durability);
    const first = core.write((tx) => tx.put(notes, { id: 'a', text: 'x' }));
    const second = core.write((tx) => tx.put(notes, { id: 'b', text: `after ${tx.count(notes)}` }));
    const refused = core.write((tx) => {
      tx.put(notes, { id: 'c', text: 'z' });
      throw new Error('no');
    });
    const third = core.write((tx) => tx.put(notes, { id: 'd', text: `after ${tx.count(notes)}` }));
    await expect(refused).rejects.toThrow('no');
    expect((await second).text).toBe('after 1');
    expect((await third).text).toBe('after 2');
    await first;
    expect(calls).toEqual(['beforeWrite', 'commit 3', 'afterWrite']);
    expect(await core.read((tx) => tx.all(notes).map((n) => n.id))).toEqual(['a', 'b', 'd']);
  });

  it('lets a write join a batch past a queued read (which sees it), not past a job; fails every write of a batch whose commit fails', async () => {
    let state = new State();
    const { calls, durability } = recording();
    const core = new TxCore(() => state, durability);
    const w1 = core.write((tx) => tx.put(notes, { id: 'a', text: 'x' }));
    const seen = core.read((tx) => tx.count(notes));
    const w2 = core.write((tx) => tx.put(notes, { id: 'b', text: 'y' }));
    const job = core.serial(async () => void calls.push('job'));
    const w3 = core.write((tx) => tx.put(notes, { id: 'c', text: 'z' }));
    await Promise.all([w1, w2, w3, job]);
    expect(await seen).toBe(2);
    expect(calls).toEqual(['beforeWrite', 'commit 2', 'afterWrite', 'beforeRead', 'job', 'beforeWrite', 'commit 1', 'afterWrite']);

    const failing = recording({ failCommit: true, reload: () => (state = State.fromDump({ tables: { notes: [{ id: 'a' }, { id: 'b' }] } })) });
    const broken = new TxCore(() => state, failing.durability);
    const results = await Promise.allSettled([1, 2, 3].map((i) => broken.write((tx) => tx.put(notes, { id: `n${i}`, text: '' }))));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(failing.calls).toEqual(['beforeWrite', 'commit 3', 'discard', 'afterWrite']);
    expect(await broken.read((tx) => tx.all(notes).map((n) => n.id))).toEqual(['a', 'b']);
  });

  it('runs transactions and queued jobs one at a time, in order, whatever each takes', async () => {
    const order: string[] = [];
    const slow: Durability = {
      beforeRead: async () => {},
      looksOutside: false,
      beforeWrite: () => new Promise((r) => setTimeout(r, 20)),
      commit: async () => {},
      discard: () => {},
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

  it('commits a transaction of more ops than a function call takes arguments', async () => {
    const state = new State();
    const core = new TxCore(() => state);
    await core.write((tx) => {
      for (let i = 0; i < 200_000; i++) tx.put(notes, { id: `n${i}`, text: '' });
    });
    expect(state.size('notes')).toBe(200_000);
  });

  it('reads the state the holder gives at each transaction', async () => {
    let state = State.fromDump({ tables: { notes: [{ id: 'old' }] } });
    const core = new TxCore(() => state);
    expect(await core.read((tx) => tx.all(notes).map((n) => n.id))).toEqual(['old']);
    state = State.fromDump({ tables: { notes: [{ id: 'new' }] } });
    await core.write((tx) => tx.put(notes, { id: 'more', text: '' }));
    expect(await core.read((tx) => tx.all(notes).map((n) => n.id))).toEqual(['new', 'more']);
  });

  it('lets reads asked together share one look at the files, and never one that began before a read was asked or that a write followed', async () => {
    const state = new State();
    const { calls, durability } = recording();
    const core = new TxCore(() => state, durability);
    const looks = () => calls.filter((c) => c === 'beforeRead').length;
    // Asked together: the first's look began after all were asked.
    await Promise.all([1, 2, 3].map(() => core.read(() => undefined)));
    expect(looks()).toBe(1);
    // Asked after that look: a look of its own.
    await core.read(() => undefined);
    expect(looks()).toBe(2);
    // One asked while another's look is under way needs one that begins after it was asked.
    const first = core.read(() => undefined);
    await Promise.resolve();
    const second = core.read(() => undefined);
    await Promise.all([first, second]);
    expect(looks()).toBe(4);
    // Reads asked together around a write: the write runs between them, so the later ones look again.
    await Promise.all([core.read(() => undefined), core.write(() => undefined), core.read(() => undefined), core.read(() => undefined)]);
    expect(looks()).toBe(6);
  });

  it('with files to look at, lets the reads asked in one turn of the event loop share a look, as a server reads its requests', async () => {
    const state = new State();
    const { calls, durability } = recording({ looksOutside: true });
    const core = new TxCore(() => state, durability);
    const looks = () => calls.filter((c) => c === 'beforeRead').length;
    // Each request's read is asked once the microtasks of the one before have run, in one turn.
    const first = core.read(() => undefined);
    for (let i = 0; i < 5; i++) await Promise.resolve();
    const second = core.read(() => undefined);
    for (let i = 0; i < 5; i++) await Promise.resolve();
    const third = core.read(() => undefined);
    await Promise.all([first, second, third]);
    expect(looks()).toBe(1);
    // Asked after that look: a look of its own.
    await core.read(() => undefined);
    expect(looks()).toBe(2);
  });

  it("lets a request's later reads take the look begun after the request arrived, and not one begun before", async () => {
    const state = new State();
    const { calls, durability } = recording();
    const core = new TxCore(() => state, durability);
    const looks = () => calls.filter((c) => c === 'beforeRead').length;
    const arrived = core.mark();
    await core.read(() => undefined, arrived); // authentication: a look
    await core.read(() => undefined, arrived); // the handler's read: the same look
    expect(looks()).toBe(1);
    // Another request, arrived after that look began: a look of its own.
    await core.read(() => undefined, core.mark());
    expect(looks()).toBe(2);
    // A write since: the request's next read looks again.
    const next = core.mark();
    await core.read(() => undefined, next);
    await core.write(() => undefined);
    await core.read(() => undefined, next);
    expect(looks()).toBe(4);
  });
});
