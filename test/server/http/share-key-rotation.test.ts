import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameSecret } from '../../../src/server/model/secrets.js';
import { api, startServer, type TestServer } from '../../helpers/server.js';
import { anonymous } from '../../helpers/sites.js';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.stop());

const keyOf = (site: { urls: { published?: string } }) => new URL(site.urls.published as string).searchParams.get('shareKey') as string;

describe("a site's share key", () => {
  it('rotates on every change of visibility: a link handed out earlier never opens the site again', async () => {
    const space = (await api(s, 'POST', `/orgs/${s.org}/spaces`, { title: 'Shared' })).body.id as string;
    const site = (await api(s, 'POST', `/orgs/${s.org}/sites`, { title: 'Shared site', visibility: 'share-link', spaces: [space] })).body;
    const first = keyOf((await api(s, 'POST', `/orgs/${s.org}/sites/${site.id}/publish`)).body);
    const published = (key: string) => anonymous(s, `/orgs/${s.org}/sites/${site.id}/published?shareKey=${encodeURIComponent(key)}`);
    expect((await published(first)).status).toBe(200);

    const keys = [first];
    for (const visibility of ['public', 'share-link', 'unlisted', 'share-link', 'visitor-auth', 'share-link']) {
      const r = await api(s, 'PATCH', `/orgs/${s.org}/sites/${site.id}`, { visibility });
      expect(r.status).toBe(200);
      if (visibility === 'share-link') {
        const key = keyOf(r.body);
        expect(keys).not.toContain(key);
        keys.push(key);
      }
    }
    const current = keys[keys.length - 1] as string;
    expect((await published(current)).status).toBe(200);
    for (const old of keys.slice(0, -1)) expect((await published(old)).status, old).not.toBe(200);
    // The same visibility again is no change: the key stays.
    const same = await api(s, 'PATCH', `/orgs/${s.org}/sites/${site.id}`, { visibility: 'share-link', title: 'Renamed' });
    expect(keyOf(same.body)).toBe(current);
    // The published pages follow the key too.
    const page = await fetch(`${s.url}/published/${s.org}/${site.id}?shareKey=${encodeURIComponent(first)}`);
    expect(page.status).toBe(404);
    expect((await fetch(`${s.url}/published/${s.org}/${site.id}?shareKey=${encodeURIComponent(current)}`)).status).toBe(200);
  });

  it('is compared whole, by hash, wherever one is checked', () => {
    expect(sameSecret('abc', 'abc')).toBe(true);
    expect(sameSecret('abd', 'abc')).toBe(false);
    expect(sameSecret('ab', 'abc')).toBe(false);
    expect(sameSecret(undefined, 'abc')).toBe(false);
    expect(sameSecret('', '')).toBe(false);
    for (const f of ['src/server/context.ts', 'src/server/model/site.ts', 'src/server/views/site.ts', 'src/server/web/site.ts']) {
      expect(readFileSync(f, 'utf8'), f).not.toMatch(/[!=]==\s*[\w.]*shareKey\b|shareKey\s*[!=]==\s*(?!undefined\b)[\w.]|given\s*!==/);
    }
  });
});
