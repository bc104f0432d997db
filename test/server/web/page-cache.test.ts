import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip, pageResponse, shared } from '../../../src/server/web/page-cache.js';
import type { RevisionRecord } from '../../../src/server/model/revision.js';
import { api, startServer, tempDir, type TestServer } from '../../helpers/server.js';
import { publishedSite, type Published } from './fixture.js';

let s: TestServer;
let tmp: ReturnType<typeof tempDir>;
let pub: Published;
beforeAll(async () => {
  s = await startServer();
  tmp = tempDir('gbctl-page-cache-');
  pub = await publishedSite(s, tmp.dir, 'public');
});
afterAll(async () => {
  await s.stop();
  tmp.cleanup();
});

/** A GET with exactly the headers given (fetch would add its own Accept-Encoding), the body as sent. */
function raw(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('published pages as sent', () => {
  it('sends a page gzip-compressed to a client that takes it, and as it is to one that does not', async () => {
    const url = `${pub.url.replace(/\/$/, '')}/quick-start`;
    const plain = await raw(url, {});
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.headers['content-length']).toBe(String(plain.body.length));
    const html = plain.body.toString('utf8');
    expect(html).toContain('<table>');
    const zipped = await raw(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
    expect(gunzipSync(zipped.body).toString('utf8')).toBe(html);
    expect(zipped.body.length).toBeLessThan(plain.body.length);
    const refused = await raw(url, { 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.toString('utf8')).toBe(html);
  });

  it('makes a page again when what frames it changes: the site title shows in it', async () => {
    const url = `${pub.url.replace(/\/$/, '')}/quick-start`;
    const before = (await raw(url, {})).body.toString('utf8');
    expect(before).toContain('Quick start · Handbook Docs</title>');
    expect((await api(s, 'PATCH', `/orgs/${s.org}/sites/${pub.site}`, { title: 'Renamed Docs' })).status).toBe(200);
    const after = (await raw(url, {})).body.toString('utf8');
    expect(after).toContain('Quick start · Renamed Docs</title>');
    const main = (html: string) => html.slice(html.indexOf('<main>'));
    expect(main(after)).toBe(main(before));
  });

  it('reads Accept-Encoding with its qualities', () => {
    const req = (v?: string | string[]) => ({ method: 'GET', url: '/', headers: { 'accept-encoding': v } });
    expect(acceptsGzip(req('gzip'))).toBe(true);
    expect(acceptsGzip(req('deflate, GZIP;q=0.5'))).toBe(true);
    expect(acceptsGzip(req('*'))).toBe(true);
    expect(acceptsGzip(req(['br', 'gzip']))).toBe(true);
    expect(acceptsGzip(req('gzip;q=0'))).toBe(false);
    expect(acceptsGzip(req('br, deflate'))).toBe(false);
    expect(acceptsGzip(req('identity'))).toBe(false);
    expect(acceptsGzip(req(undefined))).toBe(false);
  });

  it('puts a page made of its own text and shared, once-compressed pieces together as one gzip stream any reader takes', () => {
    const rev = { id: 'r-pieces' } as RevisionRecord;
    const items = (from: number, n: number) => Array.from({ length: n }, (_, i) => `<li><a href="/p/${from + i}">Page ${from + i} é</a></li>`).join('');
    const side = [shared(`<ul>${items(0, 300)}`), shared(`${items(300, 300)}</ul>`)];
    const pieces = ['<!doctype html><title>t</title><aside>', ...side, '<a class="current">', shared(''), '</aside><main>body</main>'];
    const text = pieces.map((p) => (typeof p === 'string' ? p : p.raw.toString('utf8'))).join('');
    const get = (enc?: string) => pageResponse({ method: 'GET', url: '/', headers: { 'accept-encoding': enc } }, rev, 'a', 'p1', {}, () => pieces);
    const zipped = get('gzip').body as Buffer;
    expect(gunzipSync(zipped).toString('utf8')).toBe(text);
    // A strict reader: one member, its length and CRC-32 checked, nothing after it.
    expect(zipped.readUInt32LE(zipped.length - 4)).toBe(Buffer.byteLength(text));
    expect((get().body as Buffer).toString('utf8')).toBe(text);
    // The shared pieces are sent as they were compressed: the same bytes in the stream.
    for (const p of side) expect(zipped.includes(p.deflated)).toBe(true);
  });
});
