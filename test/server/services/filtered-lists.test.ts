import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Tx } from '../../../src/store/tx.js';
import { newSpace } from '../../helpers/editing.js';
import { commentScope } from '../../../src/server/model/review.js';
import { api, startServer, type TestServer } from '../../helpers/server.js';

let s: TestServer;
let user: string;
beforeAll(async () => {
  s = await startServer();
  user = (await api(s, 'GET', '/user')).body.id as string;
});
afterAll(() => s.stop());

/** How many records the store reads for `fn` (the records a list walks, the page's included). */
async function recordsRead<R>(fn: () => Promise<R>): Promise<{ result: R; read: number }> {
  type Reader = { read(t: unknown, ids: string[]): unknown[] };
  const proto = Tx.prototype as unknown as Reader;
  const original = proto.read;
  let read = 0;
  const spy = vi.spyOn(proto, 'read').mockImplementation(function (this: Reader, t: unknown, ids: string[]) {
    read += ids.length;
    return original.call(this, t, ids);
  });
  try {
    return { result: await fn(), read };
  } finally {
    spy.mockRestore();
  }
}
afterEach(() => vi.restoreAllMocks());

const ids = (r: { body: { items: { id: string }[] } }) => r.body.items.map((i) => i.id);

describe('a list asked with a filter and a status', () => {
  it("reads its page, not the filter's whole group: change requests by creator or contributor, open by default", async () => {
    const space = await newSpace(s, 'Many requests');
    // 60 change requests at one instant (the clock stands still): 20 open, 40 drafts.
    const made: { id: string; open: boolean }[] = [];
    for (let i = 0; i < 60; i++) {
      const cr = (await api(s, 'POST', `/spaces/${space}/change-requests`, { subject: `Change ${i}` })).body as { id: string };
      const open = i % 3 === 0;
      if (open) expect((await api(s, 'PATCH', `/spaces/${space}/change-requests/${cr.id}`, { status: 'open' })).status).toBe(200);
      made.push({ id: cr.id, open });
    }
    const newestOpen = made.filter((m) => m.open).reverse();
    for (const filter of [`creator=${user}`, `contributor=${user}`]) {
      const { result, read } = await recordsRead(() => api(s, 'GET', `/spaces/${space}/change-requests?limit=5&${filter}`));
      expect(result.status).toBe(200);
      expect(result.body.count, filter).toBe(20);
      expect(ids(result), filter).toEqual(newestOpen.slice(0, 5).map((m) => m.id));
      // The page (and the one record past it that says there is more), the space and the user: not the 60.
      expect(read, filter).toBeLessThan(20);
    }
  });

  it('keeps equal times in the order created across statuses, in a space and across the organization, page after page', async () => {
    const space = await newSpace(s, 'Ties');
    const made: string[] = [];
    for (let i = 0; i < 12; i++) {
      const cr = (await api(s, 'POST', `/spaces/${space}/change-requests`, { subject: `Tie ${i}` })).body as { id: string };
      if (i % 2) await api(s, 'PATCH', `/spaces/${space}/change-requests/${cr.id}`, { status: 'open' });
      made.push(cr.id);
    }
    const newest = [...made].reverse();
    const walk = async (path: string) => {
      const seen: string[] = [];
      let page: string | undefined;
      do {
        const r = await api(s, 'GET', `${path}&limit=5${page ? `&page=${encodeURIComponent(page)}` : ''}`);
        expect(r.status).toBe(200);
        seen.push(...ids(r));
        page = r.body.next?.page;
      } while (page);
      return seen;
    };
    const mine = (all: string[]) => all.filter((id) => made.includes(id));
    expect(await walk(`/spaces/${space}/change-requests?creator=${user}&status=draft`)).toEqual(newest.filter((_, i) => i % 2 === 1));
    expect(mine(await walk(`/orgs/${s.org}/change-requests?status=draft&status=open&creator=${user}`))).toEqual(newest);
    expect(mine(await walk(`/orgs/${s.org}/change-requests?status=draft&status=open`))).toEqual(newest);
  });

  it('reads its page of comments by author, by page or by both, of one status', async () => {
    const space = await newSpace(s, 'Many comments');
    await api(s, 'POST', `/spaces/${space}/content/template`, { id: 'getting-started' });
    const page = (await api(s, 'GET', `/spaces/${space}/content/pages`)).body.pages[0].id as string;
    const posted: { id: string; resolved: boolean }[] = [];
    for (let i = 0; i < 45; i++) {
      const cm = (await api(s, 'POST', `/spaces/${space}/comments`, { page, body: { markdown: `Note ${i}` } })).body as { id: string };
      const resolved = i % 3 !== 0;
      if (resolved) expect((await api(s, 'PUT', `/spaces/${space}/comments/${cm.id}`, { resolved: true })).status).toBe(200);
      posted.push({ id: cm.id, resolved });
    }
    const newestOpen = posted.filter((p) => !p.resolved).reverse();
    for (const filter of [`authors=${user}`, `targetPage=${page}`, `authors=${user}&targetPage=${page}`]) {
      const { result, read } = await recordsRead(() => api(s, 'GET', `/spaces/${space}/comments?limit=4&status=open&${filter}`));
      expect(result.status, filter).toBe(200);
      expect(result.body.count, filter).toBe(15);
      expect(ids(result), filter).toEqual(newestOpen.slice(0, 4).map((p) => p.id));
      expect(read, filter).toBeLessThan(20);
    }
  });

  it("reads its page of an author's comments on one page, whatever else the author wrote", async () => {
    const space = await newSpace(s, 'Comments on two pages');
    await api(s, 'POST', `/spaces/${space}/content/template`, { id: 'getting-started' });
    const [pageA, pageB] = ((await api(s, 'GET', `/spaces/${space}/content/pages`)).body.pages as { id: string }[]).map((p) => p.id);
    expect(pageB).toBeDefined();
    for (let i = 0; i < 40; i++) await api(s, 'POST', `/spaces/${space}/comments`, { page: pageB, body: { markdown: `Elsewhere ${i}` } });
    const onA: { id: string; resolved: boolean }[] = [];
    for (let i = 0; i < 6; i++) {
      const cm = (await api(s, 'POST', `/spaces/${space}/comments`, { page: pageA, body: { markdown: `Here ${i}` } })).body as { id: string };
      const resolved = i < 2;
      if (resolved) expect((await api(s, 'PUT', `/spaces/${space}/comments/${cm.id}`, { resolved: true })).status).toBe(200);
      onA.push({ id: cm.id, resolved });
    }
    const newest = [...onA].reverse();
    for (const [filter, want] of [
      ['', newest],
      ['&status=open', newest.filter((c) => !c.resolved)],
      ['&status=resolved', newest.filter((c) => c.resolved)],
    ] as const) {
      const path = `/spaces/${space}/comments?limit=3&authors=${user}&targetPage=${pageA}${filter}`;
      const { result, read } = await recordsRead(() => api(s, 'GET', path));
      expect(result.status, filter).toBe(200);
      expect(result.body.count, filter).toBe(want.length);
      expect(ids(result), filter).toEqual(want.slice(0, 3).map((c) => c.id));
      expect(read, filter).toBeLessThan(15);
    }
  });

  it("reads its page of an organization's sites by space, title and published state, not the organization's sites", async () => {
    const org = s.org;
    const space = await newSpace(s, 'Held');
    const made: { id: string; title: string; published: boolean; holds: boolean }[] = [];
    for (let i = 0; i < 40; i++) {
      const title = i % 10 === 3 ? 'Docs' : `Other ${i}`;
      const holds = i === 13 || i === 27;
      const site = (await api(s, 'POST', `/orgs/${org}/sites`, { title, ...(holds ? { spaces: [space] } : {}) })).body as { id: string };
      const published = i === 23 || i === 27;
      if (published) expect((await api(s, 'POST', `/orgs/${org}/sites/${site.id}/publish`)).status).toBe(200);
      made.push({ id: site.id, title, published, holds });
    }
    for (const [filter, want] of [
      ['space', made.filter((m) => m.holds)],
      ['title', made.filter((m) => m.title === 'Docs')],
      ['title&published', made.filter((m) => m.title === 'Docs' && m.published)],
      ['space&published', made.filter((m) => m.holds && m.published)],
      ['space&title', made.filter((m) => m.holds && m.title === 'Docs')],
      ['space&title&published', made.filter((m) => m.holds && m.title === 'Docs' && m.published)],
    ] as const) {
      const query = filter
        .split('&')
        .map((f) => (f === 'space' ? `space=${space}` : f === 'title' ? 'title=Docs' : 'published=true'))
        .join('&');
      const path = `/orgs/${org}/sites?limit=3&${query}`;
      const { result, read } = await recordsRead(() => api(s, 'GET', path));
      expect(result.status, filter).toBe(200);
      expect(result.body.count, filter).toBe(want.length);
      expect(ids(result), filter).toEqual(want.slice(0, 3).map((m) => m.id));
      expect(read, filter).toBeLessThan(10);
    }
    // Page after page in the organization's order, a site renamed into the filter in its place.
    const renamed = made[6] as { id: string };
    expect((await api(s, 'PATCH', `/orgs/${org}/sites/${renamed.id}`, { title: 'Docs' })).status).toBe(200);
    const docs = made.filter((m) => m.title === 'Docs' || m.id === renamed.id).map((m) => m.id);
    const first = await api(s, 'GET', `/orgs/${org}/sites?limit=3&title=Docs`);
    const second = await api(s, 'GET', `/orgs/${org}/sites?limit=3&title=Docs&page=${first.body.next.page as string}`);
    expect([...ids(first), ...ids(second)]).toEqual(docs);
    expect(second.body.next).toBeUndefined();
  });

  it("resumes a page token the previous version gave for an author's comments on one page after its last comment, equal times too", async () => {
    const space = await newSpace(s, 'Tokens of before');
    await api(s, 'POST', `/spaces/${space}/content/template`, { id: 'getting-started' });
    const [pageA, pageB] = ((await api(s, 'GET', `/spaces/${space}/content/pages`)).body.pages as { id: string }[]).map((p) => p.id);
    const onA: string[] = [];
    // Posted two by two at one instant: the first page ends between two comments of equal time.
    for (let i = 0; i < 8; i++) {
      await api(s, 'POST', `/spaces/${space}/comments`, { page: pageB, body: { markdown: `Elsewhere ${i}` } });
      if (i % 2 === 0) s.clock.advance(1000);
      onA.push((await api(s, 'POST', `/spaces/${space}/comments`, { page: pageA, body: { markdown: `Here ${i}` } })).body.id as string);
    }
    const newest = [...onA].reverse();
    const path = `/spaces/${space}/comments?limit=3&authors=${user}&targetPage=${pageA}`;
    const first = await api(s, 'GET', path);
    expect(ids(first)).toEqual(newest.slice(0, 3));
    // The previous version walked the author's list and tested each comment for the page: its
    // token named that list's group, and a place in it that this list does not number alike.
    const token = JSON.parse(Buffer.from(first.body.next.page as string, 'base64url').toString('utf8')) as Record<string, unknown>;
    const before = Buffer.from(JSON.stringify({ ...token, g: `${commentScope(space, undefined)}|${user}`, s: 987654 })).toString('base64url');
    const second = await api(s, 'GET', `${path}&page=${before}`);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(ids(second)).toEqual(newest.slice(3, 6));
    expect(ids(await api(s, 'GET', `${path}&page=${second.body.next.page as string}`))).toEqual(newest.slice(6));
  });
});
