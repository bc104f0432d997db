import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startControlled } from '../helpers/controlled-server.js';
import { tempDir } from '../helpers/server.js';

const tmp = tempDir();
const gb = (args: string[]) => runCli(['--store', join(tmp.dir, 'store.json'), ...args]);
afterAll(() => tmp.cleanup());

describe('exit codes depend on the error, not on where it was caught', () => {
  it('exits 2 for bad input whether gbctl or the server refuses it, naming the flag', async () => {
    const local = await gb(['spaces', 'create', '--title', 'x'.repeat(60)]);
    expect(local.code).toBe(2);
    expect(local.stderr).toContain('--title: at most 50 characters');
    const org = JSON.parse((await gb(['auth', 'status', '--json'])).stdout).organization as string;
    const server = await gb(['api', 'POST', `/orgs/${org}/spaces`, '-F', `title=${'y'.repeat(60)}`]);
    expect(server.code).toBe(2);
    expect(server.stderr).toContain('at most 50 characters');
    const token = await gb(['spaces', 'list', '--page', 'bogus']);
    expect(token.code).toBe(2);
    const size = await gb(['spaces', 'list', '--page-size', '5000']);
    expect(size.code).toBe(2);
    expect(size.stderr).toContain('--page-size: at most 1000');
  });

  it('adds the organization hint to a 404 only where an organization applies', async () => {
    const space = await gb(['spaces', 'get', 'nope']);
    expect(space.code).toBe(5);
    expect(space.stderr).not.toContain('organization');
    const list = await gb(['spaces', 'list', '--org', 'nope']);
    expect(list.code).toBe(5);
    expect(list.stderr).toContain('right organization');
  });
});

describe('--json errors', () => {
  // The error is stderr's last line (retries are announced before it).
  const errorOf = (stderr: string) =>
    (JSON.parse(stderr.trimEnd().split('\n').pop() as string) as { error: { code: number; status: number | null; message: string } }).error;

  it('say the HTTP status of every answer that failed, whatever the status and wherever it was explained', async () => {
    const served = await startControlled();
    try {
      const space = JSON.parse((await runCli(['spaces', 'create', '--title', 'S', '--json', 'id'], { env: served.env })).stdout).id as string;
      for (const status of [400, 401, 403, 404, 409, 412, 422, 429, 500, 502, 503, 504]) {
        served.controls.faults.clear();
        served.controls.faults.add({ path: '/v1/**', status, message: `injected ${status}` });
        for (const args of [
          ['spaces', 'get', space],
          ['spaces', 'list'],
          ['spaces', 'update', space, '--title', 'T'],
        ]) {
          const r = await runCli([...args, '--json', '--no-retry'], { env: served.env });
          expect(r.code, `${status} ${args.join(' ')}`).not.toBe(0);
          expect(errorOf(r.stderr).status, `${status} ${args.join(' ')}: ${r.stderr}`).toBe(status);
        }
      }
      served.controls.faults.clear();
      // A 404 where the organization hint is added, and a token the server refuses.
      expect(errorOf((await runCli(['spaces', 'list', '--org', 'nope', '--json'], { env: served.env })).stderr).status).toBe(404);
      expect(errorOf((await runCli(['spaces', 'list', '--json'], { env: { ...served.env, GITBOOK_TOKEN: 'bad' } })).stderr).status).toBe(401);
      // Still failing after the retries.
      served.controls.faults.add({ path: '/v1/**', status: 503, retryAfter: 0 });
      const retried = await runCli(['spaces', 'get', space, '--json', '--retries', '1'], { env: served.env });
      expect(errorOf(retried.stderr)).toMatchObject({ code: 8, status: 503 });
    } finally {
      await served.stop();
    }
  });

  it('say the status of a 2xx answer that is not what the endpoint describes', async () => {
    const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('not json'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const r = await runCli(['spaces', 'get', 'abc', '--json'], { env: { GITBOOK_ENDPOINT: url, GITBOOK_TOKEN: 't' } });
      expect(errorOf(r.stderr)).toMatchObject({ code: 1, status: 200 });
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('say null where no answer came: a check made before sending, an unreachable server', async () => {
    expect(errorOf((await gb(['spaces', 'list', '--limit', 'x', '--json'])).stderr)).toMatchObject({ code: 2, status: null });
    expect(errorOf((await gb(['spaces', 'update', 'abc', '--json'])).stderr)).toMatchObject({ code: 2, status: null });
    const down = await runCli(['spaces', 'list', '--json', '--no-retry'], { env: { GITBOOK_ENDPOINT: 'http://127.0.0.1:1', GITBOOK_TOKEN: 't' } });
    expect(errorOf(down.stderr)).toMatchObject({ code: 8, status: null });
  });
});
