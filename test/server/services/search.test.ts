import { beforeEach, describe, expect, it } from 'vitest';
import { endpoints } from '../../../src/contract/index.js';
import { makeCtx, type Ctx, type Env } from '../../../src/server/context.js';
import { FakeClock, randomIds } from '../../../src/server/env.js';
import { defaultOrganization, ensureSeeded } from '../../../src/server/admin/accounts.js';
import { jsonBody } from '../../../src/server/lib/kept-answer.js';
import { users } from '../../../src/server/model/org.js';
import { searchSpace } from '../../../src/server/services/search.js';
import { spacesService } from '../../../src/server/services/spaces.js';
import { applyTemplate } from '../../../src/server/services/templates.js';
import { MemoryStore } from '../../../src/store/memory-store.js';

let env: Env;
let org: string;

const ctx = (id: keyof typeof endpoints, on: Env = env): Promise<Ctx> => on.store.read((tx) => makeCtx(on, endpoints[id].access, tx.all(users)[0]));

beforeEach(async () => {
  env = {
    store: new MemoryStore(),
    clock: new FakeClock(new Date('2026-03-01T12:00:00.000Z')),
    ids: randomIds,
    origin: 'http://test',
    translations: 'translation',
  };
  await ensureSeeded(env);
  org = (await env.store.read((tx) => defaultOrganization(tx))) as string;
});

async function spaceWith(template: string): Promise<string> {
  const s = await spacesService.create(await ctx('spaces.create'), org, {});
  await applyTemplate(await ctx('content.template'), s.id, { id: template });
  return s.id;
}

describe('a search asked again', () => {
  it('is answered with the answer given before, frozen and encoded once, on the same revision only', async () => {
    const space = await spaceWith('getting-started');
    const search = async (query: string, on: Env = env) => searchSpace(await ctx('content.search', on), space, { query });
    const first = await search('install');
    expect(first.items[0]?.title).toBe('Quickstart');
    const again = await search('install');
    expect(again).toBe(first);
    expect(Object.isFrozen(first.items[0]?.sections[0])).toBe(true);
    const bytes = jsonBody(first);
    expect(jsonBody(again)).toBe(bytes);
    expect(JSON.parse(bytes.toString())).toEqual(JSON.parse(JSON.stringify(first)));
    // Another query, page size or origin is another answer.
    expect(await search('welcome')).not.toBe(first);
    expect(await searchSpace(await ctx('content.search'), space, { query: 'install', limit: 1 })).not.toBe(first);
    const elsewhere = await search('install', { ...env, origin: 'http://elsewhere' });
    expect(elsewhere).not.toBe(first);
    expect(elsewhere.items[0]?.urls.app).toMatch(/^http:\/\/elsewhere\//);
    // New content is a new revision: the answer is worked out from it.
    const before = await search('changelog');
    await applyTemplate(await ctx('content.template'), space, { id: 'changelog' });
    expect(await search('install')).not.toBe(first);
    const after = await search('changelog');
    expect(after.items.length).toBeGreaterThan(before.items.length);
  });
});
