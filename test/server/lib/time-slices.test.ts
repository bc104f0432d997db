import { afterEach, describe, expect, it, vi } from 'vitest';
import { timeSlices } from '../../../src/server/lib/time-slices.js';

/** performance.now() as a clock the test moves. */
function clock() {
  let now = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  return (ms: number) => void (now += ms);
}

afterEach(() => vi.restoreAllMocks());

describe('work done in time slices', () => {
  it('lets the event loop turn once a slice has run its time, and costs nothing before', async () => {
    const tick = clock();
    const turn = timeSlices(8);
    tick(7);
    expect(turn()).toBeUndefined();
    tick(2);
    const ran: string[] = [];
    setImmediate(() => ran.push('queued before'));
    const t = turn();
    expect(t).toBeInstanceOf(Promise);
    await t;
    expect(ran).toEqual(['queued before']);
    // A new slice begins when the loop has turned.
    tick(7);
    expect(turn()).toBeUndefined();
  });
});
