import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seededIds } from '../../../src/server/controls/random.js';
import { api, spawnServe, tempDir, type ServeProcess } from '../../helpers/server.js';

const tmp = tempDir('gbctl-seeded-secrets-');
const servers: ServeProcess[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
  tmp.cleanup();
});

describe('--seed makes ids reproducible, never secrets', () => {
  it('draws secrets from crypto even from a seeded id source', () => {
    const a = seededIds(42);
    const b = seededIds(42);
    expect(a.next()).toBe(b.next());
    expect(a.secret()).not.toBe(b.secret());
  });

  it('two stores served with the same --seed have the same ids but different tokens and share keys', { timeout: 30_000 }, async () => {
    for (const name of ['a.json', 'b.json']) servers.push(await spawnServe(join(tmp.dir, name), ['--seed', '42']));
    const [a, b] = servers as [ServeProcess, ServeProcess];
    expect(a.org).toBe(b.org);
    expect(a.token).not.toBe(b.token);
    const site = async (s: ServeProcess) => {
      const made = (await api(s, 'POST', `/orgs/${s.org}/sites`, { title: 'Shared', visibility: 'share-link' })).body as { id: string };
      return (await api(s, 'POST', `/orgs/${s.org}/sites/${made.id}/publish`)).body as { id: string; urls: { published: string } };
    };
    const [sa, sb] = [await site(a), await site(b)];
    expect(sa.id).toBe(sb.id);
    const key = (s: { urls: { published: string } }) => new URL(s.urls.published).searchParams.get('shareKey');
    expect(key(sa)).toMatch(/.{16,}/);
    expect(key(sa)).not.toBe(key(sb));
  });
});
