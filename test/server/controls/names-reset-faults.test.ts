import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startControlled, type ControlledServer } from '../../helpers/controlled-server.js';

let s: ControlledServer;
beforeAll(async () => {
  s = await startControlled();
});
afterAll(() => s.stop());

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${s.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${s.token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { error?: { message: string } } };
}

describe('test controls: snapshot names, reset, fault rules', () => {
  it('refuse a query parameter they do not take, and a request-log limit that is not a whole number', async () => {
    const stray = await call('GET', '/_gbctl/clock?frozen=1');
    expect(stray.status).toBe(400);
    expect(stray.body.error?.message).toContain('unknown query parameter "frozen"');
    expect((await call('POST', '/_gbctl/reset?keep=tokens')).status).toBe(400);
    for (const limit of ['abc', '0', '2.5']) {
      const bad = await call('GET', `/_gbctl/requests?limit=${limit}`);
      expect(bad.status).toBe(400);
      expect(bad.body.error?.message).toMatch(/^limit: /);
    }
    expect(((await call('GET', '/_gbctl/requests?limit=2')).body.items as unknown[]).length).toBe(2);
  });

  it('saves a snapshot under "name" (and still under "id"), and refuses a malformed one', async () => {
    expect((await call('POST', '/_gbctl/snapshots', { name: 'by-name' })).body).toEqual({ id: 'by-name' });
    expect((await call('POST', '/_gbctl/snapshots', { id: 'by-id' })).body).toEqual({ id: 'by-id' });
    const listed = (await call('GET', '/_gbctl/snapshots')).body.items as { id: string }[];
    expect(listed.map((x) => x.id)).toEqual(expect.arrayContaining(['by-name', 'by-id']));
    const bad = await call('POST', '/_gbctl/snapshots', { name: 'has space' });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toMatch(/^name: /);
    expect((await call('POST', '/_gbctl/snapshots', { name: 'initial' })).status).toBe(400);
    expect((await call('POST', '/_gbctl/snapshots/by-name/restore')).status).toBe(200);
  });

  it('resets the clock with the dataset', async () => {
    await call('POST', '/_gbctl/clock', { advance: '30d', freeze: true });
    const r = await call('POST', '/_gbctl/reset');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ reset: true, clock: { frozen: false } });
    const clock = (await call('GET', '/_gbctl/clock')).body as { now: string; frozen: boolean };
    expect(clock.frozen).toBe(false);
    expect(Math.abs(Date.parse(clock.now) - Date.now())).toBeLessThan(60_000);
  });

  it('answers a bad fault rule with a 400 naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [{ path: '/v1/x', status: 200 }, /^status: /],
      [{ path: '/v1/x', status: 503, method: 'FETCH' }, /^method: /],
      [{ path: '/v1/x', latencyMs: -1 }, /^latencyMs: /],
      [{ status: 503 }, /^path: /],
      [{ path: '/v1/x', status: 503, probability: 2 }, /^probability: /],
      [{ path: '/v1/x' }, /latencyMs, status or reset/],
    ];
    for (const [rule, message] of cases) {
      const r = await call('POST', '/_gbctl/faults', rule);
      expect(r.status, JSON.stringify(rule)).toBe(400);
      expect(r.body.error?.message, JSON.stringify(rule)).toMatch(message);
    }
    expect((await call('GET', '/_gbctl/faults')).body.items).toEqual([]);
  });
});
