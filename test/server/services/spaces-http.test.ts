import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startServer, type TestServer } from '../../helpers/server.js';
import { publishedErrors, publishedListErrors } from '../../helpers/published-schema.js';
import { DAY_MS } from '../../../src/server/env.js';
import { addMember, addOrg, addToken, addUser } from '../../../src/server/admin/accounts.js';
import { users } from '../../../src/server/model/org.js';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.stop());

async function newSpace(title = 'Space') {
  const r = await api(s, 'POST', `/orgs/${s.org}/spaces`, { title });
  expect(r.status).toBe(201);
  return r.body as { id: string; title: string };
}

describe('spaces over HTTP', () => {
  it('creates a space with every required field and a Location header', async () => {
    const r = await api(s, 'POST', `/orgs/${s.org}/spaces`, { title: 'Docs', emoji: '📘', language: 'fr' });
    expect(r.status).toBe(201);
    expect(publishedErrors('Space', r.body)).toBeUndefined();
    expect(r.body).toMatchObject({ object: 'space', title: 'Docs', emoji: '📘', language: 'fr', organization: s.org, comments: 0, changeRequests: 0 });
    expect(r.body.permissions.admin).toBe(true);
    expect(r.headers.get('location')).toBe(r.body.urls.location);
  });

  it('accepts an empty body and defaults the title', async () => {
    const r = await api(s, 'POST', `/orgs/${s.org}/spaces`);
    expect(r.status).toBe(201);
    expect(r.body.title).toBe('Untitled');
  });

  it('rejects bounds and enums with 400 naming the field, storing nothing', async () => {
    const before = (await api(s, 'GET', `/orgs/${s.org}/spaces?limit=1000`)).body.count;
    const long = await api(s, 'POST', `/orgs/${s.org}/spaces`, { title: 'x'.repeat(51) });
    expect(long.status).toBe(400);
    expect(long.body.error.code).toBe(400);
    expect(long.body.error.message).toContain('body.title');
    const emoji = await api(s, 'POST', `/orgs/${s.org}/spaces`, { emoji: 'e'.repeat(51) });
    expect(emoji.body.error.message).toContain('body.emoji');
    const mode = await api(s, 'POST', `/orgs/${s.org}/spaces`, { editMode: 'frozen' });
    expect(mode.status).toBe(400);
    expect(mode.body.error.message).toMatch(/editMode/);
    const bad = await api(s, 'POST', `/orgs/${s.org}/spaces`, '{"title":');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/malformed JSON/);
    expect((await api(s, 'GET', `/orgs/${s.org}/spaces?limit=1000`)).body.count).toBe(before);
  });

  it('gets, updates and validates', async () => {
    const sp = await newSpace();
    const got = await api(s, 'GET', `/spaces/${sp.id}`);
    expect(got.status).toBe(200);
    expect(publishedErrors('Space', got.body)).toBeUndefined();
    const up = await api(s, 'PATCH', `/spaces/${sp.id}`, { title: 'Renamed', emoji: '🎉', editMode: 'locked', defaultLevel: 'read', language: 'de' });
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ title: 'Renamed', emoji: '🎉', editMode: 'locked', defaultLevel: 'read', language: 'de' });
    expect(publishedErrors('Space', up.body)).toBeUndefined();
    const nulls = await api(s, 'PATCH', `/spaces/${sp.id}`, { defaultLevel: null, emoji: null });
    expect(nulls.body.defaultLevel).toBeNull();
    expect(nulls.body.emoji).toBe('');
    expect((await api(s, 'PATCH', `/spaces/${sp.id}`, { title: 'y'.repeat(51) })).status).toBe(400);
    expect((await api(s, 'PATCH', `/spaces/${sp.id}`, { defaultLevel: 'owner' })).status).toBe(400);
    expect((await api(s, 'GET', `/spaces/${sp.id}`)).body.title).toBe('Renamed');
  });

  it('answers 404 with the error body for unknown ids', async () => {
    for (const [m, p] of [
      ['GET', '/spaces/nope'],
      ['PATCH', '/spaces/nope'],
      ['POST', '/spaces/nope/duplicate'],
      ['POST', '/spaces/nope/restore'],
      ['POST', '/spaces/nope/move'],
      ['GET', '/spaces/nope/links'],
      ['GET', '/orgs/nope/spaces'],
    ] as const) {
      const r = await api(s, m, p, m === 'GET' ? undefined : {});
      expect(r.status, `${m} ${p}`).toBe(404);
      expect(r.body).toEqual({ error: { code: 404, message: expect.stringContaining('not found') } });
    }
  });

  it('soft-deletes, answers 204 either way, and restores within 7 days', async () => {
    const sp = await newSpace('Doomed');
    expect((await api(s, 'DELETE', `/spaces/${sp.id}`)).status).toBe(204);
    expect((await api(s, 'DELETE', `/spaces/${sp.id}`)).status).toBe(204);
    expect((await api(s, 'DELETE', '/spaces/neverexisted')).status).toBe(204);
    expect((await api(s, 'GET', `/spaces/${sp.id}`)).status).toBe(404);
    const list = await api(s, 'GET', `/orgs/${s.org}/spaces?limit=1000`);
    expect(list.body.items.map((x: { id: string }) => x.id)).not.toContain(sp.id);
    s.clock.advance(7 * DAY_MS);
    const back = await api(s, 'POST', `/spaces/${sp.id}/restore`);
    expect(back.status).toBe(200);
    expect(back.body.deletedAt).toBeUndefined();
    expect(publishedErrors('Space', back.body)).toBeUndefined();
    expect((await api(s, 'GET', `/spaces/${sp.id}`)).status).toBe(200);
  });

  it('refuses to restore a live space (409) and one deleted over 7 days ago (404)', async () => {
    const sp = await newSpace();
    const live = await api(s, 'POST', `/spaces/${sp.id}/restore`);
    expect(live.status).toBe(409);
    expect(live.body.error.message).toContain('not deleted');
    await api(s, 'DELETE', `/spaces/${sp.id}`);
    s.clock.advance(7 * DAY_MS + 1);
    const late = await api(s, 'POST', `/spaces/${sp.id}/restore`);
    expect(late.status).toBe(404);
    expect(late.body.error.message).toContain('permanently removed');
    expect((await api(s, 'GET', `/spaces/${sp.id}`)).status).toBe(404);
  });

  it('duplicates a space with a copy of its content', async () => {
    const sp = await newSpace('Original');
    const dup = await api(s, 'POST', `/spaces/${sp.id}/duplicate`);
    expect(dup.status).toBe(201);
    expect(publishedErrors('Space', dup.body)).toBeUndefined();
    expect(dup.body.id).not.toBe(sp.id);
    expect(dup.body.title).toBe('Original (copy)');
    const orig = await api(s, 'GET', `/spaces/${sp.id}`);
    expect(dup.body.revision).not.toBe(orig.body.revision);
  });

  it('moves into a collection, before a sibling, and back to the top level', async () => {
    const col = (await api(s, 'POST', `/orgs/${s.org}/collections`, { title: 'Guides' })).body;
    const a = await newSpace('A');
    const b = await newSpace('B');
    expect((await api(s, 'POST', `/spaces/${a.id}/move`, { parent: col.id })).body.parent).toBe(col.id);
    const mb = await api(s, 'POST', `/spaces/${b.id}/move`, { parent: col.id, position: { before: { type: 'space', space: a.id } } });
    expect(mb.status).toBe(200);
    expect(publishedErrors('Space', mb.body)).toBeUndefined();
    const inCol = await api(s, 'GET', `/collections/${col.id}/spaces`);
    expect(inCol.body.items.map((x: { title: string }) => x.title)).toEqual(['B', 'A']);
    const after = await api(s, 'POST', `/spaces/${b.id}/move`, { position: { after: { type: 'space', space: a.id } } });
    expect(after.status).toBe(200);
    expect((await api(s, 'GET', `/collections/${col.id}/spaces`)).body.items.map((x: { title: string }) => x.title)).toEqual(['A', 'B']);
    const top = await api(s, 'POST', `/spaces/${a.id}/move`, { parent: null });
    expect(top.body.parent).toBeUndefined();
    expect((await api(s, 'POST', `/spaces/${a.id}/move`, { parent: 'nope' })).status).toBe(404);
    const wrongParent = await api(s, 'POST', `/spaces/${a.id}/move`, { position: { before: { type: 'space', space: b.id } } });
    expect(wrongParent.status).toBe(400);
    expect(
      (await api(s, 'POST', `/spaces/${a.id}/move`, { position: { before: { type: 'space', space: b.id }, after: { type: 'space', space: b.id } } })).status,
    ).toBe(400);
  });

  it('transfers to another organization the caller belongs to; unknown organization 404', async () => {
    const other = await s.env.store.write((tx) => {
      const o = addOrg(s.env, tx, 'Other');
      const me = tx.all(users)[0] as { id: string };
      addMember(s.env, tx, o.id, me.id, 'admin');
      return o.id;
    });
    const sp = await newSpace('Moving');
    const r = await api(s, 'POST', `/spaces/${sp.id}/transfer`, { organization: other });
    expect(r.status).toBe(200);
    expect(r.body.organization).toBe(other);
    expect(publishedErrors('Space', r.body)).toBeUndefined();
    expect((await api(s, 'GET', `/orgs/${other}/spaces`)).body.items.map((x: { id: string }) => x.id)).toContain(sp.id);
    expect((await api(s, 'POST', `/spaces/${sp.id}/transfer`, { organization: 'nope' })).status).toBe(404);
    expect((await api(s, 'POST', `/spaces/${sp.id}/transfer`, { organization: other })).status).toBe(409);
    expect((await api(s, 'POST', `/spaces/${sp.id}/transfer`, {})).status).toBe(400);
  });

  it('lists links with stats and a status filter', async () => {
    const sp = await newSpace();
    const r = await api(s, 'GET', `/spaces/${sp.id}/links`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ items: [], count: 0, stats: { total: 0, broken: { total: 0, changeRequest: 0 } } });
    expect((await api(s, 'GET', `/spaces/${sp.id}/links?status=nope`)).status).toBe(400);
  });

  it('paginates with limit, opaque tokens, total count and no next on the last page', async () => {
    for (let i = 0; i < 7; i++) await newSpace(`P${i}`);
    const all = await api(s, 'GET', `/orgs/${s.org}/spaces?limit=1000`);
    expect(publishedListErrors('Space', all.body)).toBeUndefined();
    const total = all.body.count as number;
    const seen: string[] = [];
    let page: string | undefined;
    do {
      const r = await api(s, 'GET', `/orgs/${s.org}/spaces?limit=3${page ? `&page=${page}` : ''}`);
      expect(r.body.count).toBe(total);
      expect(r.body.items.length).toBeLessThanOrEqual(3);
      seen.push(...r.body.items.map((x: { id: string }) => x.id));
      page = r.body.next?.page;
    } while (page);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect((await api(s, 'GET', `/orgs/${s.org}/spaces?limit=1001`)).status).toBe(400);
    expect((await api(s, 'GET', `/orgs/${s.org}/spaces?limit=-1`)).status).toBe(400);
    expect((await api(s, 'GET', `/orgs/${s.org}/spaces?limit=abc`)).status).toBe(400);
    expect((await api(s, 'GET', `/orgs/${s.org}/spaces?page=garbage`)).status).toBe(400);
    const zero = await api(s, 'GET', `/orgs/${s.org}/spaces?limit=0`);
    expect(zero.body.items).toEqual([]);
    expect(zero.body.next).toBeUndefined();
  });

  it('requires a valid bearer token', async () => {
    const none = await fetch(`${s.url}/v1/spaces/x`);
    expect(none.status).toBe(401);
    expect(((await none.json()) as { error: { code: number } }).error.code).toBe(401);
    expect((await api({ url: s.url, token: 'wrong' }, 'GET', `/orgs/${s.org}/spaces`)).status).toBe(401);
  });

  it('hides objects of organizations the caller is not in, and enforces roles', async () => {
    const sp = await newSpace('Private');
    const { reader, outsider } = await s.env.store.write((tx) => {
      const r = addUser(s.env, tx, 'Reader');
      addMember(s.env, tx, s.org, r.id, 'read');
      const o = addUser(s.env, tx, 'Outsider');
      return { reader: addToken(s.env, tx, r.id, 't'), outsider: addToken(s.env, tx, o.id, 't') };
    });
    const asReader = { url: s.url, token: reader };
    const got = await api(asReader, 'GET', `/spaces/${sp.id}`);
    expect(got.status).toBe(200);
    expect(got.body.permissions).toMatchObject({ view: true, edit: false, admin: false });
    expect((await api(asReader, 'DELETE', `/spaces/${sp.id}`)).status).toBe(403);
    expect((await api(asReader, 'PATCH', `/spaces/${sp.id}`, { title: 'x' })).status).toBe(403);
    expect((await api({ url: s.url, token: outsider }, 'GET', `/spaces/${sp.id}`)).status).toBe(404);
  });

  it('answers unknown routes with 404 naming the closest route', async () => {
    const r = await api(s, 'GET', '/spaces/abc/restor');
    expect(r.status).toBe(404);
    expect(r.body.error.message).toContain('closest route');
    const wrongMethod = await api(s, 'PUT', '/spaces/abc');
    expect(wrongMethod.status).toBe(405);
  });
});
