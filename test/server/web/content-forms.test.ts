/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { api, startServer, tempDir, type TestServer } from '../../helpers/server.js';
import { runCliInProcess } from '../../helpers/run-cli.js';
import { startPreview } from '../../helpers/preview.js';
import { writeTree } from '../../helpers/sync-folder.js';
import { FORMS, formsSite, LINKED_ANCHORS, type FormsSite } from './forms-fixture.js';

/** Debian's chromium; nothing is ever downloaded. */
const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);

let s: TestServer;
let tmp: ReturnType<typeof tempDir>;
let browser: Browser;
let site: FormsSite;

beforeAll(async () => {
  if (!haveChromium) return;
  s = await startServer();
  tmp = tempDir('gbctl-forms-');
  site = await formsSite(s, tmp.dir);
  const { launch } = await import('puppeteer-core');
  browser = await launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}, 60_000);
afterAll(async () => {
  if (!haveChromium) return;
  await browser?.close();
  await s.stop();
  tmp.cleanup();
});

async function open(url: string, cookie?: string): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`page error: ${String(e)}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  if (cookie) await page.setCookie({ name: 'gbctl_token', value: cookie, url });
  const res = await page.goto(url, { waitUntil: 'load' });
  expect(res?.status(), url).toBe(200);
  return { page, problems };
}

/** Tag source or block source a reader would see as text. */
const escapedText = (page: Page) => page.evaluate(() => document.body.innerText.match(/<\/?[a-zA-Z][\w-]*|\{%|:globe:/g) ?? []);

/** Every image of the article, loaded: its natural width (0 when it did not load). */
const imageWidths = (page: Page) =>
  page.evaluate(async () =>
    Promise.all(
      [...document.querySelectorAll('article img')].map(async (el) => {
        const img = el as HTMLImageElement;
        img.loading = 'eager';
        await img.decode().catch(() => undefined);
        return [img.getAttribute('alt') ?? img.className, img.naturalWidth] as const;
      }),
    ),
  );

describe.skipIf(!haveChromium)('the content forms Git Sync writes, in a real browser', () => {
  it('shows no tag or block source, and loads the images of figures, pictures and cards', async () => {
    const pages = ['', '/guide', '/guide/steps'];
    for (const path of pages) {
      const { page, problems } = await open(`${site.url}${path}`);
      expect(await escapedText(page), path).toEqual([]);
      for (const [name, width] of await imageWidths(page)) expect(width, `${path}: ${name}`).toBeGreaterThan(0);
      expect(problems, path).toEqual([]);
      await page.close();
    }
    const { page } = await open(site.url);
    expect(await page.$eval('article figure figcaption', (f) => f.textContent)).toBe('The caption');
    expect(await page.$$eval('article picture source', (l) => l.length)).toBe(0);
    expect(await page.$eval('article a.mention', (a) => a.textContent)).toBe('Steps');
    expect(await page.$eval('article .page-card-title', (a) => a.textContent)).toBe('Steps');
    expect(await page.$eval('article .file-link', (a) => [a.textContent, a.getAttribute('download')])).toEqual([
      'handbook (2).pdfDownload',
      'handbook (2).pdf',
    ]);
    const pdf = await page.$eval('article .file-link', (a) => (a as HTMLAnchorElement).href);
    expect((await fetch(pdf)).status).toBe(200);
    expect(await page.$$eval('article input.task-box', (l) => l.map((i) => [(i as HTMLInputElement).checked, (i as HTMLInputElement).disabled]))).toEqual([
      [false, true],
      [true, true],
    ]);
    expect(await page.$eval('article details', (d) => [(d as HTMLDetailsElement).open, d.id])).toEqual([false, 'more-details']);
    await page.close();

    const guide = await open(`${site.url}/guide`);
    expect(await guide.page.$$eval('article .card', (l) => l.map((c) => c.querySelector('.card-body')?.textContent))).toEqual([
      'StepsEvery step.',
      'HomeBack to the start.',
    ]);
    await Promise.all([guide.page.waitForNavigation(), guide.page.click('article .card a.card-link')]);
    expect(await guide.page.$eval('article h1', (h) => h.textContent)).toBe('Steps');
    await guide.page.close();
  });

  it('switches tabs on click, without script; their titles unescaped', async () => {
    const { page, problems } = await open(site.url);
    const shown = () => page.$$eval('article .tab-panel', (l) => l.map((p) => getComputedStyle(p).display !== 'none'));
    expect(await page.$$eval('article .tab-label', (l) => l.map((x) => x.textContent))).toEqual(['iOS (AEP 3.x)', 'Android']);
    expect(await shown()).toEqual([true, false]);
    await page.click('article .tab-label:nth-of-type(2)');
    expect(await shown()).toEqual([false, true]);
    expect(await page.evaluate(() => document.querySelectorAll('script').length)).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('lands the in-site links on their headings: the anchor exists and the page scrolls to it', async () => {
    const { page } = await open(site.url);
    const hrefs = await page.$$eval('article p a[href*="#"]', (l) => l.map((a) => (a as HTMLAnchorElement).href));
    expect(hrefs.map((h) => decodeURIComponent(new URL(h).hash.slice(1)))).toEqual(LINKED_ANCHORS);
    for (const href of hrefs) {
      await page.goto(href, { waitUntil: 'load' });
      const hit = await page.evaluate(() => {
        const el = document.getElementById(decodeURIComponent(location.hash.slice(1)));
        return el ? { top: Math.round(el.getBoundingClientRect().top), scrolled: window.scrollY > 0 } : undefined;
      });
      expect(hit, href).toBeDefined();
      expect(hit?.scrolled, href).toBe(true);
      expect(Math.abs(hit?.top ?? 999), href).toBeLessThan(40);
    }
    await page.close();
  });

  it('renders the same body on the app page as on the published page', async () => {
    const pages = (await api(s, 'GET', `/spaces/${site.space}/content/pages`)).body.pages as { title: string; urls: { app: string } }[];
    const first = pages[0] as { urls: { app: string } };
    const app = await open(first.urls.app, s.token);
    expect(await escapedText(app.page)).toEqual([]);
    // The same elements and text; only the addresses of links differ (app pages link app pages).
    const shape = (page: Page) =>
      page.$eval('article', (a) => [a.innerText, [...a.querySelectorAll('*')].map((e) => `${e.tagName}.${e.className}#${e.id}`).join(' ')]);
    const pub = await open(site.url);
    expect(await shape(app.page)).toEqual(await shape(pub.page));
    await app.page.close();
    await pub.page.close();
  });

  it('renders it so in gbctl preview too', async () => {
    const env = { GBCTL_DATA: join(tmp.dir, 'preview.json'), GBCTL_CONFIG_DIR: join(tmp.dir, 'config') };
    const gb = async (...args: string[]) => {
      const r = await runCliInProcess(args, { env });
      if (r.code !== 0) throw new Error(r.stderr);
      return r.stdout;
    };
    const space = JSON.parse(await gb('spaces', 'create', '--title', 'Forms', '--json')).id as string;
    await gb('content', 'import', space, '--url', pathToFileURL(writeTree(join(tmp.dir, 'preview-src'), FORMS)).href, '--source', 'markdown');
    const id = JSON.parse(await gb('sites', 'create', '--title', 'Forms', '--visibility', 'public', '--spaces', space, '--json')).id as string;
    await gb('sites', 'publish', id);
    const p = await startPreview(['preview', id], env);
    try {
      const { page, problems } = await open(p.url);
      expect(await escapedText(page)).toEqual([]);
      for (const [name, width] of await imageWidths(page)) expect(width, name).toBeGreaterThan(0);
      expect(await page.$$eval('article .tab-label', (l) => l.length)).toBe(2);
      expect(problems).toEqual([]);
      await page.close();
    } finally {
      await p.stop();
    }
  });
});
