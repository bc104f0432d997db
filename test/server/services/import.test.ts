import { beforeEach, describe, expect, it } from 'vitest';
import { endpoints } from '../../../src/contract/index.js';
import { makeCtx, type Ctx, type Env } from '../../../src/server/context.js';
import { FakeClock, randomIds } from '../../../src/server/env.js';
import { users } from '../../../src/server/model/org.js';
import { flattenPages } from '../../../src/lib/page-tree.js';
import { getRevision } from '../../../src/server/model/revision-store.js';
import { spaces } from '../../../src/server/model/space.js';
import { defaultOrganization, ensureSeeded } from '../../../src/server/admin/accounts.js';
import { inMemory, type Entry } from '../../../src/lib/import-source.js';
import { TargetMemo } from '../../../src/lib/gitsync/targets.js';
import { readGitSyncSource, storeImport } from '../../../src/server/services/import.js';
import { spacesService } from '../../../src/server/services/spaces.js';
import { MemoryStore } from '../../../src/store/memory-store.js';
import { FOLDER } from '../../helpers/sync-folder.js';

let env: Env;
let clock: FakeClock;
let space: string;

const ctx = (id: keyof typeof endpoints): Promise<Ctx> => env.store.read((tx) => makeCtx(env, endpoints[id].access, tx.all(users)[0]));
const bytes = (data: string | Buffer) => new Uint8Array(typeof data === 'string' ? Buffer.from(data) : data);

/** The fixture folder as entries; `over` replaces files (new arrays, as a re-read of a changed file gives). */
function entries(over: Record<string, string> = {}, from?: Entry[]): Entry[] {
  const kept = new Map((from ?? []).map((e) => [e.path, e]));
  return Object.entries({ ...FOLDER, ...over }).map(
    ([path, data]) => (over[path] === undefined && kept.get(path)) || { path, size: bytes(data).length, bytes: bytes(data) },
  );
}

async function current() {
  return env.store.read((tx) => getRevision(tx, tx.get(spaces, space)?.revision as string));
}

beforeEach(async () => {
  clock = new FakeClock(new Date('2026-03-01T12:00:00.000Z'));
  env = { store: new MemoryStore(), clock, ids: randomIds, origin: 'http://test', translations: 'translation' };
  await ensureSeeded(env);
  const org = (await env.store.read((tx) => defaultOrganization(tx))) as string;
  space = (await spacesService.create(await ctx('spaces.create'), org, { title: 'Docs' })).id;
});

describe('storing a folder read again', () => {
  it('makes a revision only when something changed, and changes only the pages and files that did', async () => {
    const memo = new TargetMemo();
    const c = await ctx('content.import');
    const first = entries();
    const r1 = await storeImport(c, space, undefined, await readGitSyncSource(inMemory(first), 'folder', { memo }), 'first', memo);
    const rev1 = await current();
    expect(rev1?.id).toBe(r1.revision);
    expect(flattenPages(rev1?.pages ?? []).map((f) => f.page.title)).toContain('Quick start');

    clock.advance(60_000);
    const same = await storeImport(c, space, undefined, await readGitSyncSource(inMemory(entries({}, first)), 'folder', { memo }), 'again', memo);
    expect(same.revision).toBe(r1.revision);

    clock.advance(60_000);
    const edited = entries({ 'faq.md': '# FAQ\n\n## Why\n\nBecause it changed.\n' }, first);
    const r2 = await storeImport(c, space, undefined, await readGitSyncSource(inMemory(edited), 'folder', { memo }), 'edit', memo);
    expect(r2.revision).not.toBe(r1.revision);
    const rev2 = await current();
    const byTitle = (rev: typeof rev1) => new Map(flattenPages(rev?.pages ?? []).map((f) => [f.page.title, f.page]));
    const [before, after] = [byTitle(rev1), byTitle(rev2)];
    expect(after.get('FAQ')?.markdown).toContain('Because it changed.');
    expect(after.get('FAQ')?.updatedAt).toBe('2026-03-01T12:02:00.000Z');
    expect(after.get('FAQ')?.id).toBe(before.get('FAQ')?.id);
    for (const [title, p] of after) if (title !== 'FAQ') expect(p.updatedAt, title).toBe(before.get(title)?.updatedAt);
    expect(rev2?.files).toEqual(rev1?.files);
  });

  it('stores a file again when its bytes changed, and only then', async () => {
    const memo = new TargetMemo();
    const c = await ctx('content.import');
    const first = entries();
    await storeImport(c, space, undefined, await readGitSyncSource(inMemory(first), 'folder', { memo }), 'first', memo);
    const logo = (await current())?.files.find((f) => f.name === 'logo.png');
    // The same bytes in a new array (a file touched but not changed) keep the blob.
    const touched = entries({}, first).map((e) => (e.path === '.gitbook/assets/logo.png' ? { ...e, bytes: new Uint8Array(e.bytes as Uint8Array) } : e));
    const same = await storeImport(c, space, undefined, await readGitSyncSource(inMemory(touched), 'folder', { memo }), 'touch', memo);
    expect(same.revision).toBe((await current())?.id);
    expect((await current())?.files.find((f) => f.name === 'logo.png')).toEqual(logo);
    const redrawn = touched.map((e) => (e.path === '.gitbook/assets/logo.png' ? { path: e.path, size: 3, bytes: bytes('png') } : e));
    await storeImport(c, space, undefined, await readGitSyncSource(inMemory(redrawn), 'folder', { memo }), 'redraw', memo);
    const now = (await current())?.files.find((f) => f.name === 'logo.png');
    expect(now?.id).toBe(logo?.id);
    expect(now?.blob).not.toBe(logo?.blob);
    expect(now?.size).toBe(3);
  });
});
