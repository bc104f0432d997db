import { describe, expect, it } from 'vitest';
import { runSteps, runStepsPaced, type Step } from '../../src/store/files.js';

/** Steps that ask for a sync of a descriptor that is not open, noting what they did. */
function* failingSync(log: string[]): Generator<Step, string> {
  try {
    log.push('before');
    yield;
    yield { fsync: 2 ** 30 };
    log.push('after');
    return 'done';
  } catch (e) {
    log.push(`caught ${(e as NodeJS.ErrnoException).code}`);
    throw e;
  } finally {
    log.push('cleaned up');
  }
}

describe('steps', () => {
  it('run at once: a failed sync is thrown where it was asked for, so the steps clean up, then it fails the run', () => {
    const log: string[] = [];
    expect(() => runSteps(failingSync(log))).toThrow(/EBADF/);
    expect(log).toEqual(['before', 'caught EBADF', 'cleaned up']);
  });

  it('paced: the same, the sync on the thread pool', async () => {
    const log: string[] = [];
    await expect(runStepsPaced(failingSync(log))).rejects.toThrow(/EBADF/);
    expect(log).toEqual(['before', 'caught EBADF', 'cleaned up']);
  });

  it('paced: lets the event loop turn between steps', async () => {
    const order: string[] = [];
    function* two(): Generator<Step, void> {
      order.push('first step');
      // Something that arrives while the first step runs.
      setImmediate(() => order.push('the event loop'));
      yield;
      order.push('second step');
    }
    await runStepsPaced(two());
    expect(order).toEqual(['first step', 'the event loop', 'second step']);
    order.length = 0;
    runSteps(two());
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['first step', 'second step', 'the event loop']);
  });
});
