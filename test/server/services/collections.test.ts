import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startServer, type TestServer } from '../../helpers/server.js';
import { publishedErrors, publishedListErrors } from '../../helpers/published-schema.js';
import { addMember, addOrg } from '../../../src/server/admin/accounts.js';
import { users } from '../../../src/server/model/org.js';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.stop());

const create = async (body: Record<string, unknown> = {}) => {
  const r = await api(s, 'POST', `/orgs/${s.org}/collections`, body);
  expect(r.status).toBe(201);
  expect(publishedErrors('Collection', r.body)).toBeUndefined();
  return r.body as { id: string };
};

describe('collections over HTTP', () => {
  it('creates, gets and updates with bounds enforced', async () => {
    const c = await create({ title: 'Guides' });
    const got = await api(s, 'GET', `/collections/${c.id}`);
    expect(got.status).toBe(200);
    expect(publishedErrors('Collection', got.body)).toBeUndefined();
    const up = await api(s, 'PATCH', `/collections/${c.id}`, { title: 'Handbooks', description: 'All of them', defaultLevel: 'comment' });
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ title: 'Handbooks', description: 'All of them', defaultLevel: 'comment' });
    expect(publishedErrors('Collection', up.body)).toBeUndefined();
    expect((await api(s, 'PATCH', `/collections/${c.id}`, { description: 'd'.repeat(101) })).status).toBe(400);
    expect((await api(s, 'PATCH', `/collections/${c.id}`, { title: 't'.repeat(51) })).status).toBe(400);
    expect((await api(s, 'POST', `/orgs/${s.org}/collections`, { title: 't'.repeat(51) })).status).toBe(400);
    expect((await api(s, 'GET', `/collections/${c.id}`)).body.title).toBe('Handbooks');
    expect((await api(s, 'GET', '/collections/nope')).status).toBe(404);
    expect((await api(s, 'PATCH', '/collections/nope', {})).status).toBe(404);
  });

  it('lists nested collections unless nested=false', async () => {
    const parent = await create({ title: 'Parent' });
    const child = await create({ title: 'Child', parent: parent.id });
    const all = await api(s, 'GET', `/orgs/${s.org}/collections`);
    expect(publishedListErrors('Collection', all.body)).toBeUndefined();
    expect(all.body.items.map((x: { id: string }) => x.id)).toContain(child.id);
    const top = await api(s, 'GET', `/orgs/${s.org}/collections?nested=false`);
    expect(top.body.items.map((x: { id: string }) => x.id)).not.toContain(child.id);
    expect(top.body.items.map((x: { id: string }) => x.id)).toContain(parent.id);
    expect((await api(s, 'GET', `/orgs/${s.org}/collections?nested=maybe`)).status).toBe(400);
    expect((await api(s, 'POST', `/orgs/${s.org}/collections`, { parent: 'nope' })).status).toBe(404);
  });

  it('lists its spaces and moves them up when deleted; DELETE is 204 either way', async () => {
    const c = await create({ title: 'Temp' });
    const sp = (await api(s, 'POST', `/orgs/${s.org}/spaces`, { title: 'Inside', parent: c.id })).body;
    expect(sp.visibility).toBe('in-collection');
    const inside = await api(s, 'GET', `/collections/${c.id}/spaces`);
    expect(inside.status).toBe(200);
    expect(publishedListErrors('Space', inside.body)).toBeUndefined();
    expect(inside.body.items.map((x: { id: string }) => x.id)).toEqual([sp.id]);
    expect((await api(s, 'DELETE', `/collections/${c.id}`)).status).toBe(204);
    expect((await api(s, 'DELETE', `/collections/${c.id}`)).status).toBe(204);
    expect((await api(s, 'GET', `/collections/${c.id}`)).status).toBe(404);
    const moved = await api(s, 'GET', `/spaces/${sp.id}`);
    expect(moved.body.parent).toBeUndefined();
    expect(moved.body.visibility).toBe('private');
  });

  it('moves under another collection, before a sibling, never into itself', async () => {
    const a = await create({ title: 'A' });
    const b = await create({ title: 'B' });
    const inner = await create({ title: 'Inner', parent: a.id });
    const m = await api(s, 'POST', `/collections/${b.id}/move`, { parent: a.id, position: { before: { type: 'collection', collection: inner.id } } });
    expect(m.status).toBe(200);
    expect(m.body.parent).toBe(a.id);
    expect(publishedErrors('Collection', m.body)).toBeUndefined();
    const loop = await api(s, 'POST', `/collections/${a.id}/move`, { parent: inner.id });
    expect(loop.status).toBe(400);
    expect(loop.body.error.message).toContain('inside');
    expect((await api(s, 'POST', `/collections/${b.id}/move`, { parent: null })).body.parent).toBeUndefined();
  });

  it('transfers with its nested collections and spaces', async () => {
    const other = await s.env.store.write((tx) => {
      const o = addOrg(s.env, tx, 'Elsewhere');
      addMember(s.env, tx, o.id, (tx.all(users)[0] as { id: string }).id, 'admin');
      return o.id;
    });
    const c = await create({ title: 'Moving' });
    const sub = await create({ title: 'Sub', parent: c.id });
    const sp = (await api(s, 'POST', `/orgs/${s.org}/spaces`, { parent: sub.id })).body;
    const r = await api(s, 'POST', `/collections/${c.id}/transfer`, { organization: other });
    expect(r.status).toBe(200);
    expect(r.body.organization).toBe(other);
    expect(publishedErrors('Collection', r.body)).toBeUndefined();
    expect((await api(s, 'GET', `/collections/${sub.id}`)).body.organization).toBe(other);
    expect((await api(s, 'GET', `/spaces/${sp.id}`)).body.organization).toBe(other);
    expect((await api(s, 'POST', `/collections/${c.id}/transfer`, { organization: 'nope' })).status).toBe(404);
    expect((await api(s, 'POST', `/collections/${c.id}/transfer`, { organization: other })).status).toBe(409);
  });
});
