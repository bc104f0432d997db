import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRevision, putRevision } from '../../../src/server/model/revision-store.js';
import { spaces } from '../../../src/server/model/space.js';
import { api, startServer, type TestServer } from '../../helpers/server.js';
import { expectError, expectOk, newSpace } from '../../helpers/sites.js';

const page = (id: string, title: string, markdown: string, pages: unknown[] = []) => ({
  id,
  title,
  type: 'document',
  markdown,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  pages,
});

/** A space whose content is known: 3 pages, 2 + 4 + 1 title words and 5 + 3 + 0 body words. */
async function spaceWithContent(s: TestServer, title: string): Promise<string> {
  const id = await newSpace(s, title);
  await s.env.store.write((tx) => {
    const sp = tx.get(spaces, id);
    const rev = sp && getRevision(tx, sp.revision);
    if (!sp || !rev) throw new Error('no space');
    putRevision(tx, {
      ...rev,
      pages: [
        page('p1', 'Getting started', 'Install it, then run it.', [page('p2', 'The second page here', 'Nested page body.')]),
        page('p3', 'FAQ', ''),
      ] as typeof rev.pages,
    });
  });
  return id;
}

describe('translations (translation shape)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(async () => {
    await s.stop();
  });
  const base = () => `/orgs/${s.org}/translations`;

  it('creates a pending translation, runs it into a result space with true stats, and runs again', async () => {
    const src = await spaceWithContent(s, 'Handbook');
    const t = expectOk(await api(s, 'POST', base(), { language: 'fr', source: { space: src, language: 'en' } }), 201, 'Translation').body;
    expect(t).toMatchObject({
      object: 'translation',
      status: 'pending',
      language: 'fr',
      source: { space: src, language: 'en' },
      stats: { runs: 0, totalWords: 0, totalPages: 0 },
    });
    expect(t.result).toBeUndefined();
    expect(t.instructions).toEqual({ object: 'document', data: {}, nodes: [] });

    s.clock.advance(1000);
    const run = await api(s, 'POST', `${base()}/${t.id}/run`);
    expect(run.status).toBe(204);
    const after = expectOk(await api(s, 'GET', `${base()}/${t.id}`), 200, 'Translation').body;
    expect(after.status).toBe('completed');
    expect(after.stats).toEqual({ runs: 1, totalWords: 15, totalPages: 3, totalDuration: 0, latestRunDuration: 0, latestPages: 3, latestWords: 15 });
    const result = expectOk(await api(s, 'GET', `/spaces/${after.result.space}`), 200, 'Space').body;
    expect(result).toMatchObject({ title: 'Handbook (fr)', language: 'fr', revision: after.result.revision });
    const copied = (await api(s, 'GET', `/spaces/${after.result.space}/content`)).body;
    expect(copied.pages.map((p: { title: string }) => p.title)).toEqual(['Getting started', 'FAQ']);
    expect(copied.pages[0].pages[0].title).toBe('The second page here');

    // a second run updates the same result space with a new revision
    await api(s, 'POST', `${base()}/${t.id}/run`);
    const again = (await api(s, 'GET', `${base()}/${t.id}`)).body;
    expect(again.result.space).toBe(after.result.space);
    expect(again.result.revision).not.toBe(after.result.revision);
    expect(again.stats).toMatchObject({ runs: 2, totalWords: 30, totalPages: 3, latestPages: 3, latestWords: 15 });
    expect((await api(s, 'GET', `/spaces/${after.result.space}`)).body.revision).toBe(again.result.revision);
  });

  it('lists, updates instructions (required), deletes (204 twice)', async () => {
    const src = await newSpace(s, 'Other');
    const t = (await api(s, 'POST', base(), { language: 'de', source: { space: src, language: 'en' } })).body;
    const listed = expectOk(await api(s, 'GET', base()), 200, 'Translation', true).body;
    expect(listed.items.map((x: { id: string }) => x.id)).toContain(t.id);
    const doc = {
      object: 'document',
      data: {},
      nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Use the formal "Sie".', marks: [] }] }] }],
    };
    const up = expectOk(await api(s, 'PUT', `${base()}/${t.id}`, { instructions: doc }), 200, 'Translation').body;
    expect(up.instructions).toEqual(doc);
    expectError(await api(s, 'PUT', `${base()}/${t.id}`, {}), 400, /instructions/);
    expectError(await api(s, 'PUT', `${base()}/${t.id}`, { title: 'x', instructions: doc }), 400, /title: not a field of translation/);
    expect((await api(s, 'DELETE', `${base()}/${t.id}`)).status).toBe(204);
    expect((await api(s, 'DELETE', `${base()}/${t.id}`)).status).toBe(204);
    expectError(await api(s, 'GET', `${base()}/${t.id}`), 404);
    expectError(await api(s, 'POST', `${base()}/${t.id}/run`), 404);
  });

  it('refuses bad input', async () => {
    const src = await newSpace(s, 'Src');
    expectError(await api(s, 'POST', base(), { source: { space: src, language: 'en' } }), 400, /language/);
    expectError(await api(s, 'POST', base(), { language: 'fr' }), 400, /source/);
    expectError(await api(s, 'POST', base(), { language: 'klingon', source: { space: src, language: 'en' } }), 400, /language/);
    expectError(await api(s, 'POST', base(), { language: 'fr', source: { space: src } }), 400, /source\.language/);
    expectError(await api(s, 'POST', base(), { language: 'en', source: { space: src, language: 'en' } }), 400, /source language/);
    expectError(await api(s, 'POST', base(), { language: 'fr', source: { space: 'nope', language: 'en' } }), 404, /space nope/);
    expectError(await api(s, 'POST', base(), { language: 'fr', source: { space: src, language: 'en' }, title: 'x' }), 400, /title/);
    expectError(await api(s, 'GET', `${base()}/nope`), 404, /translation nope/);
  });

  it('fails a run whose source space was deleted, and leaves the translation as it was', async () => {
    const src = await newSpace(s, 'Gone soon');
    const t = (await api(s, 'POST', base(), { language: 'es', source: { space: src, language: 'en' } })).body;
    await api(s, 'DELETE', `/spaces/${src}`);
    expectError(await api(s, 'POST', `${base()}/${t.id}/run`), 409, /no longer exists/);
    expect((await api(s, 'GET', `${base()}/${t.id}`)).body.status).toBe('pending');
  });
});

describe('translations (translation-settings shape)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ translations: 'settings' });
  });
  afterAll(async () => {
    await s.stop();
  });
  const base = () => `/orgs/${s.org}/translations`;

  it('serves settings on the same paths, with no run', async () => {
    const t = expectOk(await api(s, 'POST', base(), { title: 'Docs languages', languages: ['fr', 'de', 'fr'] }), 201).body;
    expect(t).toMatchObject({ object: 'translation-settings', title: 'Docs languages', languages: ['fr', 'de'], permissions: { view: true, edit: true } });
    expect(t.urls.location).toContain(`/translations/${t.id}`);
    const untitled = expectOk(await api(s, 'POST', base(), {}), 201).body;
    expect(untitled).toMatchObject({ title: 'Untitled', languages: [] });
    const listed = expectOk(await api(s, 'GET', base()), 200).body;
    expect(listed.items.map((x: { object: string }) => x.object)).toEqual(['translation-settings', 'translation-settings']);
    const up = expectOk(await api(s, 'PUT', `${base()}/${t.id}`, { title: 'Renamed' }), 200).body;
    expect(up).toMatchObject({ title: 'Renamed', languages: ['fr', 'de'] });
    expect((await api(s, 'GET', `${base()}/${t.id}`)).body.title).toBe('Renamed');
    expectError(await api(s, 'POST', `${base()}/${t.id}/run`), 404, /no run/);
    expectError(await api(s, 'POST', base(), { language: 'fr' }), 400, /language: not a field of translation-settings/);
    expectError(await api(s, 'PUT', `${base()}/${t.id}`, { instructions: { object: 'document', data: {}, nodes: [] } }), 400, /instructions/);
    expectError(await api(s, 'POST', base(), { languages: ['xx'] }), 400, /languages/);
    expect((await api(s, 'DELETE', `${base()}/${t.id}`)).status).toBe(204);
    expect((await api(s, 'DELETE', `${base()}/${t.id}`)).status).toBe(204);
    expectError(await api(s, 'GET', `${base()}/${t.id}`), 404);
  });
});
