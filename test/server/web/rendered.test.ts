import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startServer, tempDir, type TestServer } from '../../helpers/server.js';
import { writeTree } from '../../helpers/sync-folder.js';
import { RENDER_LIMIT_BYTES, THREAD_FROM_BYTES, renderCounts, renderLimits } from '../../../src/server/web/rendered.js';

/** Markdown of about `bytes`, a realistic mix of blocks, linking to the other pages. */
function markdownOf(title: string, bytes: number): string {
  const unit = (i: number) =>
    `## Section ${i}\n\nSome text with **bold**, a [link](other.md) and \`code\`, and more words to fill the line out.\n\n- one\n- two [home](README.md)\n\n| a | b |\n|---|---|\n| ${i} | x |\n\n{% hint style="info" %}\nA hint.\n{% endhint %}\n\n\`\`\`js\nconsole.log(${i});\n\`\`\`\n\n`;
  const parts: string[] = [`# ${title}\n\n`];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const u = unit(i);
    parts.push(u);
    size += u.length;
  }
  return parts.join('');
}

const BIG = markdownOf('Big', 9 * 1024 * 1024);
const HEAVY = markdownOf('Heavy', 800 * 1024);

let s: TestServer;
let tmp: ReturnType<typeof tempDir>;
let site: string;
let space: string;
let shared: string;
const stored = new Map<string, string>();
beforeAll(async () => {
  s = await startServer();
  tmp = tempDir('gbctl-rendered-');
  const root = writeTree(join(tmp.dir, 'docs'), {
    'README.md': '# Home\n\nSee [the other page](other.md).\n',
    'other.md': '# Other\n\nBack [home](README.md).\n',
    'big.md': BIG,
    'heavy.md': HEAVY,
    'slow.md': HEAVY.replace('# Heavy', '# Slow'),
    'SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n* [Other](other.md)\n* [Big](big.md)\n* [Heavy](heavy.md)\n* [Slow](slow.md)\n',
  });
  space = (await api(s, 'POST', `/orgs/${s.org}/spaces`, { title: 'Sizes' })).body.id;
  expect((await api(s, 'POST', `/spaces/${space}/content/import`, { url: pathToFileURL(root).href, source: 'markdown' })).status).toBe(201);
  // As imported: relative links become references to the pages.
  for (const p of (await api(s, 'GET', `/spaces/${space}/content/pages`)).body.pages as { title: string; markdown: string }[]) stored.set(p.title, p.markdown);
  expect(Buffer.byteLength(stored.get('Big') ?? '')).toBeGreaterThan(RENDER_LIMIT_BYTES);
  expect(Buffer.byteLength(stored.get('Heavy') ?? '')).toBeGreaterThan(THREAD_FROM_BYTES);
  expect(Buffer.byteLength(stored.get('Heavy') ?? '')).toBeLessThan(RENDER_LIMIT_BYTES);
  const made = (await api(s, 'POST', `/orgs/${s.org}/sites`, { title: 'Sizes', visibility: 'public', spaces: [space] })).body;
  site = (await api(s, 'POST', `/orgs/${s.org}/sites/${made.id}/publish`)).body.urls.published;
  const other = (await api(s, 'POST', `/orgs/${s.org}/sites`, { title: 'Shared', visibility: 'share-link', spaces: [space] })).body;
  shared = (await api(s, 'POST', `/orgs/${s.org}/sites/${other.id}/publish`)).body.urls.published;
}, 60_000);
afterAll(async () => {
  await s.stop();
  tmp.cleanup();
});

const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers, redirect: 'manual' });
const at = (base: string, path: string) => {
  const u = new URL(base);
  u.pathname = `${u.pathname.replace(/\/$/, '')}/${path}`;
  return u.href;
};

/** Times a request; resolves with its status and how long it took. */
async function timed(url: string, headers: Record<string, string> = {}): Promise<{ status: number; ms: number; at: number }> {
  const t0 = performance.now();
  const r = await get(url, headers);
  await r.arrayBuffer();
  const end = performance.now();
  return { status: r.status, ms: end - t0, at: end };
}

describe('rendered pages', () => {
  it('renders a page once per revision and addressing, and again for a revision or addressing of its own', async () => {
    const before = renderCounts.here;
    const first = await (await get(at(site, 'other'))).text();
    expect(renderCounts.here).toBe(before + 1);
    expect(await (await get(at(site, 'other'))).text()).toBe(first);
    expect(renderCounts.here).toBe(before + 1);
    // Another addressing (the share-link site): links carry its own prefix and key.
    const viaShare = await (await get(at(shared, 'other'))).text();
    expect(renderCounts.here).toBe(before + 2);
    expect(viaShare).toMatch(/href="\/published\/[^"]+\?shareKey=[^"]+">home<\/a>/);
    expect(first).not.toContain('shareKey');
    // A new revision, even one that changed another page: what links resolve to may have changed.
    const cr = (await api(s, 'POST', `/spaces/${space}/change-requests`, { subject: 'edit home' })).body;
    const pages = (await api(s, 'GET', `/spaces/${space}/content/pages`)).body.pages as { id: string; title: string }[];
    const home = pages.find((p) => p.title === 'Home') as { id: string };
    expect((await api(s, 'PATCH', `/spaces/${space}/change-requests/${cr.id}/gbctl/pages/${home.id}`, { markdown: 'Changed.' })).status).toBe(200);
    expect((await api(s, 'POST', `/spaces/${space}/change-requests/${cr.id}/merge`)).status).toBe(200);
    expect(await (await get(at(site, 'other'))).text()).toBe(first);
    expect(renderCounts.here).toBe(before + 3);
  });

  it('shows a page over the limit as too large, linking to its markdown, served where the page may be read', async () => {
    const offBefore = renderCounts.offThread;
    const res = await get(at(site, 'big'));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/This page is too large to preview: it has (9|10)\.\d MB of markdown, and pages over 1\.0 MB are not rendered\./);
    const href = /<a href="([^"]+)" download="big.md">Download its markdown<\/a>/.exec(html)?.[1] as string;
    expect(href).toMatch(/\/big\.md$/);
    const md = await get(new URL(href.replace(/&amp;/g, '&'), s.url).href);
    expect(md.status).toBe(200);
    expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(md.headers.get('content-disposition')).toBe('attachment; filename="big.md"');
    expect(md.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await md.text()).toBe(stored.get('Big'));
    expect(renderCounts.offThread).toBe(offBefore);
    // Under the share-link site, the markdown link keeps the key and answers only with it.
    const viaShare = await (await get(at(shared, 'big'))).text();
    const sharedHref = (/<a href="([^"]+)" download="big.md">/.exec(viaShare)?.[1] as string).replace(/&amp;/g, '&');
    expect(sharedHref).toMatch(/\/big\.md\?shareKey=/);
    expect((await get(new URL(sharedHref, s.url).href)).status).toBe(200);
    expect((await get(new URL(sharedHref.replace(/\?.*$/, ''), s.url).href)).status).toBe(404);
    // A small page's markdown too, and in the app for a member only.
    expect(await (await get(at(site, 'other.md'))).text()).toBe(stored.get('Other'));
    expect((await get(at(site, 'nothing.md'))).status).toBe(404);
    const app = `${s.url}/app/s/${space}/other.md`;
    expect((await get(app)).status).toBe(303);
    const asMember = await get(app, { cookie: `gbctl_token=${s.token}` });
    expect(asMember.status).toBe(200);
    expect(await asMember.text()).toBe(stored.get('Other'));
  });

  it('keeps answering while a large page renders off the request thread, and renders it once for concurrent views', async () => {
    const offBefore = renderCounts.offThread;
    const views = Array.from({ length: 5 }, () => timed(at(site, 'heavy')));
    const bigViews = Array.from({ length: 5 }, () => timed(at(site, 'big')));
    // Let the views reach the server and the rendering start.
    await new Promise((r) => setTimeout(r, 100));
    const others = [
      await timed(`${s.url}/v1/spaces/${space}`, { authorization: `Bearer ${s.token}` }),
      await timed(at(site, 'other')),
      await timed(`${s.url}/v1/orgs/${s.org}/spaces`, { authorization: `Bearer ${s.token}` }),
    ];
    const heavy = await Promise.all(views);
    for (const o of others) {
      expect(o.status).toBe(200);
      expect(o.ms).toBeLessThan(200);
    }
    // Answered while the rendering was still under way.
    const done = Math.min(...heavy.map((h) => h.at));
    expect(Math.max(...others.map((o) => o.at))).toBeLessThan(done);
    for (const h of heavy) expect(h.status).toBe(200);
    for (const b of await Promise.all(bigViews)) expect(b.status).toBe(200);
    expect(renderCounts.offThread).toBe(offBefore + 1);
    const html = await (await get(at(site, 'heavy'))).text();
    expect(html).toContain('<h2 id="section-1">Section 1</h2>');
    expect(html).toMatch(/<a href="\/published\/[^"]+\/other">link<\/a>/);
    expect(html).toContain('<div class="hint hint-info" role="note">');
    expect(renderCounts.offThread).toBe(offBefore + 1);
    // An app page (its own addressing) waits for its rendering inside the store's read alike.
    const app = await get(`${s.url}/app/s/${space}/heavy`, { cookie: `gbctl_token=${s.token}` });
    expect(app.status).toBe(200);
    expect(await app.text()).toMatch(new RegExp(`<a href="/app/s/${space}/other">link</a>`));
    expect(renderCounts.offThread).toBe(offBefore + 2);
  }, 120_000);

  it('shows a page whose rendering takes over its time limit as not shown, and renders the next one on a new thread', async () => {
    const was = renderLimits.timeoutMs;
    renderLimits.timeoutMs = 20;
    let html: string;
    try {
      html = await (await get(at(site, 'slow'))).text();
    } finally {
      renderLimits.timeoutMs = was;
    }
    expect(html).toContain('This page could not be shown: the render job took more than 20 ms.');
    expect(html).toMatch(/<a href="[^"]+\/slow\.md" download="slow\.md">Download its markdown<\/a>/);
    // Kept for the revision: not tried again on every read.
    expect(await (await get(at(site, 'slow'))).text()).toBe(html);
    const app = await (await get(`${s.url}/app/s/${space}/slow`, { cookie: `gbctl_token=${s.token}` })).text();
    expect(app).toContain('<h2 id="section-1">Section 1</h2>');
  }, 120_000);
});
