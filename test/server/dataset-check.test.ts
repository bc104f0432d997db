import { serverResources } from '../../src/registry.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDataset } from '../../src/server/dataset-check.js';
import type { MemoryStore } from '../../src/store/memory-store.js';
import type { Dump } from '../../src/store/store.js';
import { api, startServer, type TestServer } from '../helpers/server.js';

let s: TestServer;
let dump: Dump;
beforeAll(async () => {
  s = await startServer();
  const space = (await api(s, 'POST', `/orgs/${s.org}/spaces`, { title: 'Source' })).body.id as string;
  expect((await api(s, 'POST', `/spaces/${space}/comments`, { body: { markdown: 'Hello' } })).status).toBe(200);
  expect((await api(s, 'POST', `/orgs/${s.org}/translations`, { language: 'fr', source: { space, language: 'en' } })).status).toBe(201);
  s.env.translations = 'settings';
  expect((await api(s, 'POST', `/orgs/${s.org}/translations`, { title: 'Languages', languages: ['fr', 'de'] })).status).toBe(201);
  s.env.translations = 'translation';
  expect((await api(s, 'DELETE', `/spaces/${space}`)).status).toBe(204);
  dump = await (s.env.store as MemoryStore).snapshot();
});
afterAll(() => s.stop());

describe('checkDataset', () => {
  it('reads every object back, deleted spaces and both translation shapes included', async () => {
    const r = await checkDataset(dump, serverResources);
    expect(r.problems).toEqual([]);
    expect(r.reached.get('spaces')?.size).toBe(1);
    expect(r.reached.get('comments')?.size).toBe(1);
    expect(r.reached.get('translations')?.size).toBe(1);
    expect(r.reached.get('translationSettings')?.size).toBe(1);
  });

  it('reports objects whose references are broken, and records that break a schema', async () => {
    const orphan: Dump = { tables: { ...dump.tables, comments: (dump.tables.comments ?? []).map((c) => ({ ...c, space: 'gone' })) } };
    expect((await checkDataset(orphan, serverResources)).problems.join('\n')).toMatch(/1 of 1 comments cannot be reached/);
    const malformed: Dump = {
      tables: { ...dump.tables, collections: [{ id: 'c1', title: 7, organization: s.org, defaultLevel: 'inherit', createdAt: 'x', position: 1 } as never] },
    };
    expect((await checkDataset(malformed, serverResources)).problems.join('\n')).toMatch(/collections\.list.*title/s);
  });

  it('changes nothing in the store it was given', async () => {
    const before = JSON.stringify(dump);
    await checkDataset(dump, serverResources);
    expect(JSON.stringify(dump)).toBe(before);
  });
});
