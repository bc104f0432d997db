import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startServer, type TestServer } from '../../helpers/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.stop());

const asMember = async (url: string) => {
  const res = await fetch(url, { headers: { cookie: `gbctl_token=${s.token}` }, redirect: 'manual' });
  expect(res.status).toBe(200);
  return res.text();
};

/** The section of the page about one conflicted page. */
function section(html: string, page: string): string {
  const m = new RegExp(`<section [^>]*id="conflict-${page}"[\\s\\S]*?</section>`).exec(html);
  if (!m) throw new Error(`no conflict section for ${page}`);
  return m[0];
}

describe('the app page of a change request with conflicts', () => {
  it('marks each conflicted page and shows both sides against the base, then shows it settled', async () => {
    const space = (await api(s, 'POST', `/orgs/${s.org}/spaces`, { title: 'Handbook' })).body.id as string;
    await api(s, 'POST', `/spaces/${space}/content/template`, { id: 'getting-started' });
    const [welcome, quick] = ((await api(s, 'GET', `/spaces/${space}/content/pages`)).body.pages as { id: string }[]).map((p) => p.id) as [string, string];
    const cr = async () => `/spaces/${space}/change-requests/${(await api(s, 'POST', `/spaces/${space}/change-requests`, { subject: 'Sides' })).body.number}`;
    const a = await cr();
    const b = await cr();
    await api(s, 'PATCH', `${a}/gbctl/pages/${welcome}`, { markdown: 'Line from main <b>bold</b>.' });
    await api(s, 'PATCH', `${a}/gbctl/pages/${quick}`, { markdown: 'Quick from main.' });
    await api(s, 'PATCH', `${b}/gbctl/pages/${welcome}`, { markdown: 'Line from the change request.' });
    await api(s, 'DELETE', `${b}/gbctl/pages/${quick}`);
    await api(s, 'POST', `${a}/merge`);
    expect((await api(s, 'POST', `${b}/merge`)).body.result).toBe('conflicts');
    const app = (await api(s, 'GET', b)).body.urls.app as string;

    const html = await asMember(app);
    expect(html).toContain('<h2>Conflicts with the main content</h2>');
    expect(html).toContain('2 of 2 not settled');
    const w = section(html, welcome);
    expect(w).toContain('data-resolved="false"');
    expect(w).toContain('changed on both sides · not settled');
    const [mainSide, crSide] = w.split("<h4>This change request's side</h4>") as [string, string];
    expect(mainSide).toContain("<h4>Main's side</h4>");
    expect(mainSide).toContain('<div class="add">+Line from main &lt;b&gt;bold&lt;/b&gt;.</div>');
    expect(crSide).toContain('<div class="add">+Line from the change request.</div>');
    // Both are diffs against the same base text.
    const removed = (x: string) => [...x.matchAll(/<div class="del">([^<]*)<\/div>/g)].map((m) => m[1]);
    expect(removed(mainSide).length).toBeGreaterThan(0);
    expect(removed(mainSide)).toEqual(removed(crSide));
    const q = section(html, quick);
    expect(q).toContain('deleted in this change request, changed on main');
    expect(q.split("<h4>This change request's side</h4>")[0]).toContain('<div class="add">+Quick from main.</div>');
    // The list of changes marks the pages, and the page itself says it conflicts.
    expect(html).toContain(`<a class="conflict-mark" href="#conflict-${welcome}">⚠ conflict</a>`);
    const pageHtml = await asMember(`${app}/welcome`);
    expect(pageHtml).toContain('This page conflicts with the main content');
    expect(pageHtml).toContain(`#conflict-${welcome}`);

    await api(s, 'PATCH', `${b}/gbctl/pages/${welcome}`, { markdown: 'Settled.' });
    await api(s, 'POST', `${b}/gbctl/conflicts/${quick}/resolve`, { keep: 'main' });
    const after = await asMember(app);
    expect(after).toContain('All settled.');
    expect(section(after, welcome)).toContain("settled: this change request's side kept");
    expect(section(after, quick)).toContain("settled: main's side kept");
    expect(after).not.toContain('conflict-mark');
    expect(await asMember(`${app}/welcome`)).not.toContain('This page conflicts');
  });

  it("shows a change request's own changes against its base, not main's later edits as reverted", async () => {
    const space = (await api(s, 'POST', `/orgs/${s.org}/spaces`, { title: 'Base' })).body.id as string;
    await api(s, 'POST', `/spaces/${space}/content/template`, { id: 'getting-started' });
    const [welcome, quick] = ((await api(s, 'GET', `/spaces/${space}/content/pages`)).body.pages as { id: string }[]).map((p) => p.id) as [string, string];
    const a = `/spaces/${space}/change-requests/${(await api(s, 'POST', `/spaces/${space}/change-requests`, {})).body.number}`;
    const b = `/spaces/${space}/change-requests/${(await api(s, 'POST', `/spaces/${space}/change-requests`, {})).body.number}`;
    await api(s, 'PATCH', `${a}/gbctl/pages/${welcome}`, { markdown: 'Main moved on.' });
    await api(s, 'POST', `${a}/merge`);
    await api(s, 'PATCH', `${b}/gbctl/pages/${quick}`, { markdown: 'Only this.' });
    const html = await asMember((await api(s, 'GET', b)).body.urls.app);
    expect(html).toContain('<div class="add">+Only this.</div>');
    expect(html).not.toContain('Main moved on.');
    expect(html).not.toContain('Conflicts with the main content');
  });
});
