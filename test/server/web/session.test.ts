import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../../src/contract/routes.js';
import { safeNext } from '../../../src/server/web/session.js';
import { startServer, type TestServer } from '../../helpers/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.stop());

const signIn = (headers: Record<string, string>, next = '/app') =>
  fetch(`${s.url}/app/~/sign-in`, { method: 'POST', body: new URLSearchParams({ token: s.token, next }), headers, redirect: 'manual' });

describe('signing in', () => {
  it('takes a form posted from this server, a browser-started visit and a client that says nothing', async () => {
    const host = new URL(s.url).host;
    for (const headers of [{ 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'none' }, { origin: `http://${host}` }, {}] as Record<string, string>[]) {
      const r = await signIn(headers);
      expect(r.status, JSON.stringify(headers)).toBe(303);
      expect(r.headers.getSetCookie().some((c) => c.startsWith('gbctl_token=gb'))).toBe(true);
    }
  });

  it('refuses a form posted from another site or origin (login forgery), setting no cookie', async () => {
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site', origin: new URL(s.url).origin },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://127.0.0.1:1' },
    ] as Record<string, string>[]) {
      const r = await signIn(headers);
      expect(r.status, JSON.stringify(headers)).toBe(403);
      expect(r.headers.getSetCookie()).toEqual([]);
      expect(await r.text()).toContain('Sign-in refused');
    }
  });

  it('refuses a one-time sign-in link followed from another site', async () => {
    const r = await fetch(`${s.url}/app/~/sign-in?code=whatever`, { headers: { 'sec-fetch-site': 'cross-site' }, redirect: 'manual' });
    expect(r.status).toBe(403);
  });

  it('scopes the session cookie to the pages that read it, SameSite=Strict, and signs out of every path', async () => {
    const r = await signIn({});
    const cookies = r.headers.getSetCookie();
    const live = cookies.filter((c) => !c.includes('Max-Age=0'));
    expect(live.map((c) => /Path=([^;]+)/.exec(c)?.[1])).toEqual(['/app', '/published']);
    for (const c of cookies) expect(c).toMatch(/; HttpOnly; SameSite=Strict/);
    const out = await fetch(`${s.url}/app/~/sign-out`, { redirect: 'manual' });
    expect(out.headers.getSetCookie().map((c) => /Path=([^;]+)/.exec(c)?.[1])).toEqual(['/', '/app', '/published']);
    for (const c of out.headers.getSetCookie()) expect(c).toContain('Max-Age=0');
  });
});

describe('next, after signing in', () => {
  const evil = [
    '//evil.example',
    '/\\evil.example',
    '/\\\\evil.example',
    '\\\\evil.example',
    'https://evil.example',
    'https:evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/%2F/evil.example',
    '/.//evil.example',
    '/..//evil.example',
    'javascript:alert(1)',
    '//@evil.example',
    '/\\/evil.example',
    ' //evil.example',
    '/\u0000/evil.example',
  ];

  it('sends the browser nowhere but this server, as the server answers it', async () => {
    for (const next of evil) {
      const r = await signIn({}, next);
      const location = r.headers.get('location') as string;
      expect(new URL(location, s.url).origin, `${JSON.stringify(next)} -> ${location}`).toBe(new URL(s.url).origin);
    }
  });

  it('keeps a path of this server as it is', () => {
    expect(safeNext('/app/s/abc?x=1#h')).toBe('/app/s/abc?x=1#h');
    expect(safeNext('/published/o/site/page')).toBe('/published/o/site/page');
    expect(safeNext(null)).toBe('/app');
  });

  it('is always a path of this server, whatever the value (property)', () => {
    const chars = fc.constantFrom(
      '/',
      '\\',
      ':',
      '%',
      '2',
      'F',
      '5',
      'C',
      'h',
      't',
      'p',
      's',
      '@',
      '.',
      '\t',
      '\n',
      ' ',
      'e',
      'v',
      '?',
      '#',
      '\u0000',
      '\u3002',
    );
    fc.assert(
      fc.property(
        fc.array(chars, { maxLength: 24 }).map((a) => a.join('')),
        (raw) => {
          for (const v of [raw, decodeURIComponentSafe(raw)]) {
            const out = safeNext(v);
            expect(out.startsWith('/')).toBe(true);
            expect(out.startsWith('//') || out.startsWith('/\\')).toBe(false);
            // As a browser resolves the Location header, against any page of this server.
            for (const base of ['http://me.test/', 'http://me.test/app/~/sign-in']) expect(new URL(out, base).origin).toBe('http://me.test');
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});

function decodeURIComponentSafe(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}

describe('malformed percent-encoding', () => {
  const bad = ['%', '%zz', '%e2%82', '%C0%AF'];

  it('is a 400 with the error body on every route: the API, the pages, the files and the test controls', async () => {
    const paths = [
      ...ROUTES.map((r) => `/v1${r.path.replace(/\{[^}]+\}/g, 'x')}`),
      '/app',
      '/app/s/x',
      '/app/o/x/sites/x',
      '/app/c/x',
      '/app/~/sign-in',
      '/published/x/y',
      '/published/s/x',
      '/published/x/openapi/y',
      '/_gbctl/blobs/x',
      '/_gbctl/health',
      '/nowhere',
    ];
    let checked = 0;
    for (const p of paths) {
      for (const b of bad) {
        for (const target of [`${p}/${b}`, `${p}?q=${b}`]) {
          const r = await fetch(`${s.url}${target}`, { headers: { authorization: `Bearer ${s.token}` } });
          expect(r.status, target).toBe(400);
          const body = (await r.json()) as { error: { code: number; message: string } };
          expect(body.error.code).toBe(400);
          expect(body.error.message).toMatch(/malformed percent-encoding/);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
