import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startServer, type TestServer } from '../../helpers/server.js';
import { newSpace } from '../../helpers/editing.js';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.stop());

/** Reads a list page by page, calling `between` after each page but the last. */
async function readAll(path: string, between: (round: number) => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  let page: string | undefined;
  for (let round = 0; round < 100; round++) {
    const sep = path.includes('?') ? '&' : '?';
    const r = await api(s, 'GET', `${path}${sep}limit=3${page ? `&page=${encodeURIComponent(page)}` : ''}`);
    expect(r.status).toBe(200);
    seen.push(...(r.body.items as { id: string }[]).map((i) => i.id));
    page = r.body.next?.page;
    if (!page) return seen;
    await between(round);
  }
  throw new Error('the list never ended');
}

describe('page tokens are cursors', () => {
  it('never repeat or skip a space when spaces are created and deleted between page reads', async () => {
    const org = `/orgs/${s.org}/spaces`;
    const before: string[] = [];
    for (let i = 0; i < 10; i++) before.push((await api(s, 'POST', org, { title: `S${i}` })).body.id);
    const existing = (await api(s, 'GET', `${org}?limit=1000`)).body.items.map((x: { id: string }) => x.id) as string[];
    const added: string[] = [];
    const seen = await readAll(org, async (round) => {
      added.push((await api(s, 'POST', org, { title: `New ${round}` })).body.id);
      // Deleting an item already seen must not shift the ones after it.
      if (round === 1) expect((await api(s, 'DELETE', `/spaces/${before[0]}`)).status).toBe(204);
    });
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of existing) expect(seen).toContain(id);
  });

  it('never repeat or skip a comment when comments are posted between page reads, newest first', async () => {
    const space = await newSpace(s);
    for (let i = 0; i < 8; i++) {
      s.clock.advance(1000);
      await api(s, 'POST', `/spaces/${space}/comments`, { body: { markdown: `c${i}` } });
    }
    const existing = (await api(s, 'GET', `/spaces/${space}/comments?limit=100`)).body.items.map((x: { id: string }) => x.id) as string[];
    const seen = await readAll(`/spaces/${space}/comments`, async () => {
      s.clock.advance(1000);
      await api(s, 'POST', `/spaces/${space}/comments`, { body: { markdown: 'newer' } });
    });
    // Newest first: the comments posted while paging come before the first page and are not shown.
    expect(seen).toEqual(existing);
  });

  it('refuse a token of another list, or of the same list with other filters, with 400', async () => {
    const a = await newSpace(s, 'A');
    const b = await newSpace(s, 'B');
    for (const sp of [a, b]) for (let i = 0; i < 3; i++) await api(s, 'POST', `/spaces/${sp}/comments`, { body: { markdown: `x${i}` } });
    const token = (await api(s, 'GET', `/spaces/${a}/comments?limit=1`)).body.next.page as string;
    expect((await api(s, 'GET', `/spaces/${a}/comments?limit=1&page=${token}`)).status).toBe(200);
    const other = await api(s, 'GET', `/spaces/${b}/comments?limit=1&page=${token}`);
    expect(other.status).toBe(400);
    expect(other.body.error.message).toMatch(/another list/);
    expect((await api(s, 'GET', `/spaces/${a}/comments?limit=1&order=asc&page=${token}`)).status).toBe(400);
    expect((await api(s, 'GET', `/orgs/${s.org}/spaces?limit=1&page=${token}`)).status).toBe(400);
    expect((await api(s, 'GET', `/orgs/${s.org}/spaces?limit=1&page=bm9wZQ`)).status).toBe(400);
  });

  it('page change requests of an organization newest first, across spaces, with the same items as one page', async () => {
    const spaces = [await newSpace(s, 'P'), await newSpace(s, 'Q')];
    for (let i = 0; i < 7; i++) await api(s, 'POST', `/spaces/${spaces[i % 2]}/change-requests`, { subject: `cr ${i}` });
    const whole = (await api(s, 'GET', `/orgs/${s.org}/change-requests?limit=1000`)).body.items.map((x: { id: string }) => x.id);
    expect(await readAll(`/orgs/${s.org}/change-requests`, async () => {})).toEqual(whole);
  });
});
