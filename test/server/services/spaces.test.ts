import { beforeEach, describe, expect, it } from 'vitest';
import { endpoints } from '../../../src/contract/index.js';
import { makeCtx, type Ctx, type Env } from '../../../src/server/context.js';
import { DAY_MS, FakeClock, randomIds } from '../../../src/server/env.js';
import { HttpError } from '../../../src/server/http-error.js';
import { users } from '../../../src/server/model/org.js';
import { spaces, type SpaceRecord } from '../../../src/server/model/space.js';
import { defaultOrganization, ensureSeeded } from '../../../src/server/admin/accounts.js';
import { RESTORE_WINDOW_MS, spacesService } from '../../../src/server/services/spaces.js';
import { MemoryStore } from '../../../src/store/memory-store.js';

let env: Env;
let clock: FakeClock;
let org: string;

function ctx(id: keyof typeof endpoints): Promise<Ctx> {
  return env.store.read((tx) => makeCtx(env, endpoints[id].access, tx.all(users)[0]));
}

async function status(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return 200;
  } catch (e) {
    if (e instanceof HttpError) return e.status;
    throw e;
  }
}

beforeEach(async () => {
  clock = new FakeClock(new Date('2026-03-01T12:00:00.000Z'));
  env = { store: new MemoryStore(), clock, ids: randomIds, origin: 'http://test', translations: 'translation' };
  await ensureSeeded(env);
  org = (await env.store.read((tx) => defaultOrganization(tx))) as string;
});

describe('space restore window', () => {
  async function deletedSpace() {
    const s = await spacesService.create(await ctx('spaces.create'), org, {});
    await spacesService.delete(await ctx('spaces.delete'), s.id);
    return s.id;
  }

  it('restores at exactly 7 days', async () => {
    const id = await deletedSpace();
    clock.advance(RESTORE_WINDOW_MS);
    const back = await spacesService.restore(await ctx('spaces.restore'), id);
    expect(back.deletedAt).toBeUndefined();
  });

  it('is gone 1 ms after 7 days', async () => {
    const id = await deletedSpace();
    clock.advance(7 * DAY_MS + 1);
    expect(await status(spacesService.restore(await ctx('spaces.restore'), id))).toBe(404);
    expect(await status(spacesService.get(await ctx('spaces.get'), id))).toBe(404);
  });

  it('sets deletedAt from the clock and hides the space from lists', async () => {
    const id = await deletedSpace();
    const listed = await spacesService.list(await ctx('spaces.list'), org, {});
    expect(listed.items.map((s) => s.id)).not.toContain(id);
    const rec = await env.store.read((tx) => tx.get(spaces, id));
    expect(rec?.deletedAt).toBe('2026-03-01T12:00:00.000Z');
  });

  it('refuses to restore a live space with 409', async () => {
    const s = await spacesService.create(await ctx('spaces.create'), org, { title: 'Live' });
    expect(await status(spacesService.restore(await ctx('spaces.restore'), s.id))).toBe(409);
  });

  it('leaves nothing behind when a write fails half-way', async () => {
    const before = await env.store.read((tx) => tx.count(spaces));
    await expect(
      env.store.write((tx) => {
        tx.put(spaces, { id: 'half' } as SpaceRecord);
        throw new HttpError(400, 'boom');
      }),
    ).rejects.toThrow('boom');
    expect(await env.store.read((tx) => tx.count(spaces))).toBe(before);
  });
});
