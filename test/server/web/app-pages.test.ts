import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startServer, tempDir, type TestServer } from '../../helpers/server.js';
import { publishedSite, type Published } from './fixture.js';

let s: TestServer;
let tmp: ReturnType<typeof tempDir>;
let pub: Published;
beforeAll(async () => {
  s = await startServer();
  tmp = tempDir('gbctl-app-');
  pub = await publishedSite(s, tmp.dir, 'public');
});
afterAll(async () => {
  await s.stop();
  tmp.cleanup();
});

const asMember = (url: string) => fetch(url, { headers: { cookie: `gbctl_token=${s.token}` }, redirect: 'manual' });

describe('app pages', () => {
  it('sends a visitor without a session to sign in, and signs in with a token', async () => {
    const space = (await api(s, 'GET', `/spaces/${pub.space}`)).body;
    const anon = await fetch(space.urls.app, { redirect: 'manual' });
    expect(anon.status).toBe(303);
    expect(anon.headers.get('location')).toBe(`/app/~/sign-in?next=${encodeURIComponent(new URL(space.urls.app).pathname)}`);
    const bad = await fetch(`${s.url}/app/~/sign-in`, { method: 'POST', body: new URLSearchParams({ token: 'nope', next: '/app' }), redirect: 'manual' });
    expect(bad.status).toBe(401);
    const ok = await fetch(`${s.url}/app/~/sign-in`, {
      method: 'POST',
      body: new URLSearchParams({ token: s.token, next: '//evil.example/' }),
      redirect: 'manual',
    });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/app');
    expect(ok.headers.getSetCookie()).toEqual([
      'gbctl_token=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0',
      `gbctl_token=${encodeURIComponent(s.token)}; Path=/app; HttpOnly; SameSite=Strict`,
      `gbctl_token=${encodeURIComponent(s.token)}; Path=/published; HttpOnly; SameSite=Strict`,
    ]);
  });

  it('opens every urls.app the API hands out: space, pages, change request with its diff, comments, site, spec, collection, organization', async () => {
    const space = (await api(s, 'GET', `/spaces/${pub.space}`)).body;
    const pages = (await api(s, 'GET', `/spaces/${pub.space}/content/pages`)).body.pages;
    const cr = (await api(s, 'POST', `/spaces/${pub.space}/change-requests`, { subject: 'Reword the FAQ' })).body;
    const faq = pages[2].pages[1];
    expect(faq.title).toBe('FAQ');
    const edit = await api(s, 'PATCH', `/spaces/${pub.space}/change-requests/${cr.number}/gbctl/pages/${faq.id}`, {
      markdown: '## Why\n\nBecause we said so.\n\n{% embed url="https://www.youtube.com/watch?v=dQw4w9WgXcQ" %}',
    });
    expect(edit.status).toBe(200);
    await api(s, 'POST', `/spaces/${pub.space}/comments`, { body: { markdown: 'Looks good' } });
    const site = (await api(s, 'GET', `/orgs/${s.org}/sites/${pub.site}`)).body;
    const col = (await api(s, 'POST', `/orgs/${s.org}/collections`, { title: 'Team docs' })).body;
    const org = { urls: { app: `${s.url}/app/o/${s.org}` } };

    const space200 = await asMember(space.urls.app);
    expect(space200.status).toBe(200);
    expect(await space200.text()).toContain('<h1>Welcome</h1>');
    const page200 = await asMember(faq.urls.app);
    expect(await page200.text()).toContain('<h1>FAQ</h1>');
    const crPage = await asMember(cr.urls.app);
    const crHtml = await crPage.text();
    expect(crPage.status).toBe(200);
    expect(crHtml).toContain('Changed:');
    expect(crHtml).toContain('<div class="add">+Because we said so.</div>');
    expect(crHtml).toContain('<div class="del">-Because.</div>');
    // Times read as a person says them, the exact instant kept in the element.
    const opened = new Date(cr.createdAt as string);
    const hm = opened.toISOString().slice(11, 16);
    const day = opened.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });
    expect(crHtml).toContain(`<time datetime="${cr.createdAt}">${day}, ${hm} UTC</time>`);
    expect(crHtml).not.toContain(`· ${cr.createdAt}`);
    expect((await asMember(`${space.urls.app}/~/comments`)).status).toBe(200);
    expect(await (await asMember(`${space.urls.app}/~/comments`)).text()).toContain('Looks good');
    expect((await asMember(site.urls.app)).status).toBe(200);
    expect((await asMember(col.urls.app)).status).toBe(200);
    expect((await asMember(org.urls.app)).status).toBe(200);
    const rev = (await api(s, 'GET', `/spaces/${pub.space}/content`)).body;
    expect((await asMember(rev.urls.app)).status).toBe(200);
    expect((await asMember(`${s.url}/app/s/nope`)).status).toBe(404);
  });

  it('opens an OpenAPI spec: its app page for members, its published reference once public', async () => {
    const doc = { openapi: '3.0.0', info: { title: 'Pet <b>Store</b>', version: '1.2' }, paths: { '/pets': { get: { summary: 'List pets' } } } };
    const spec = (await api(s, 'PUT', `/orgs/${s.org}/openapi/pets`, { source: { text: JSON.stringify(doc) } })).body;
    const app = await asMember(spec.urls.app);
    expect(app.status).toBe(200);
    expect(await app.text()).toContain('<h1>pets</h1>');
    expect((await fetch(`${s.url}/published/${s.org}/openapi/pets`)).status).toBe(404);
    const pub = (await api(s, 'PATCH', `/orgs/${s.org}/openapi/pets`, { visibility: 'public' })).body;
    const res = await fetch(pub.urls.published);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('<h1>Pet &lt;b&gt;Store&lt;/b&gt;</h1>');
    expect(html).toContain('<code>GET /pets</code> — List pets');
  });
});
