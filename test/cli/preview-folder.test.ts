/// <reference lib="dom" />
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'puppeteer-core';
import { runCliInProcess } from '../helpers/run-cli.js';
import { startPreview } from '../helpers/preview.js';
import { tempDir } from '../helpers/server.js';
import { FOLDER, writeTree } from '../helpers/sync-folder.js';

const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);

let tmp: ReturnType<typeof tempDir>;
let env: Record<string, string>;
beforeAll(() => {
  tmp = tempDir('gbctl-preview-folder-');
  env = { GBCTL_DATA: join(tmp.dir, 'store.json'), GBCTL_CONFIG_DIR: join(tmp.dir, 'config') };
});
afterAll(() => tmp.cleanup());

const scratchStores = () => readdirSync(tmpdir()).filter((n) => n.startsWith('gbctl-preview-'));

/** Reads server-sent events from `url` until `want` is among them. */
async function eventsUntil(url: string, want: (text: string) => boolean, ms = 10_000): Promise<string> {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), ms);
  let text = '';
  try {
    const res = await fetch(url, { signal: ctl.signal });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += Buffer.from(value).toString();
      if (want(text)) break;
    }
  } catch (e) {
    if ((e as Error).name !== 'AbortError') throw e;
  } finally {
    clearTimeout(timer);
    ctl.abort();
  }
  return text;
}

describe('gbctl preview DIR', () => {
  it('serves the folder as a published site from a scratch store, leaving the user’s store alone, and removes the scratch store when it stops', async () => {
    const root = writeTree(join(tmp.dir, 'once'), FOLDER);
    const before = scratchStores();
    const p = await startPreview(['preview', root, '--port', '0', '--no-browser'], env);
    try {
      expect(p.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/published\/[^/]+\/[^/]+$/);
      const res = await fetch(p.url);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<h1>Welcome</h1>');
      // Without --watch the pages are as gbctl serve gives them: no script, and a policy that runs none.
      expect(html).not.toContain('<script');
      expect(res.headers.get('content-security-policy')).not.toContain('script-src');
      expect((await fetch(new URL('/_gbctl/live', p.url))).status).toBe(404);
      expect(p.stderr()).toContain(`serving ${root} at`);
    } finally {
      expect(await p.stop()).toBe(0);
    }
    expect(existsSync(env.GBCTL_DATA as string)).toBe(false);
    expect(scratchStores()).toEqual(before);
  });

  it('with --watch, reads each change (only the files that changed) and tells the pages their new version', async () => {
    const root = writeTree(join(tmp.dir, 'watched'), FOLDER);
    const p = await startPreview(['preview', root, '--watch', '--port', '0', '--no-browser'], env);
    try {
      const first = await fetch(p.url);
      const version = /<meta name="gbctl-live" content="([^"]+)">/.exec(await first.text())?.[1] as string;
      expect(version).toBeTruthy();
      const live = new URL('/_gbctl/live', p.url).href;
      expect(await eventsUntil(live, (t) => t.includes(`data: ${version}\n`))).toContain(`event: version\ndata: ${version}\n`);
      const next = eventsUntil(live, (t) => (t.match(/event: version\ndata: .*\n\n/g)?.length ?? 0) >= 2);
      await new Promise((r) => setTimeout(r, 200));
      writeFileSync(join(root, 'README.md'), '# Welcome\n\nEdited by hand.\n');
      const said = await next;
      const versions = [...said.matchAll(/event: version\ndata: (.*)\n/g)].map((m) => m[1]);
      expect(versions[0]).toBe(version);
      expect(versions[1]).not.toBe(version);
      const html = await (await fetch(p.url)).text();
      expect(html).toContain('Edited by hand.');
      expect(html).toContain(`content="${versions[1] as string}"`);
      expect(p.stderr()).toMatch(/README\.md: updated in \d+ ms/);
      // A folder that cannot be read keeps the last pages, and the listeners are told why.
      const problem = eventsUntil(live, (t) => t.includes('event: problem'));
      await new Promise((r) => setTimeout(r, 200));
      writeFileSync(join(root, '.gitbook.yaml'), 'root: ./nowhere/\n');
      expect(await problem).toMatch(/event: problem\ndata: .*nowhere/);
      expect(await (await fetch(p.url)).text()).toContain('Edited by hand.');
    } finally {
      expect(await p.stop()).toBe(0);
    }
  });

  it('refuses what it cannot honour, saying why', async () => {
    const missing = await runCliInProcess(['preview', join(tmp.dir, 'missing'), '--port', '0', '--no-browser'], { env });
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain(`cannot read ${join(tmp.dir, 'missing')}`);
    const empty = writeTree(join(tmp.dir, 'empty'), { 'notes.txt': 'no pages here\n' });
    const none = await runCliInProcess(['preview', empty, '--port', '0', '--no-browser'], { env });
    expect(none.code).not.toBe(0);
    expect(none.stderr).toContain('no pages found');
    const watchSite = await runCliInProcess(['preview', 'SITE', '--watch', '--no-browser'], { env });
    expect(watchSite.code).toBe(2);
    expect(watchSite.stderr).toContain('--watch follows a folder');
    const store = await runCliInProcess(['preview', empty, '--store', join(tmp.dir, 's.json'), '--no-browser'], { env });
    expect(store.code).toBe(2);
    expect(store.stderr).toContain('scratch store of its own');
  });
});

describe.skipIf(!haveChromium)('the writer’s loop in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    const { launch } = await import('puppeteer-core');
    browser = await launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  });
  afterAll(() => browser?.close());

  it('shows an edit without a reload by hand, under the page’s policy, and a problem until it is mended', async () => {
    const root = writeTree(join(tmp.dir, 'browser'), FOLDER);
    const p = await startPreview(['preview', root, '--watch', '--port', '0', '--no-browser'], env);
    const page = await browser.newPage();
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused/i.test(m.text())) refused.push(m.text());
    });
    try {
      await page.goto(`${p.url}/quick-start`, { waitUntil: 'load' });
      expect(await page.$eval('article h1', (h) => h.textContent)).toBe('Quick start');
      // The script runs (allowed by its hash) and is listening before the file changes.
      await page.waitForSelector('html[data-gbctl-live="open"]', { timeout: 10_000 });
      writeFileSync(join(root, 'quick-start.md'), '# Quick start\n\nNew steps.\n');
      await page.waitForFunction(() => document.querySelector('article')?.textContent?.includes('New steps.'), { timeout: 10_000 });
      expect(await page.$eval('article', (a) => a.textContent)).not.toContain('Mind the');
      // A folder that cannot be read: the page says so at once, and mends itself when the folder does.
      writeFileSync(join(root, '.gitbook.yaml'), 'root: ./nowhere/\n');
      await page.waitForSelector('#gbctl-live-problem', { timeout: 10_000 });
      expect(await page.$eval('#gbctl-live-problem', (b) => b.textContent)).toContain('nowhere');
      writeFileSync(join(root, '.gitbook.yaml'), FOLDER['.gitbook.yaml'] as string);
      await page.waitForFunction(() => !document.querySelector('#gbctl-live-problem'), { timeout: 10_000 });
      expect(refused).toEqual([]);
    } finally {
      await page.close();
      expect(await p.stop()).toBe(0);
    }
  }, 60_000);
});
