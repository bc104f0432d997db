import { describe, expect, it } from 'vitest';
import { backoff, Client, retryMessage, waitText, type RetryInfo } from '../../src/client/client.js';
import type { Transport, WireResponse } from '../../src/client/transport.js';
import { endpoints } from '../../src/contract/index.js';
import { runCli } from '../helpers/cli.js';
import { startControlled } from '../helpers/controlled-server.js';

/** A transport that gives these answers in turn, then 200 with an empty object. */
function answering(...answers: Partial<WireResponse>[]): Transport {
  return { target: 'scripted', send: async () => ({ status: 200, headers: {}, body: '{}', ...answers.shift() }) };
}

describe('retries', () => {
  it('back off by at least half the step each time: 0.25-0.5 s, 0.5-1 s, … 4-8 s', () => {
    expect([backoff(0, 0), backoff(0, 1), backoff(1, 0), backoff(1, 1), backoff(9, 0), backoff(9, 1)]).toEqual([250, 500, 500, 1000, 4000, 8000]);
  });

  it('announce the wait they then sleep, in words that show it', async () => {
    const slept: number[] = [];
    const said: string[] = [];
    const client = new Client({
      transport: answering({ status: 503 }, { status: 429, headers: { 'retry-after': '2' } }, { status: 503, headers: { 'retry-after': '0' } }),
      retries: 3,
      parseResponses: false,
      sleep: async (ms) => void slept.push(ms),
      onRetry: (r: RetryInfo) => said.push(retryMessage(r)),
    });
    await client.call(endpoints['spaces.get'], { params: { spaceId: 'abc' } });
    expect(slept).toHaveLength(3);
    expect(said[0]).toBe(`retrying in ${Math.round(slept[0] as number)} ms after HTTP 503 (retry 1 of 3)`);
    expect(slept[0]).toBeGreaterThanOrEqual(250);
    expect(said.slice(1)).toEqual(['retrying in 2.0 s after HTTP 429 (retry 2 of 3)', 'retrying now after HTTP 503 (retry 3 of 3)']);
    expect(slept.slice(1)).toEqual([2000, 0]);
  });

  it('word waits from milliseconds to tens of seconds', () => {
    expect([0, 0.4, 1, 349.6, 999, 1000, 1549, 9999, 10_000, 60_000].map(waitText)).toEqual([
      'now',
      'now',
      'in 1 ms',
      'in 350 ms',
      'in 999 ms',
      'in 1.0 s',
      'in 1.5 s',
      'in 10.0 s',
      'in 10 s',
      'in 60 s',
    ]);
  });

  it("say the server's Retry-After on the command line", async () => {
    const served = await startControlled();
    try {
      served.controls.faults.add({ path: '/v1/**', status: 503, retryAfter: 1, count: 1 });
      const r = await runCli(['spaces', 'list'], { env: served.env });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain('retrying in 1.0 s after HTTP 503 (retry 1 of 3)\n');
    } finally {
      await served.stop();
    }
  });
});
