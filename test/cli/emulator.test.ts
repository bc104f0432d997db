import { existsSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startControlled, type ControlledServer } from '../helpers/controlled-server.js';
import { tempDir } from '../helpers/server.js';
import { listen } from '../../src/server/http.js';

let s: ControlledServer;
const tmp = tempDir();
beforeAll(async () => {
  s = await startControlled();
});
afterAll(async () => {
  await s.stop();
  tmp.cleanup();
});

const gb = (args: string[], input?: string) => runCli(args, { env: s.env, ...(input !== undefined ? { input } : {}) });
const titles = async () => JSON.parse((await gb(['spaces', 'list', '--json', 'title'])).stdout) as unknown;

describe('gbctl emulator', () => {
  it('refuses the embedded store plainly, with exit 2 and no store file made', async () => {
    const store = join(tmp.dir, 'never.json');
    for (const args of [['health'], ['wait'], ['clock'], ['snapshot', 'x'], ['restore', 'x', '--yes'], ['reset', '--yes'], ['faults'], ['requests']]) {
      const r = await runCli(['emulator', ...args], { env: { GBCTL_DATA: store } });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain('need a running "gbctl serve"');
    }
    expect(existsSync(store)).toBe(false);
  });

  it('picks the --json fields named from each rule and request, and refuses one they lack before sending', async () => {
    const added = await gb(['emulator', 'faults', '--path', '/v1/nowhere', '--status', '503', '--json', 'id,path,status']);
    expect(added.code, added.stderr).toBe(0);
    const rule = JSON.parse(added.stdout) as { id: string };
    expect(Object.keys(rule)).toEqual(['id', 'path', 'status']);
    const listed = JSON.parse((await gb(['emulator', 'faults', '--json', 'id,hits'])).stdout) as object[];
    expect(listed).toContainEqual({ id: rule.id, hits: 0 });
    const bad = await gb(['emulator', 'faults', '--path', '/v1/never', '--status', '500', '--json', 'nosuch']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('valid fields: id, method, path');
    expect((JSON.parse((await gb(['emulator', 'faults', '--json', 'path'])).stdout) as { path: string }[]).map((r) => r.path)).not.toContain('/v1/never');
    const requests = JSON.parse((await gb(['emulator', 'requests', '--json', 'method,status'])).stdout) as object[];
    expect(Object.keys(requests[0] as object)).toEqual(['method', 'status']);
    await gb(['emulator', 'faults', '--clear']);
  });

  it('reads, moves, freezes and unfreezes the clock, checking values before sending', async () => {
    const now = await gb(['emulator', 'clock', '--json']);
    expect(now.code, now.stderr).toBe(0);
    const before = JSON.parse(now.stdout) as { now: string; frozen: boolean };
    expect(before.frozen).toBe(false);
    const moved = await gb(['emulator', 'clock', '--advance', '8d', '--freeze', '--json']);
    const after = JSON.parse(moved.stdout) as { now: string; frozen: boolean };
    expect(after.frozen).toBe(true);
    expect(Date.parse(after.now) - Date.parse(before.now)).toBeGreaterThanOrEqual(8 * 86_400_000);
    expect((await gb(['emulator', 'clock'])).stdout).toMatch(/^\d{4}-.*Z \(frozen\)\n$/);
    const requestsBefore = s.controls.log.entries().length;
    const bad = await gb(['emulator', 'clock', '--advance', 'soon']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--advance');
    expect((await gb(['emulator', 'clock', '--freeze', '--unfreeze'])).code).toBe(2);
    expect(s.controls.log.entries().length).toBe(requestsBefore);
    expect(JSON.parse((await gb(['emulator', 'clock', '--unfreeze', '--json'])).stdout)).toMatchObject({ frozen: false });
  });

  it('saves a snapshot under its name and restores it; reset goes back to start-up, clock included', async () => {
    expect((await gb(['spaces', 'create', '--title', 'Kept'])).code).toBe(0);
    const snap = await gb(['emulator', 'snapshot', 'kept']);
    expect(snap.code, snap.stderr).toBe(0);
    expect(snap.stdout).toBe('kept\n');
    expect((await gb(['emulator', 'snapshot', '--list', '--json'])).stdout).toContain('"kept"');
    await gb(['spaces', 'create', '--title', 'Dropped']);
    expect(await titles()).toEqual([{ title: 'Kept' }, { title: 'Dropped' }]);

    const refused = await gb(['emulator', 'restore', 'kept']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes');
    expect(await titles()).toHaveLength(2);
    const restored = await gb(['emulator', 'restore', 'kept', '--yes']);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stderr).toContain('Restored snapshot kept');
    expect(await titles()).toEqual([{ title: 'Kept' }]);
    expect((await gb(['emulator', 'restore', 'nope', '--yes'])).code).toBe(5);
    expect((await gb(['emulator', 'snapshot', 'bad name'])).code).toBe(2);

    await gb(['emulator', 'clock', '--advance', '30d', '--freeze']);
    expect((await gb(['emulator', 'reset'])).code).toBe(2);
    const reset = await gb(['emulator', 'reset', '--yes']);
    expect(reset.code, reset.stderr).toBe(0);
    expect(await titles()).toEqual([]);
    const clock = JSON.parse((await gb(['emulator', 'clock', '--json'])).stdout) as { now: string; frozen: boolean };
    expect(clock.frozen).toBe(false);
    expect(Math.abs(Date.parse(clock.now) - Date.now())).toBeLessThan(60_000);
  });

  it('adds, lists, removes and clears fault rules; a bad rule names the flag and sends nothing', async () => {
    const added = await gb(['emulator', 'faults', '--path', '/v1/orgs/*/spaces', '--method', 'get', '--status', '503', '--count', '1']);
    expect(added.code, added.stderr).toBe(0);
    const id = added.stdout.trim();
    expect(id).toMatch(/^fault-\d+$/);
    const list = JSON.parse((await gb(['emulator', 'faults', '--json'])).stdout) as { id: string; method: string; status: number }[];
    expect(list).toEqual([expect.objectContaining({ id, method: 'GET', status: 503 })]);
    const listed = await runCli(['spaces', 'list', '--retries', '0'], { env: s.env });
    expect(listed.code).toBe(8);

    const bad = await gb(['emulator', 'faults', '--path', '/v1/x', '--status', '200']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--status');
    const none = await gb(['emulator', 'faults', '--path', '/v1/x']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('a rule needs --status, --latency or --reset-connection');
    const viaData = await gb(['emulator', 'faults', '--data', '{"path":"/v1/y","latencyMs":[1,2]}']);
    expect(viaData.code, viaData.stderr).toBe(0);
    expect((await gb(['emulator', 'faults', '--remove', id])).code).toBe(0);
    expect((await gb(['emulator', 'faults', '--remove', id])).code).toBe(5);
    expect((await gb(['emulator', 'faults', '--clear'])).code).toBe(0);
    expect(JSON.parse((await gb(['emulator', 'faults', '--json'])).stdout)).toEqual([]);
  });

  it('lists the most recent requests and clears them', async () => {
    await gb(['spaces', 'list']);
    const r = await gb(['emulator', 'requests', '--limit', '1', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const items = JSON.parse(r.stdout) as { method: string; path: string }[];
    expect(items).toHaveLength(1);
    expect((await gb(['emulator', 'requests', '--limit', '0'])).code).toBe(2);
    expect((await gb(['emulator', 'requests', '--clear'])).code).toBe(0);
    const text = await gb(['emulator', 'requests']);
    expect(text.stdout.split('\n').filter(Boolean).length).toBeLessThanOrEqual(1);
  });

  it("reports the server's health", async () => {
    const r = await gb(['emulator', 'health', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'ok', version: expect.any(String) });
    expect((await gb(['emulator', 'health'])).stdout).toMatch(/^ok: gbctl /);
    // A readiness check answers now: no retries with backoff on a server that is down.
    const started = Date.now();
    const down = await runCli(['emulator', 'health'], { env: { ...s.env, GITBOOK_ENDPOINT: 'http://127.0.0.1:1' } });
    expect(down.code).toBe(8);
    expect(down.stderr).not.toContain('retrying');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('reads every answer through the control’s schema: a server answering another shape is said not to be gbctl serve', async () => {
    const { createServer: httpServer } = await import('node:http');
    const other = httpServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(req.url?.startsWith('/_gbctl/clock') ? '{"now":3}' : '{"items":[{"name":"x"}]}');
    });
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', () => r()));
    const env = { ...s.env, GITBOOK_ENDPOINT: `http://127.0.0.1:${(other.address() as AddressInfo).port}` };
    try {
      for (const args of [
        ['emulator', 'clock'],
        ['emulator', 'faults'],
        ['emulator', 'snapshot', '--list'],
        ['emulator', 'requests'],
      ]) {
        const r = await runCli(args, { env });
        expect(r.code, args.join(' ')).toBe(1);
        expect(r.stderr).toMatch(/the answer to (GET|POST) \/_gbctl\/\S+ is not what gbctl serve answers .*is the server gbctl serve/);
        expect(r.stdout).toBe('');
      }
    } finally {
      await new Promise((r) => other.close(r));
    }
  });

  it('waits for a server that is starting, and returns as soon as it answers', async () => {
    const ready = await gb(['emulator', 'wait', '--json', 'status']);
    expect(ready.code, ready.stderr).toBe(0);
    expect(JSON.parse(ready.stdout)).toEqual({ status: 'ok' });

    // Nothing listens on the port yet; a server comes up there a moment later.
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const waiting = runCli(['emulator', 'wait', '--timeout', '20s'], { env: { ...s.env, GITBOOK_ENDPOINT: `http://127.0.0.1:${port}` } });
    await new Promise((r) => setTimeout(r, 700));
    const late = await listen(s.app, { port });
    try {
      const r = await waiting;
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^ready: http:\/\/127\.0\.0\.1:\d+ answers \(ok: gbctl /);
    } finally {
      late.server.close();
    }
  });

  it('fails at its deadline with what the last probe met (exit 8), and at once on a refused token (exit 4)', async () => {
    const started = Date.now();
    const down = await runCli(['emulator', 'wait', '--timeout', '1500ms'], { env: { ...s.env, GITBOOK_ENDPOINT: 'http://127.0.0.1:1' } });
    const took = Date.now() - started;
    expect(down.code).toBe(8);
    expect(down.stderr).toMatch(/^error: http:\/\/127\.0\.0\.1:1 was not ready within 1500ms: cannot reach .*ECONNREFUSED/);
    expect(took).toBeGreaterThanOrEqual(1400);
    expect(took).toBeLessThan(6000);

    // A server that accepts connections and never answers does not hold it past the deadline.
    const silent = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    try {
      const t = Date.now();
      const hung = await runCli(['emulator', 'wait', '--timeout', '2s'], {
        env: { ...s.env, GITBOOK_ENDPOINT: `http://127.0.0.1:${(silent.address() as AddressInfo).port}` },
      });
      expect(hung.code).toBe(8);
      expect(hung.stderr).toContain('no answer within');
      expect(Date.now() - t).toBeLessThan(7000);
    } finally {
      silent.close();
    }

    const refused = await runCli(['emulator', 'wait'], { env: { ...s.env, GITBOOK_TOKEN: 'nope' } });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain('is up, but');
    expect((await runCli(['emulator', 'wait', '--timeout', 'soon'], { env: s.env })).code).toBe(2);
  });

  it('says where the token came from when the server refuses it', async () => {
    const r = await runCli(['emulator', 'clock'], { env: { ...s.env, GITBOOK_TOKEN: 'nope' } });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('GITBOOK_TOKEN');
  });

  it('has help with examples for every verb', async () => {
    for (const verb of ['health', 'wait', 'clock', 'snapshot', 'restore', 'reset', 'faults', 'requests']) {
      const h = await runCli(['emulator', verb, '--help']);
      expect(h.code).toBe(0);
      expect(h.stdout).toContain('Examples:');
    }
  });
});
