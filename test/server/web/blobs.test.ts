import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobHeaders, essence } from '../../../src/server/web/blobs.js';
import { blobs } from '../../../src/server/model/revision.js';
import { startServer, type TestServer } from '../../helpers/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.stop());

/** Stores bytes under a download id, as an import or a PDF export does. */
async function stored(contentType: string, data = 'bytes'): Promise<string> {
  const id = `blob${Math.random().toString(36).slice(2)}`;
  await s.env.store.write((tx) => tx.put(blobs, { id, contentType, data: Buffer.from(data).toString('base64'), createdAt: new Date().toISOString() }));
  return `${s.url}/_gbctl/blobs/${id}`;
}

const ACTIVE = [
  'image/svg+xml',
  'text/html',
  'text/html; charset=utf-8',
  'application/xhtml+xml',
  'text/xml',
  'application/xml',
  'application/pdf',
  'text/javascript',
  'application/javascript',
  'text/css',
  'application/json',
  'image/svg+xml; charset=utf-8',
  'multipart/x-mixed-replace',
  'not a type',
  '',
  'TEXT/HTML',
];
const PASSIVE = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/x-icon',
  'video/mp4',
  'video/webm',
  'audio/mpeg',
  'application/octet-stream',
  'IMAGE/PNG',
];

describe('file bytes', () => {
  it('serves every active or unknown type as a sandboxed attachment that is never sniffed', async () => {
    for (const type of ACTIVE) {
      const r = await fetch(await stored(type, '<script>alert(1)</script>'));
      expect(r.status, type).toBe(200);
      expect(r.headers.get('content-disposition'), type).toBe('attachment');
      expect(r.headers.get('content-security-policy'), type).toBe("default-src 'none'; sandbox");
      expect(r.headers.get('x-content-type-options'), type).toBe('nosniff');
    }
  });

  it('shows passive types inline, sandboxed too; plain text as UTF-8 text/plain', async () => {
    for (const type of PASSIVE) {
      const r = await fetch(await stored(type));
      expect(r.headers.get('content-disposition'), type).toBe('inline');
      expect(r.headers.get('content-type'), type).toBe(type.toLowerCase());
      expect(r.headers.get('content-security-policy'), type).toMatch(/^default-src 'none';.*; sandbox$/);
      expect(r.headers.get('x-content-type-options'), type).toBe('nosniff');
    }
    const text = await fetch(await stored('text/plain; charset=iso-8859-1', '<html><script>alert(1)</script>'));
    expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(text.headers.get('content-disposition')).toBe('inline');
  });

  it('reads a media type however it is written', () => {
    expect(essence(' Image/PNG ; q=1')).toBe('image/png');
    expect(essence('image/svg+xml')).toBe('image/svg+xml');
    expect(essence('<script>')).toBeUndefined();
    expect(blobHeaders('<script>')).toMatchObject({ 'content-type': 'application/octet-stream', 'content-disposition': 'attachment' });
    expect(blobHeaders('image/svg+xml')['content-type']).toBe('image/svg+xml');
  });

  it('answers HEAD without the bytes, and refuses writes', async () => {
    const url = await stored('image/png');
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-disposition')).toBe('inline');
    const post = await fetch(url, { method: 'POST' });
    expect(post.status).toBe(405);
  });
});

describe('every response a browser could load', () => {
  it('has a policy and no sniffing: pages, redirects, errors, API answers, files and controls', async () => {
    const targets = [
      '/app',
      '/app/~/sign-in',
      '/app/~/sign-out',
      '/app/nowhere',
      '/published/none/none',
      '/published/s/none',
      '/_gbctl/blobs/none',
      '/_gbctl/health',
      '/v1/orgs',
      '/v1/nowhere',
      '/nowhere',
      '/app/%',
    ];
    for (const t of targets) {
      for (const auth of [{}, { authorization: `Bearer ${s.token}` }] as Record<string, string>[]) {
        const r = await fetch(`${s.url}${t}`, { headers: auth, redirect: 'manual' });
        expect(r.headers.get('content-security-policy'), `${t} ${r.status}`).toMatch(/default-src 'none'/);
        expect(r.headers.get('x-content-type-options'), t).toBe('nosniff');
      }
    }
  });
});
