import { gzipSync } from 'node:zlib';
import type { CoreResponse } from '../../../src/server/exchange.js';
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.js';
import { listen } from '../../../src/server/http.js';
import { htmlResponse, page } from '../../../src/server/web/html.js';
import { allowIn, LIVE_PATH, LiveEvents, SCRIPT_HASH, withLiveReload } from '../../../src/server/web/live-reload.js';
import type { Env } from '../../../src/server/context.js';
import type { ServerResources } from '../../../src/server/resources.js';
import { MemoryStore } from '../../../src/store/memory-store.js';
import { randomIds, systemClock } from '../../../src/server/env.js';

describe('a page as a preview serves it', () => {
  it('carries the live script and its version, and a policy that allows that script by hash and nothing more', () => {
    const res = withLiveReload(htmlResponse(200, page({ title: 'T', body: '<h1>T</h1>' })), 'rev"1');
    const html = res.body as string;
    expect(html).toContain('<meta name="gbctl-live" content="rev&quot;1">');
    const script = /<script>([^<]*)<\/script>/.exec(html)?.[1] as string;
    expect(`'sha256-${createHash('sha256').update(script).digest('base64')}'`).toBe(SCRIPT_HASH);
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain(`script-src ${SCRIPT_HASH}`);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*(unsafe|'self')/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('carries them in a page kept as bytes, plain or gzip-compressed (as a published page comes)', () => {
    const html = page({ title: 'T', body: '<h1>T</h1>' });
    const pages: CoreResponse[] = [
      { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: Buffer.from(html) },
      { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip' }, body: gzipSync(html) },
    ];
    for (const res of pages) {
      const out = withLiveReload(res, 'v2');
      expect(out.body as string).toContain('<meta name="gbctl-live" content="v2">');
      expect(out.headers['content-encoding']).toBeUndefined();
    }
  });

  it('leaves what is not a page alone', () => {
    const json = { status: 200, headers: { 'content-type': 'application/json' }, body: '{"a":"</head>"}' };
    expect(withLiveReload(json, 'v')).toBe(json);
  });

  it('widens a policy by one source: added to a directive, in place of none, or as a new directive', () => {
    expect(allowIn("default-src 'none'", 'script-src', "'sha256-x'")).toBe("default-src 'none'; script-src 'sha256-x'");
    expect(allowIn("script-src 'none'; img-src 'self'", 'script-src', "'sha256-x'")).toBe("script-src 'sha256-x'; img-src 'self'");
    expect(allowIn('connect-src https://a.example;', 'connect-src', "'self'")).toBe("connect-src https://a.example 'self'");
    expect(allowIn("connect-src 'self'", 'connect-src', "'self'")).toBe("connect-src 'self'");
  });
});

describe('the events a previewed page listens to', () => {
  let stop = () => Promise.resolve();
  afterEach(() => stop());

  async function serve(events: LiveEvents) {
    const env: Env = { store: new MemoryStore(), clock: systemClock, ids: randomIds, origin: '', translations: 'translation' };
    const app = createApp(env, {} as ServerResources);
    const { server, url } = await listen(app, { stream: events.serve });
    stop = () => new Promise((r) => server.close(() => r()));
    return url;
  }

  /** Opens the stream and collects what it says. */
  function open(url: string) {
    let text = '';
    let ended = false;
    let status = 0;
    let type = '';
    const req = request(`${url}${LIVE_PATH}`, (res) => {
      status = res.statusCode ?? 0;
      type = String(res.headers['content-type']);
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => (ended = true));
    });
    req.end();
    return { text: () => text, ended: () => ended, status: () => status, type: () => type, close: () => req.destroy() };
  }

  const until = async (ok: () => boolean) => {
    for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(ok()).toBe(true);
  };

  it('says the version on connecting and each new one, shows a problem until it is mended, and ends when the preview stops', async () => {
    const events = new LiveEvents('r1');
    const url = await serve(events);
    const s = open(url);
    await until(() => s.text().includes('data: r1'));
    expect(s.status()).toBe(200);
    expect(s.type()).toBe('text/event-stream; charset=utf-8');
    events.publish('r1');
    events.publish('r2');
    await until(() => s.text().includes('data: r2'));
    events.report('no pages found\nin docs');
    await until(() => s.text().includes('event: problem\ndata: no pages found\ndata: in docs\n\n'));
    // One who connects meanwhile is told of the problem too.
    const late = open(url);
    await until(() => late.text().includes('no pages found'));
    events.publish('r2');
    await until(() => s.text().endsWith('event: problem\ndata: \n\n'));
    expect(s.text().match(/event: version/g)?.length).toBe(2);
    events.close();
    await until(() => s.ended() && late.ended());
    const after = open(url);
    await until(() => after.ended());
    expect(after.status()).toBe(204);
  });

  it('leaves other paths to the app', async () => {
    const url = await serve(new LiveEvents('r1'));
    const res = await fetch(`${url}/v1/nothing`);
    expect(res.status).toBe(404);
  });
});
