import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../../src/contract/index.js';
import { spaces, type SpaceRecord } from '../../../src/server/model/space.js';
import { api, startServer, type TestServer } from '../../helpers/server.js';
import { makeFixtures, operations, type Fixtures, type Op } from '../../helpers/roles.js';
import { anonymous } from '../../helpers/sites.js';

/*
 * Share keys beyond what sites-structure.test.ts covers (a share-link site's key on its four
 * read operations): a share-link space's own key, every other operation of the catalogue, and
 * what anonymous readers are told. The API cannot set a space's visibility, so a share-link space
 * is made in the store, as an import of existing data would hold it.
 */

let s: TestServer;
let f: Fixtures;
let ops: Op[];
let siteKey: string;

const ACCEPTS_SHARE_KEY = ['spaces.get', 'sections.list', 'site-spaces.list', 'sites.published'];

/** Makes a space share-link (or another visibility) in the store; returns its share key. */
async function setVisibility(id: string, visibility: SpaceRecord['visibility']): Promise<string> {
  return s.env.store.write((tx) => {
    const sp = tx.get(spaces, id) as SpaceRecord;
    tx.put(spaces, { ...sp, visibility });
    return sp.shareKey;
  });
}

async function newSpace(title: string): Promise<string> {
  return (await api(s, 'POST', `/orgs/${s.org}/spaces`, { title })).body.id as string;
}

const withKey = (path: string, key: string) => `${path}${path.includes('?') ? '&' : '?'}shareKey=${encodeURIComponent(key)}`;

beforeAll(async () => {
  s = await startServer();
  f = await makeFixtures(s);
  ops = operations(f);
  const site = await api(s, 'PATCH', `/orgs/${f.org}/sites/${f.site}`, { visibility: 'share-link' });
  siteKey = new URL(site.body.urls.published).searchParams.get('shareKey') as string;
});
afterAll(async () => {
  await s.stop();
  f.cleanup();
});

describe('share keys', () => {
  it('are accepted by exactly four operations of the catalogue', () => {
    const accepting = catalogue.filter((e) => e.query?.shape && 'shareKey' in e.query.shape).map((e) => e.id);
    expect(accepting.sort()).toEqual([...ACCEPTS_SHARE_KEY].sort());
  });

  it('open a share-link space to its own key, read only, with no token', async () => {
    const id = await newSpace('Shared space');
    const key = await setVisibility(id, 'share-link');
    const r = await anonymous(s, withKey(`/spaces/${id}`, key));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id, visibility: 'share-link' });
    expect(r.body?.permissions).toEqual({
      view: true,
      access: true,
      admin: false,
      viewInviteLinks: false,
      edit: false,
      triggerGitSync: false,
      comment: false,
      merge: false,
      review: false,
      installIntegration: false,
    });
    // the key is a secret the API never shows
    expect(JSON.stringify(r.body)).not.toContain(key);
    expect(JSON.stringify((await api(s, 'GET', `/spaces/${id}`)).body)).not.toContain(key);
  });

  it("refuse a wrong key, another space's key, and a key of a space that is not share-link", async () => {
    const a = await newSpace('A');
    const b = await newSpace('B');
    const keyA = await setVisibility(a, 'share-link');
    const keyB = await setVisibility(b, 'share-link');
    const unknown = await anonymous(s, withKey('/spaces/nowhere0000', keyA));
    for (const [path, key] of [
      [`/spaces/${a}`, 'wrong-key'],
      [`/spaces/${a}`, keyB],
      [`/spaces/${a}`, ''],
      [`/spaces/${b}`, siteKey],
    ] as const) {
      const r = await anonymous(s, withKey(path, key));
      expect(r.status, `${path} ${key}`).toBe(404);
      // told the same as for a space that does not exist
      expect(r.body?.error?.message.replace(/space \S+/, 'space X')).toBe(unknown.body?.error?.message.replace(/space \S+/, 'space X'));
    }
    expect((await anonymous(s, `/spaces/${a}`)).status).toBe(401);
    await setVisibility(a, 'private');
    expect((await anonymous(s, withKey(`/spaces/${a}`, keyA))).status).toBe(404);
    await setVisibility(a, 'share-link');
    expect((await anonymous(s, withKey(`/spaces/${a}`, keyA))).status).toBe(200);
    // a deleted space is gone for its key too
    expect((await api(s, 'DELETE', `/spaces/${a}`)).status).toBe(204);
    expect((await anonymous(s, withKey(`/spaces/${a}`, keyA))).status).toBe(404);
  });

  it('answer 401 with the error body on every other operation, even with a key that opens the object', async () => {
    const spaceKey = await setVisibility(f.space, 'share-link');
    const wrong: string[] = [];
    for (const op of ops) {
      if (ACCEPTS_SHARE_KEY.includes(op.id)) continue;
      const req = await op.request();
      for (const key of [spaceKey, siteKey]) {
        const res = await fetch(`${s.url}/v1${withKey(req.path, key)}`, {
          method: req.method,
          ...(req.body !== undefined ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(req.body) } : {}),
        });
        const body = (await res.json()) as { error?: { code?: number } };
        if (res.status !== 401 || body.error?.code !== 401) wrong.push(`${req.method} ${req.path}: ${res.status} ${JSON.stringify(body)}`);
      }
      if (req.unchanged && !(await req.unchanged())) wrong.push(`${op.id}: the object changed`);
    }
    expect(wrong).toEqual([]);
    await setVisibility(f.space, 'private');
  });

  it('show anonymous readers of a share-link site its spaces as readable and nothing more', async () => {
    const r = await anonymous(s, withKey(`/orgs/${f.org}/sites/${f.site}/site-spaces`, siteKey));
    expect(r.status).toBe(200);
    const items = r.body?.items as { space: { id: string; visibility: string; permissions: Record<string, boolean> } }[];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.space.visibility).not.toBe('share-link');
      expect(item.space.permissions).toMatchObject({ view: true, access: true, edit: false, comment: false, admin: false, merge: false });
    }
    // and the same space read with the site's key
    const sp = await anonymous(s, withKey(`/spaces/${items[0]?.space.id}`, siteKey));
    expect(sp.status).toBe(200);
    expect(sp.body?.permissions).toEqual(items[0]?.space.permissions);
  });

  it('tell an anonymous reader the same whether a site does not exist or the key is wrong', async () => {
    const real = await anonymous(s, withKey(`/orgs/${f.org}/sites/${f.site}/sections`, 'wrong-key'));
    const none = await anonymous(s, withKey(`/orgs/${f.org}/sites/nowhere0000/sections`, 'wrong-key'));
    expect(real.status).toBe(404);
    expect(none.status).toBe(404);
    expect(real.body?.error?.message.replace(f.site, 'X')).toBe(none.body?.error?.message.replace('nowhere0000', 'X'));
  });

  it('do not rescue a bad token: an unknown or malformed one is 401 even with a valid key', async () => {
    const path = withKey(`/orgs/${f.org}/sites/${f.site}/sections`, siteKey);
    for (const authorization of ['Bearer not-a-token', 'Basic abc', 'Bearer']) {
      const res = await fetch(`${s.url}/v1${path}`, { headers: { authorization } });
      expect(res.status, authorization).toBe(401);
      expect(((await res.json()) as { error: { code: number } }).error.code).toBe(401);
    }
    // a revoked token too
    const { addToken } = await import('../../../src/server/admin/accounts.js');
    const { userFromToken } = await import('../../../src/server/services/orgs.js');
    const { revokeToken } = await import('../../../src/server/admin/local-admin.js');
    const token = await s.env.store.write((tx) => addToken(s.env, tx, (userFromToken(tx, f.tokens.read) as { id: string }).id, 'to revoke'));
    expect((await api({ url: s.url, token }, 'GET', `/orgs/${f.org}/sites/${f.site}/sections`)).status).toBe(200);
    await s.env.store.write((tx) => revokeToken(tx, 'to revoke'));
    expect((await api({ url: s.url, token }, 'GET', path)).status).toBe(401);
  });
});
