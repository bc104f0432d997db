import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startControlled, type ControlledServer } from '../../helpers/controlled-server.js';

let s: ControlledServer;
beforeAll(async () => {
  s = await startControlled();
});
afterAll(() => s.stop());

async function control(method: string, path: string, body?: string) {
  const r = await fetch(`${s.url}/_gbctl/${path}`, {
    method,
    headers: { authorization: `Bearer ${s.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body } : {}),
  });
  return { status: r.status, body: (await r.json()) as { error?: { code: number; message: string }; items?: unknown[]; frozen?: boolean } };
}

describe('test-control bodies', () => {
  it('refuse a misspelt field instead of dropping it: a fault rule with "probabilty" is not added to fire every time', async () => {
    const r = await control('POST', 'faults', JSON.stringify({ path: '/v1/orgs', status: 503, probabilty: 0.1 }));
    expect(r.status).toBe(400);
    expect(r.body.error?.message).toMatch(/^body\.probabilty: not a field of POST \/_gbctl\/faults; it takes method, path, .*probability/);
    expect((await control('GET', 'faults')).body.items).toEqual([]);
    expect((await fetch(`${s.url}/v1/orgs`, { headers: { authorization: `Bearer ${s.token}` } })).status).toBe(200);
  });

  it('refuse prototype keys and unknown fields on every control that takes a body, and any field on one that takes none', async () => {
    const cases: [string, string, string][] = [];
    for (const key of ['__proto__', 'constructor', 'prototype', 'toString', 'extra']) {
      cases.push(['POST', 'faults', `{"path":"/v1/x","status":500,"${key}":{"probability":0}}`]);
      cases.push(['POST', 'clock', `{"advance":"1h","${key}":1}`]);
      cases.push(['POST', 'snapshots', `{"name":"s1","${key}":1}`]);
      cases.push(['POST', 'reset', `{"${key}":1}`]);
      cases.push(['DELETE', 'faults', `{"${key}":1}`]);
    }
    const clock = (await control('GET', 'clock')).body;
    for (const [method, path, body] of cases) {
      const r = await control(method, path, body);
      expect(r.status, `${method} ${path} ${body}`).toBe(400);
      expect(r.body.error?.message, body).toMatch(/^body\.\w+: /);
    }
    expect((await control('GET', 'clock')).body).toMatchObject({ frozen: clock.frozen });
    expect((await control('GET', 'faults')).body.items).toEqual([]);
    expect((await control('GET', 'snapshots')).body.items).toEqual([{ id: 'initial' }]);
  });

  it('still take every field they document', async () => {
    expect(
      (
        await control(
          'POST',
          'faults',
          JSON.stringify({ method: 'GET', path: '/v1/nowhere', latencyMs: 1, status: 503, message: 'm', retryAfter: 1, count: 1, probability: 0.5 }),
        )
      ).status,
    ).toBe(200);
    expect((await control('POST', 'clock', JSON.stringify({ set: '2030-01-01T00:00:00Z', advance: '1h', freeze: false }))).status).toBe(200);
    expect((await control('POST', 'snapshots', JSON.stringify({ name: 'named' }))).status).toBe(200);
    expect((await control('POST', 'reset')).status).toBe(200);
    expect((await control('DELETE', 'faults')).status).toBe(200);
  });
});
