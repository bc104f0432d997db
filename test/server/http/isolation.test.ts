import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointById } from '../../../src/contract/index.js';
import { api, startServer, type TestServer } from '../../helpers/server.js';
import { fabricated, makeFixtures, operations, type Fixtures, type Op, type Who } from '../../helpers/roles.js';

let s: TestServer;
let f: Fixtures;
let ops: Op[];
let outsider: Who;

beforeAll(async () => {
  s = await startServer();
  f = await makeFixtures(s);
  ops = operations(f);
  outsider = { url: s.url, token: f.outsider };
});
afterAll(async () => {
  await s.stop();
  f.cleanup();
});

describe('cross-organization isolation', () => {
  it('answers a non-member exactly as if the object did not exist, on every operation, and changes nothing', async () => {
    const wrong: string[] = [];
    for (const op of ops) {
      const req = await op.request();
      const name = `${op.id}${op.note ? ` (${op.note})` : ''}`;
      const res = await api(outsider, req.method, req.path, req.body);
      // the same request where every id in the path exists nowhere
      const fake = fabricated((endpointById(op.id) as { path: string }).path, req.path);
      const missing = await api(outsider, req.method, fake.path, req.body);
      if (req.method !== 'DELETE' && res.status !== 404) wrong.push(`${name}: expected 404, got ${res.status} ${JSON.stringify(res.body)}`);
      else if (res.status !== missing.status) wrong.push(`${name}: ${res.status}, but ${missing.status} for objects that do not exist`);
      else if (res.status === 404) {
        if (res.body?.error?.code !== 404) wrong.push(`${name}: 404 without the error body: ${JSON.stringify(res.body)}`);
        else if (res.body.error.message !== fake.back(missing.body.error.message)) {
          wrong.push(`${name}: "${res.body.error.message}" tells the object exists (a missing one gives "${missing.body.error.message}")`);
        }
      }
      if (req.unchanged && !(await req.unchanged())) wrong.push(`${name}: answered ${res.status}, yet the object changed`);
    }
    expect(wrong).toEqual([]);
  });

  it("answers DELETE of another organization's space or collection with 204 and keeps it", async () => {
    const sp = (await api(s, 'POST', `/orgs/${f.org}/spaces`, { title: 'Kept' })).body.id as string;
    const col = (await api(s, 'POST', `/orgs/${f.org}/collections`, { title: 'Kept' })).body.id as string;
    expect((await api(outsider, 'DELETE', `/spaces/${sp}`)).status).toBe(204);
    expect((await api(outsider, 'DELETE', `/collections/${col}`)).status).toBe(204);
    expect((await api(s, 'GET', `/spaces/${sp}`)).status).toBe(200);
    expect((await api(s, 'GET', `/collections/${col}`)).status).toBe(200);
  });

  it('answers 404 to lists of another organization', async () => {
    for (const list of ['spaces', 'collections', 'change-requests', 'sites', 'openapi', 'saml', 'sso', 'translations']) {
      const r = await api(outsider, 'GET', `/orgs/${f.org}/${list}`);
      expect(r.status, list).toBe(404);
      expect(r.body.error.code, list).toBe(404);
    }
    // and their own organization's lists hold nothing of the other's
    const mine = await api(outsider, 'GET', `/orgs/${f.org2}/spaces`);
    expect(mine.status).toBe(200);
    expect((mine.body.items as { organization: string }[]).every((x) => x.organization === f.org2)).toBe(true);
    const orgs = await api(outsider, 'GET', '/orgs');
    expect((orgs.body.items as { id: string }[]).map((o) => o.id)).toEqual([f.org2]);
  });

  it("refuses references to another organization's objects from the caller's own", async () => {
    const o2 = `/orgs/${f.org2}`;
    const own = (await api(outsider, 'POST', `${o2}/spaces`, { title: 'Mine' })).body.id as string;
    const ownCol = (await api(outsider, 'POST', `${o2}/collections`, { title: 'Mine' })).body.id as string;
    const ownSite = (await api(outsider, 'POST', `${o2}/sites`, { title: 'Mine' })).body.id as string;
    const refused = [
      await api(outsider, 'POST', `${o2}/spaces`, { title: 'x', parent: f.collection }),
      await api(outsider, 'POST', `/spaces/${own}/move`, { parent: f.collection }),
      await api(outsider, 'POST', `/collections/${ownCol}/move`, { parent: f.collection }),
      await api(outsider, 'POST', `${o2}/collections`, { title: 'x', parent: f.collection }),
      await api(outsider, 'POST', `${o2}/sites`, { title: 'Theirs', spaces: [f.space] }),
      await api(outsider, 'POST', `${o2}/sites/${ownSite}/site-spaces`, { spaceId: f.space }),
      await api(outsider, 'POST', `${o2}/sites/${ownSite}/sections`, { spaceId: f.space }),
      await api(outsider, 'POST', `${o2}/translations`, { language: 'fr', source: { space: f.space, language: 'en' } }),
      await api(outsider, 'POST', `/spaces/${own}/transfer`, { organization: f.org }),
      await api(outsider, 'POST', `/collections/${ownCol}/transfer`, { organization: f.org }),
    ];
    expect(refused.map((r) => r.status)).toEqual(refused.map(() => 404));
    for (const r of refused) expect(r.body.error.code).toBe(404);
    // nothing was made from them
    const sites = (await api(outsider, 'GET', `${o2}/sites`)).body.items as { id: string }[];
    expect(sites.map((x) => x.id)).toEqual([ownSite]);
    expect((await api(s, 'GET', `/orgs/${f.org}/spaces`)).body.items.some((x: { id: string }) => x.id === own)).toBe(false);
  });

  it('shows a non-member nothing about who or what is in a space', async () => {
    const commenters = await api(outsider, 'GET', `/spaces/${f.space}/commenters`);
    expect(commenters.status).toBe(404);
    const search = await api(outsider, 'GET', `/spaces/${f.space}/search?query=Welcome`);
    expect(search.status).toBe(404);
  });
});
