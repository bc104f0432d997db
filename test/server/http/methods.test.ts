import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServe, tempDir, type ServeProcess } from '../../helpers/server.js';

const tmp = tempDir('gbctl-methods-');
let s: ServeProcess;
beforeAll(async () => {
  s = await spawnServe(join(tmp.dir, 'store.json'));
});
afterAll(async () => {
  await s.stop();
  tmp.cleanup();
});

/** Sends raw bytes and reads until the server closes the connection (or 3 s pass). */
function raw(text: string): Promise<string> {
  const { hostname, port } = new URL(s.url);
  return new Promise((resolve) => {
    const sock = connect(Number(port), hostname, () => sock.write(text));
    let got = '';
    sock.on('data', (d: Buffer) => (got += d.toString('latin1')));
    const done = () => resolve(got);
    sock.on('close', done);
    sock.on('error', done);
    setTimeout(() => sock.destroy(), 3000);
  });
}

const errorOf = (response: string) => JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)) as { error: { code: number; message: string } };

describe('methods the server does not implement get 405 with the error body', () => {
  it('CONNECT gets 405, not a closed socket', async () => {
    const r = await raw('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expect(r).toMatch(/^HTTP\/1\.1 405 /);
    expect(errorOf(r).error).toMatchObject({ code: 405, message: expect.stringMatching(/CONNECT is not allowed/) });
  });

  it('methods node knows but the API does not use (PROPFIND, TRACE) get 405 naming the methods it answers', async () => {
    for (const method of ['PROPFIND', 'TRACE', 'LOCK']) {
      const r = await raw(`${method} /v1/orgs HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n`);
      expect(r, method).toMatch(/^HTTP\/1\.1 405 /);
      expect(r.toLowerCase()).toContain('allow: get, head, post, put, patch, delete, options');
      expect(errorOf(r).error.code).toBe(405);
    }
  });

  it('a method no parser knows gets 405', async () => {
    const r = await raw('FROBNICATE /v1/orgs HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(r).toMatch(/^HTTP\/1\.1 405 /);
    expect(errorOf(r).error.code).toBe(405);
  });
});

describe('SIGTERM', () => {
  it('exits after the grace period even while a client holds an unfinished request', { timeout: 15_000 }, async () => {
    const server = await spawnServe(join(tmp.dir, 'grace.json'), ['--shutdown-grace', '0.5']);
    const { hostname, port } = new URL(server.url);
    const sock = connect(Number(port), hostname, () =>
      sock.write(`POST /v1/orgs/${server.org}/spaces HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"ti`),
    );
    sock.on('error', () => undefined);
    await new Promise((r) => setTimeout(r, 200));
    const started = Date.now();
    const code = await Promise.race([server.stop('SIGTERM'), new Promise((r) => setTimeout(() => r('still running'), 8000))]);
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
    sock.destroy();
    if (code !== 0) server.child.kill('SIGKILL');
  });
});
