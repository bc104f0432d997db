import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { spawnServe, tempDir, type ServeProcess } from '../../helpers/server.js';

const tmp = tempDir();
afterAll(() => tmp.cleanup());
let n = 0;
const fresh = () => join(tmp.dir, `store-${++n}.json`);

async function call(s: { url: string; token: string }, method: string, path: string, body?: unknown) {
  const res = await fetch(`${s.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${s.token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: text ? (JSON.parse(text) as Record<string, unknown> & { items?: Record<string, unknown>[] }) : undefined,
  };
}

async function withServe<T>(extra: string[], fn: (s: ServeProcess) => Promise<T>): Promise<T> {
  const s = await spawnServe(fresh(), extra);
  try {
    return await fn(s);
  } finally {
    await s.stop();
  }
}

describe('gbctl serve test controls', () => {
  it('writes the ready file once listening and answers health to an operator only', async () => {
    const ready = join(tmp.dir, 'ready.txt');
    await withServe(['--ready-file', ready], async (s) => {
      expect(readFileSync(ready, 'utf8')).toBe(`${s.url}\n`);
      const h = await call(s, 'GET', '/_gbctl/health');
      expect(h.status).toBe(200);
      expect(h.body).toMatchObject({ status: 'ok', version: expect.any(String) });
      expect((await call({ url: s.url, token: 'nope' }, 'GET', '/_gbctl/health')).status).toBe(401);
      expect((await fetch(`${s.url}/_gbctl/health`)).status).toBe(401);
      const unknown = await call(s, 'GET', '/_gbctl/nothing');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ error: { code: 404 } });
    });
  });

  it("runs V8's optimising compiler unless --no-jit, and reports it with its memory", async () => {
    for (const [extra, jit] of [
      [[], true],
      [['--no-jit'], false],
      [['--jit'], true],
    ] as const) {
      const health = await withServe([...extra], (s) => call(s, 'GET', '/_gbctl/health'));
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ status: 'ok', jit });
      expect(health.body?.rssBytes).toBeGreaterThan(10 * 1024 * 1024);
    }
  });

  it('moves the clock so the 7-day restore window can be tested without waiting', async () => {
    await withServe([], async (s) => {
      const space = (await call(s, 'POST', `/v1/orgs/${s.org}/spaces`, { title: 'Old' })).body as { id: string };
      expect((await call(s, 'DELETE', `/v1/spaces/${space.id}`)).status).toBe(204);
      const before = (await call(s, 'GET', '/_gbctl/clock')).body as { now: string };
      const moved = await call(s, 'POST', '/_gbctl/clock', { advance: '8d', freeze: true });
      expect(moved.body).toMatchObject({ frozen: true });
      expect(Date.parse((moved.body as { now: string }).now) - Date.parse(before.now)).toBeGreaterThanOrEqual(8 * 86_400_000);
      expect((await call(s, 'POST', `/v1/spaces/${space.id}/restore`)).status).toBe(404);
      expect((await call(s, 'POST', '/_gbctl/clock', { advance: 'soon' })).status).toBe(400);
    });
  });

  it('makes ids and timestamps reproducible with --seed', async () => {
    const run = () =>
      withServe(['--seed', '42'], async (s) => {
        const a = (await call(s, 'POST', `/v1/orgs/${s.org}/spaces`, { title: 'A' })).body as { id: string; createdAt: string };
        const b = (await call(s, 'POST', `/v1/orgs/${s.org}/collections`, { title: 'B' })).body as { id: string };
        return [s.org, a.id, a.createdAt, b.id];
      });
    const first = await run();
    expect(await run()).toEqual(first);
    expect(first[2]).toMatch(/^2026-01-01T00:00:00\.\d{3}Z$/);
  });

  it('snapshots, restores and resets the whole dataset', async () => {
    await withServe([], async (s) => {
      await call(s, 'POST', `/v1/orgs/${s.org}/spaces`, { title: 'Kept' });
      expect((await call(s, 'POST', '/_gbctl/snapshots', { id: 'one' })).body).toEqual({ id: 'one' });
      await call(s, 'POST', `/v1/orgs/${s.org}/spaces`, { title: 'Dropped' });
      const titles = async () => ((await call(s, 'GET', `/v1/orgs/${s.org}/spaces`)).body?.items ?? []).map((x) => x.title);
      expect(await titles()).toEqual(['Kept', 'Dropped']);
      expect((await call(s, 'POST', '/_gbctl/snapshots/one/restore')).status).toBe(200);
      expect(await titles()).toEqual(['Kept']);
      expect((await call(s, 'POST', '/_gbctl/reset')).status).toBe(200);
      expect(await titles()).toEqual([]);
      expect((await call(s, 'POST', '/_gbctl/snapshots/nope/restore')).status).toBe(404);
    });
  });

  it("injects faults that gbctl's own client retries through, and logs requests", async () => {
    await withServe(['--log'], async (s) => {
      const env = { GITBOOK_ENDPOINT: s.url, GITBOOK_TOKEN: s.token, GITBOOK_ORGANIZATION: s.org };
      expect((await call(s, 'POST', '/_gbctl/faults', { method: 'GET', path: '/v1/orgs/*/spaces', status: 503, count: 2 })).status).toBe(200);
      const ok = await runCli(['spaces', 'list'], { env });
      expect(ok.code, ok.stderr).toBe(0);
      expect(ok.stderr.match(/retrying in .* after HTTP 503/g)).toHaveLength(2);

      await call(s, 'POST', '/_gbctl/faults', { path: '/v1/orgs/*/spaces', status: 429, retryAfter: 0 });
      const limited = await runCli(['spaces', 'list', '--retries', '1'], { env });
      expect(limited.code).toBe(7);
      expect((await call(s, 'DELETE', '/_gbctl/faults')).status).toBe(200);

      await call(s, 'POST', '/_gbctl/faults', { path: '/v1/orgs/**', reset: true, count: 1 });
      const reset = await runCli(['spaces', 'list'], { env });
      expect(reset.code, reset.stderr).toBe(0);
      expect(reset.stderr).toMatch(/retrying in .* after cannot reach/);

      await call(s, 'POST', '/_gbctl/faults', { method: 'POST', path: '/v1/orgs/*/spaces', latencyMs: [5, 10], count: 1 });
      expect((await call(s, 'POST', `/v1/orgs/${s.org}/spaces`, { title: 'Slow' })).status).toBe(201);
      const rules = (await call(s, 'GET', '/_gbctl/faults')).body?.items ?? [];
      expect(rules.find((r) => r.method === 'POST')).toMatchObject({ hits: 1, remaining: 0 });
      expect((await call(s, 'POST', '/_gbctl/faults', { path: '/v1/x' })).status).toBe(400);

      const log = (await call(s, 'GET', '/_gbctl/requests?limit=3')).body?.items ?? [];
      expect(log.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
        `POST /v1/orgs/${s.org}/spaces 201`,
        'GET /_gbctl/faults 200',
        'POST /_gbctl/faults 400',
      ]);
      expect(log[0]).toMatchObject({ endpoint: 'spaces.create', ms: expect.any(Number) });
    });
  });

  it('prints the request log as NDJSON on stderr with --log', async () => {
    const s = await spawnServe(fresh(), ['--log']);
    await call(s, 'GET', `/v1/orgs/${s.org}/spaces`);
    await s.stop();
    const line = s
      .stderr()
      .split('\n')
      .find((l) => l.includes('"spaces.list"'));
    expect(JSON.parse(line as string)).toMatchObject({ method: 'GET', status: 200, endpoint: 'spaces.list' });
  });

  it('warns when bound to an address other than loopback', async () => {
    const s = await spawnServe(fresh(), ['--host', '0.0.0.0']);
    expect(s.url).toMatch(/^http:\/\/0\.0\.0\.0:\d+$/);
    // file:// sources would read the server's own files: refused when others can reach it.
    const viaLoopback = { url: s.url.replace('0.0.0.0', '127.0.0.1'), token: s.token };
    const md = join(tmp.dir, 'secret.md');
    writeFileSync(md, '# Secret\n');
    const space = (await call(viaLoopback, 'POST', `/v1/orgs/${s.org}/spaces`, { title: 'Docs' })).body as { id: string };
    const imp = await call(viaLoopback, 'POST', `/v1/spaces/${space.id}/content/import`, { url: pathToFileURL(md).href, source: 'markdown' });
    expect(imp.status).toBe(400);
    expect(JSON.stringify(imp.body)).toContain('--allow-file-urls');
    const spec = await call(viaLoopback, 'POST', `/v1/orgs/${s.org}/openapi`, { slug: 'api', source: { url: pathToFileURL(md).href } });
    expect(spec.status).toBe(400);
    expect(JSON.stringify(spec.body)).toContain('--allow-file-urls');
    await s.stop();
    expect(s.stderr()).toContain('warning: bound to 0.0.0.0');
    expect(s.stderr()).toContain('--allow-file-urls');
    const local = await spawnServe(fresh());
    await local.stop();
    expect(local.stderr()).not.toContain('warning');
  });

  it('refuses bodies over --max-body with 413 and malformed ones with 400', async () => {
    await withServe(['--max-body', '200'], async (s) => {
      const big = await call(s, 'POST', `/v1/orgs/${s.org}/spaces`, { title: 'x'.repeat(300) });
      expect(big.status).toBe(413);
      expect(big.body).toMatchObject({ error: { code: 413 } });
      const arr = await fetch(`${s.url}/v1/orgs/${s.org}/spaces`, {
        method: 'POST',
        headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
        body: '[1]',
      });
      expect(arr.status).toBe(400);
      const text = await fetch(`${s.url}/v1/orgs/${s.org}/spaces`, {
        method: 'POST',
        headers: { authorization: `Bearer ${s.token}`, 'content-type': 'text/plain' },
        body: 'title=x',
      });
      expect(text.status).toBe(400);
    });
  });

  it('finishes requests in flight on SIGTERM, then exits 0', async () => {
    const s = await spawnServe(fresh());
    await call(s, 'POST', '/_gbctl/faults', { method: 'POST', path: '/v1/orgs/*/spaces', latencyMs: 800, count: 1 });
    const slow = call(s, 'POST', `/v1/orgs/${s.org}/spaces`, { title: 'In flight' });
    await new Promise((r) => setTimeout(r, 200));
    const code = s.stop('SIGTERM');
    expect((await slow).status).toBe(201);
    expect(await code).toBe(0);
    const after = await runCli(['spaces', 'list', '--json', 'title', '--store', s.dataFile]);
    expect(JSON.parse(after.stdout)).toEqual([{ title: 'In flight' }]);
  });
});
