/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { startServer, tempDir, type TestServer } from '../../helpers/server.js';
import { needs } from '../../helpers/tools.js';
import { publishedSite, type Published } from './fixture.js';

/** Debian's chromium; nothing is ever downloaded. */
const CHROMIUM = '/usr/bin/chromium';
const OUTPUT = join(process.cwd(), 'test-output');
const haveChromium = needs(CHROMIUM, 'apt-get install chromium');

let s: TestServer;
let tmp: ReturnType<typeof tempDir>;
let browser: Browser;
let pub: Published;

beforeAll(async () => {
  if (!haveChromium) return;
  s = await startServer();
  tmp = tempDir('gbctl-browser-');
  pub = await publishedSite(s, tmp.dir, 'public');
  const { launch } = await import('puppeteer-core');
  browser = await launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}, 60_000);
afterAll(async () => {
  if (!haveChromium) return;
  await browser?.close();
  await s.stop();
  tmp.cleanup();
});

/** A tab that records console errors, page errors, failed requests and dialogs. */
async function tab(): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`page error: ${String(e)}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  return { page, problems };
}

/** Images that do not decode (lazy ones are loaded first). */
const brokenImages = (page: Page) =>
  page.evaluate(async () => {
    const bad = await Promise.all(
      [...document.images].map((i) => {
        i.loading = 'eager';
        return i.decode().then(
          () => (i.naturalWidth > 0 ? undefined : i.src),
          () => i.src,
        );
      }),
    );
    return bad.filter((b): b is string => b !== undefined);
  });

describe.skipIf(!haveChromium)('the preview in a real browser', () => {
  it('follows every navigation link of a published site: each 200, no broken image, no console error; saves a screenshot', async () => {
    const { page, problems } = await tab();
    const origin = new URL(s.url).origin;
    const seen = new Set<string>();
    const queue = [pub.url];
    while (queue.length) {
      const url = queue.shift() as string;
      if (seen.has(url)) continue;
      seen.add(url);
      const res = await page.goto(url, { waitUntil: 'load' });
      expect(res?.status(), url).toBe(200);
      // The attack page's image is broken on purpose (its onerror must not run).
      if (!url.endsWith('/attack')) expect(await brokenImages(page), url).toEqual([]);
      const hrefs = await page.$$eval('header a, aside a, nav.pager a, article a', (as) => as.map((a) => (a as HTMLAnchorElement).href));
      for (const h of hrefs.filter(Boolean)) {
        const u = new URL(h);
        u.hash = '';
        if (u.origin === origin && u.pathname.startsWith('/published/')) queue.push(u.href);
      }
    }
    // Eight pages; the home page (README.md) is the site's root, no longer also at /welcome.
    expect(seen.size).toBeGreaterThanOrEqual(8);
    expect(problems).toEqual([]);
    await page.goto(`${pub.url}/quick-start`, { waitUntil: 'load' });
    expect(await page.$eval('article table', (t) => t.querySelectorAll('td').length)).toBe(2);
    expect(await page.$eval('article ol', (o) => o.children.length)).toBe(3);
    expect(await page.title()).toBe('Quick start · Handbook Docs');
    expect(await page.$eval('link[rel="icon"]', (l) => (l as HTMLLinkElement).href)).toMatch(/^data:image\/svg\+xml/);
    mkdirSync(OUTPUT, { recursive: true });
    await page.screenshot({ path: join(OUTPUT, 'published-site.png'), fullPage: true });
    expect(existsSync(join(OUTPUT, 'published-site.png'))).toBe(true);
    await page.close();
  });

  it('searches from the search box', async () => {
    const { page, problems } = await tab();
    await page.goto(pub.url, { waitUntil: 'load' });
    await page.type('input[type="search"]', 'gap');
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.keyboard.press('Enter')]);
    expect(await page.$$eval('ul.results a', (as) => as.map((a) => a.textContent))).toEqual(['Quick start']);
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('ul.results a')]);
    expect(await page.$eval('article h1', (h) => h.textContent)).toBe('Quick start');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('runs no script from imported page content', async () => {
    const { page, problems } = await tab();
    await page.goto(`${pub.url}/attack`, { waitUntil: 'load' });
    for (const a of await page.$$('article a')) await a.click().catch(() => undefined);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.$$('article script')).toEqual([]);
    expect(problems.filter((p) => p.startsWith('dialog') || p.startsWith('page error'))).toEqual([]);
    await page.close();
  });

  it('holds each visibility rule in the browser', async () => {
    const { page } = await tab();
    const unpublished = await publishedSite(s, tmp.dir, 'public', false);
    expect((await page.goto(`${s.url}/published/${s.org}/${unpublished.site}`))?.status()).toBe(404);

    const shared = await publishedSite(s, tmp.dir, 'share-link');
    const bare = new URL(shared.url);
    bare.search = '';
    expect((await page.goto(bare.href))?.status()).toBe(404);
    expect((await page.goto(shared.url))?.status()).toBe(200);

    const members = await publishedSite(s, tmp.dir, 'visitor-auth');
    expect((await page.goto(members.url))?.status()).toBe(401);
    expect(await page.$eval('main', (m) => m.textContent)).toContain('visitor authentication');
    await Promise.all([page.waitForNavigation(), page.click('main a')]);
    await page.type('input[name="token"]', s.token);
    await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
    expect(page.url()).toBe(members.url);
    expect(await page.$eval('article h1', (h) => h.textContent)).toBe('Welcome');

    const unlisted = await publishedSite(s, tmp.dir, 'unlisted');
    const res = await page.goto(unlisted.url);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['x-robots-tag']).toBe('noindex');
    expect(await page.$eval('meta[name="robots"]', (m) => m.getAttribute('content'))).toBe('noindex');
    await page.close();
  });
});
