import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, spawnServe, tempDir, type ServeProcess } from '../../helpers/server.js';

const tmp = tempDir('gbctl-clock-bounds-');
let s: ServeProcess;
beforeAll(async () => {
  s = await spawnServe(join(tmp.dir, 'store.json'));
});
afterAll(async () => {
  await s.stop();
  tmp.cleanup();
});

async function clock(method: string, body?: unknown) {
  const res = await fetch(`${s.url}/_gbctl/clock`, {
    method,
    headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as { now?: string; error?: { code: number; message: string } } };
}

describe('the clock controls are bounded and never leave the server broken', () => {
  it('refuses moves past a year or outside 1970–9999 with a 400 naming the field, and the server keeps working', async () => {
    const before = (await clock('GET')).body.now as string;
    const refused: [unknown, RegExp][] = [
      [{ advance: 1e308 }, /^advance: at most a year/],
      [{ advance: '400d' }, /^advance: at most a year/],
      [{ advance: -1e15 }, /^advance: at most a year/],
      [{ set: '+275760-09-13T00:00:00.000Z' }, /^set: give a date between 1970-01-01 and 9999-12-31/],
      [{ set: '1969-12-31T00:00:00Z' }, /^set: give a date between/],
      [{ set: '9999-12-31T00:00:00Z', advance: '2d' }, /^advance: that would move the clock outside/],
    ];
    for (const [body, message] of refused) {
      const r = await clock('POST', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error?.message).toMatch(message);
    }
    expect(Date.parse((await clock('GET')).body.now as string) - Date.parse(before)).toBeLessThan(60_000);
    expect((await api(s, 'POST', `/orgs/${s.org}/spaces`, { title: 'still writes' })).status).toBe(201);
  });

  it('takes the latest date it allows, keeps answering, and reset brings it back', async () => {
    const late = await clock('POST', { set: '9999-12-31T23:59:59.000Z' });
    expect(late.status).toBe(200);
    expect((await clock('GET')).status).toBe(200);
    expect((await api(s, 'POST', `/orgs/${s.org}/spaces`, { title: 'late' })).status).toBe(201);
    const reset = await fetch(`${s.url}/_gbctl/reset`, { method: 'POST', headers: { authorization: `Bearer ${s.token}` } });
    expect(reset.status).toBe(200);
    expect(Math.abs(Date.parse((await clock('GET')).body.now as string) - Date.now())).toBeLessThan(60_000);
  });
});
