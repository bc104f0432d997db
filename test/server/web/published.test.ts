import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startServer, tempDir, type TestServer } from '../../helpers/server.js';
import { publishedSite, type Published } from './fixture.js';

let s: TestServer;
let tmp: ReturnType<typeof tempDir>;
let pub: Published;
beforeAll(async () => {
  s = await startServer();
  tmp = tempDir('gbctl-web-');
  pub = await publishedSite(s, tmp.dir, 'public');
});
afterAll(async () => {
  await s.stop();
  tmp.cleanup();
});

const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers, redirect: 'manual' });
const links = (html: string) =>
  [...html.matchAll(/<a (?:class="current" aria-current="page" )?href="([^"]+)"/g)].map((m) => (m[1] as string).replace(/&amp;/g, '&'));

describe('published sites on gbctl serve', () => {
  it('serves the site at urls.published: sidebar, rendered blocks, images, prev/next, every link answering 200', async () => {
    const res = await get(pub.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain('<title>Welcome · Handbook Docs</title>');
    expect(html).toMatch(/<a class="current" aria-current="page" href="[^"]+">Welcome<\/a>/);
    expect(html).toContain('<div class="group">Guides</div>');
    expect(html).toContain('rel="next"');
    const img = /<img src="([^"]+)" alt="Logo"/.exec(html)?.[1] as string;
    const bytes = await get(new URL(img, s.url).href);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toBe('image/png');

    const seen = new Set<string>();
    const queue = [pub.url];
    while (queue.length) {
      const u = queue.shift() as string;
      if (seen.has(u)) continue;
      seen.add(u);
      const r = await get(u);
      expect(r.status, u).toBe(200);
      for (const l of links(await r.text())) {
        const abs = new URL(l, s.url);
        if (abs.origin === new URL(s.url).origin && abs.pathname.startsWith('/published/')) queue.push(abs.href.split('#')[0] as string);
      }
    }
    // Eight pages; the home page (README.md) is the site's root, no longer also at /welcome.
    expect(seen.size).toBeGreaterThanOrEqual(8);

    const quick = await (await get(`${new URL(pub.url).origin}${new URL(pub.url).pathname}/quick-start`)).text();
    expect(quick).toContain('<table>');
    expect(quick).toContain('<ol>');
    expect(quick).toContain('class="hint hint-warning"');
    expect(quick).toMatch(/href="[^"]*\/getting-started\/install#requirements"/);
  });

  it('renders tabs, code titles and embeds, and follows the .gitbook.yaml redirects', async () => {
    const base = `${pub.url.replace(/\/$/, '')}`;
    const install = await (await get(`${base}/getting-started/install`)).text();
    expect(install).toMatch(
      /<input type="radio" class="tab-radio" name="gb_tabs_1" id="gb_tabs_1_1" checked \/><label class="tab-label" for="gb_tabs_1_1">npm<\/label>/,
    );
    expect(install).toContain('<h2 id="requirements">Requirements</h2>');
    const linux = await (await get(`${base}/getting-started/install/linux`)).text();
    expect(linux).toContain('<figcaption>install.sh</figcaption>');
    const faq = await (await get(`${base}/faq`)).text();
    expect(faq).toContain('<a class="embed-link" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" rel="noopener noreferrer">');
    const moved = await get(`${base}/old/setup`);
    expect(moved.status).toBe(303);
    expect(moved.headers.get('location')).toMatch(/\/getting-started\/install$/);
  });

  it('searches with the space search', async () => {
    const r = await get(`${pub.url}/~search?q=gap`);
    const html = await r.text();
    expect(r.status).toBe(200);
    expect(html).toContain('1 result for “gap”');
    expect(html).toMatch(/<a href="[^"]+\/quick-start">Quick start<\/a>/);
    // The snippet is the text a reader sees: no block tag, no markup.
    const snippet = /<span class="muted">([^<]*)<\/span>/.exec(html)?.[1] ?? '';
    expect(snippet).toContain('Mind the gap.');
    expect(snippet).not.toMatch(/\{%|\*\*|&lt;|\|/);
  });

  it('never puts script from page content in the page', async () => {
    const html = await (await get(`${pub.url}/attack`)).text();
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<[a-z]+[^>]*\son\w+\s*=/i);
    expect(html).not.toMatch(/(href|src)\s*=\s*"\s*javascript:/i);
  });

  it('holds each visibility: unpublished 404, share-link with its key, visitor-auth for members, unlisted noindex', async () => {
    const hidden = await publishedSite(s, tmp.dir, 'public', false);
    const site = (await api(s, 'GET', `/orgs/${s.org}/sites/${hidden.site}`)).body;
    expect((await get(`${s.url}/published/${s.org}/${site.id}`)).status).toBe(404);

    const shared = await publishedSite(s, tmp.dir, 'share-link');
    expect(shared.shareKey).not.toBe('');
    const bare = new URL(shared.url);
    bare.search = '';
    expect((await get(bare.href)).status).toBe(404);
    expect((await get(`${bare.href}?shareKey=wrong`)).status).toBe(404);
    const opened = await get(shared.url);
    expect(opened.status).toBe(200);
    const inner = links(await opened.text()).filter((l) => l.startsWith('/published/'));
    expect(inner.length).toBeGreaterThan(3);
    for (const l of inner) expect(l).toContain(`shareKey=${shared.shareKey}`);

    const members = await publishedSite(s, tmp.dir, 'visitor-auth');
    const refused = await get(members.url);
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain('visitor authentication');
    expect((await get(members.url, { authorization: `Bearer ${s.token}` })).status).toBe(200);
    expect((await get(members.url, { cookie: `gbctl_token=${s.token}` })).status).toBe(200);

    const unlisted = await publishedSite(s, tmp.dir, 'unlisted');
    const u = await get(unlisted.url);
    expect(u.status).toBe(200);
    expect(u.headers.get('x-robots-tag')).toBe('noindex');
    expect(await u.text()).toContain('<meta name="robots" content="noindex">');
    const pubHtml = await (await get(pub.url)).text();
    expect(pubHtml).not.toContain('noindex');
  });

  it('shows sections and site spaces as navigation, each at its urls.published', async () => {
    const site = await publishedSite(s, tmp.dir, 'public');
    const other = (await api(s, 'POST', `/orgs/${s.org}/spaces`, { title: 'API reference' })).body.id as string;
    const third = (await api(s, 'POST', `/orgs/${s.org}/spaces`, { title: 'Changelog' })).body.id as string;
    const section = (await api(s, 'POST', `/orgs/${s.org}/sites/${site.site}/sections`, { spaceId: other, title: 'API' })).body;
    const variant = (await api(s, 'POST', `/orgs/${s.org}/sites/${site.site}/site-spaces`, { spaceId: third, sectionId: section.id })).body;
    expect(section.urls.published).toMatch(/\/api$/);
    const home = await (await get(site.url)).text();
    expect(home).toMatch(/<a href="[^"]+" class="current" aria-current="true">Handbook Docs<\/a>/);
    expect(home).toMatch(/<a href="[^"]+\/api">API<\/a>/);
    const api200 = await get(section.urls.published);
    expect(api200.status).toBe(200);
    const apiHtml = await api200.text();
    expect(apiHtml).toContain('This space has no pages yet.');
    expect(apiHtml).toMatch(/<a href="[^"]+\/api" class="current" aria-current="true">API<\/a>/);
    expect(apiHtml).toContain('>Changelog</a>');
    expect((await get(variant.urls.published)).status).toBe(200);
    expect((await get(`${section.urls.published}/no-such-page`)).status).toBe(404);
  });

  it('serves every file downloadURL with its bytes and content type', async () => {
    const files = (await api(s, 'GET', `/spaces/${pub.space}/content/files`)).body.items as { downloadURL: string; contentType: string; size: number }[];
    expect(files.length).toBe(2);
    for (const f of files) {
      const r = await get(f.downloadURL);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe(f.contentType);
      expect((await r.arrayBuffer()).byteLength).toBe(f.size);
    }
  });
});
