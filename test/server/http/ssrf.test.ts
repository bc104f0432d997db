import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, spawnServe, tempDir, type ServeProcess } from '../../helpers/server.js';

/** This machine's first non-loopback IPv4 address, if it has one. */
const external = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

const tmp = tempDir('gbctl-ssrf-');
let secret: Server;
let redirector: Server;
let hits = 0;
const at = (s: Server) => `http://${(s.address() as AddressInfo).address}:${(s.address() as AddressInfo).port}`;
const listen = (s: Server, host: string) => new Promise<void>((r) => s.listen(0, host, () => r()));

beforeAll(async () => {
  // A service only this machine can reach, holding what an import must not read.
  secret = createServer((_req, res) => {
    hits++;
    res.setHeader('content-type', 'text/markdown');
    res.end('# internal secret\n');
  });
  await listen(secret, '127.0.0.1');
  if (!external) return;
  redirector = createServer((_req, res) => res.writeHead(302, { location: `${at(secret)}/doc.md` }).end());
  await listen(redirector, external);
});
afterAll(async () => {
  secret.close();
  redirector?.close();
  tmp.cleanup();
});

describe.skipIf(!external)(`serve bound to a non-loopback address (${external ?? 'none on this machine: skipped'})`, () => {
  let s: ServeProcess;
  let space: string;
  beforeAll(async () => {
    s = await spawnServe(join(tmp.dir, 'store.json'), ['--host', external as string]);
    space = (await api(s, 'POST', `/orgs/${s.org}/spaces`, { title: 'Target' })).body.id as string;
  });
  afterAll(() => s.stop());

  it('refuses to import from a loopback service, directly or through a redirect, with a 400 naming the rule', async () => {
    for (const url of [`${at(secret)}/doc.md`, `http://localhost:${(secret.address() as AddressInfo).port}/doc.md`, `${at(redirector)}/go`]) {
      const r = await api(s, 'POST', `/spaces/${space}/content/import`, { url, source: 'markdown' });
      expect(r.status, url).toBe(400);
      expect(r.body.error.message, url).toMatch(
        /is a (loopback|private|reserved or special-purpose) address, which this server does not fetch from \(gbctl serve --allow-private-urls allows it\)/,
      );
    }
    expect(hits).toBe(0);
  });

  it('gives the same answer for a closed port as for an open one', async () => {
    const open = await api(s, 'POST', `/spaces/${space}/content/import`, { url: `${at(secret)}/doc.md`, source: 'markdown' });
    const closed = await api(s, 'POST', `/spaces/${space}/content/import`, { url: 'http://127.0.0.1:1/doc.md', source: 'markdown' });
    const port = String((secret.address() as AddressInfo).port);
    expect(open.body.error.message.replace(port, 'P')).toBe(closed.body.error.message.replace(':1/', ':P/'));
  });

  it('refuses an OpenAPI source on a loopback address the same way, recording nothing', async () => {
    for (const [method, path] of [
      ['POST', `/orgs/${s.org}/openapi`],
      ['PUT', `/orgs/${s.org}/openapi/internal`],
    ] as const) {
      const r = await api(s, method, path, { ...(method === 'POST' ? { slug: 'internal' } : {}), source: { url: `${at(secret)}/spec.json` } });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.error.message).toMatch(/^source\.url: .* is a loopback address, which this server does not fetch from/);
    }
    expect((await api(s, 'GET', `/orgs/${s.org}/openapi`)).body.items).toEqual([]);
    expect(hits).toBe(0);
  });

  it('refuses an OpenAPI file:// source with a 400, recording no spec and no failed fetch', async () => {
    const file = join(tmp.dir, 'spec.json');
    writeFileSync(file, JSON.stringify({ openapi: '3.0.0', info: { title: 'Secret', version: '1' }, paths: {} }));
    for (const [method, path] of [
      ['POST', `/orgs/${s.org}/openapi`],
      ['PUT', `/orgs/${s.org}/openapi/local`],
    ] as const) {
      const r = await api(s, method, path, { ...(method === 'POST' ? { slug: 'local' } : {}), source: { url: pathToFileURL(file).href } });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.error.message).toMatch(
        /^source\.url: file:\/\/ URLs are off on a server reachable from other machines; start gbctl serve with --allow-file-urls/,
      );
    }
    expect((await api(s, 'GET', `/orgs/${s.org}/openapi`)).body.items).toEqual([]);
  });

  it('reaches it with --allow-private-urls', async () => {
    const open = await spawnServe(join(tmp.dir, 'open.json'), ['--host', external as string, '--allow-private-urls']);
    try {
      const id = (await api(open, 'POST', `/orgs/${open.org}/spaces`, { title: 'Allowed' })).body.id as string;
      const r = await api(open, 'POST', `/spaces/${id}/content/import`, { url: `${at(redirector)}/go`, source: 'markdown' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(hits).toBe(1);
    } finally {
      await open.stop();
    }
  });
});
