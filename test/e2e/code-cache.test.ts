import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';

// bin/load-cli.js: the built bundle compiled with a V8 code cache kept in the user's cache folder.
const dir = mkdtempSync(join(tmpdir(), 'gbctl-code-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
function cacheHome(): { home: string; files: () => string[] } {
  const home = join(dir, `cache-${++n}`);
  return { home, files: () => readdirSync(join(home, 'gbctl')).sort() };
}
const list = (home: string, fileSizeKiB?: number) => gbctl(home, ['spaces', 'list'], fileSizeKiB);
const gbctl = (home: string, args: string[], fileSizeKiB?: number) =>
  spawnCli(['--store', join(dir, 'store.json'), ...args], {
    env: { XDG_CACHE_HOME: home, GBCTL_NO_CODE_CACHE: undefined },
    ...(fileSizeKiB ? { fileSizeKiB } : {}),
  });
const caches = (files: string[]) => files.filter((f) => /^cli-.*\.v8cache$/.test(f));

describe('the code cache of the built gbctl', () => {
  it('is written by the first run of a command and read by the next, one file for each command of the build', async () => {
    const c = cacheHome();
    expect((await list(c.home)).code).toBe(0);
    const first = c.files();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatch(/^cli-.*\.spaces-list\.v8cache$/);
    expect((await list(c.home)).code).toBe(0);
    expect(c.files()).toEqual(first);
    // Another command compiles other functions: it gets a cache of its own, and the first stays.
    expect((await gbctl(c.home, ['store', 'info'])).code).toBe(0);
    expect(c.files()).toEqual([...first, first[0]!.replace('.spaces-list.', '.store-info.')].sort());
  });

  it('that cannot be written whole (a full disk) leaves no temp file behind, and the command still succeeds', async () => {
    const c = cacheHome();
    const r = await list(c.home, 16);
    expect(r.code, r.stderr).toBe(0);
    expect(c.files()).toEqual([]);
  });

  it('replaces the caches of other builds and the temp files of runs that are gone, not those of a run under way', async () => {
    const c = cacheHome();
    mkdirSync(join(c.home, 'gbctl'), { recursive: true });
    const mine = `cli-old.v8cache.${process.pid}.tmp`;
    for (const f of ['cli-old.spaces-list.v8cache', 'cli-old.v8cache.999999999.tmp', mine, 'unrelated.txt']) writeFileSync(join(c.home, 'gbctl', f), 'x');
    expect((await list(c.home)).code).toBe(0);
    const left = c.files();
    expect(left).toContain(mine);
    expect(left).toContain('unrelated.txt');
    expect(left).not.toContain('cli-old.spaces-list.v8cache');
    expect(left).not.toContain('cli-old.v8cache.999999999.tmp');
    expect(caches(left)).toHaveLength(1);
  });

  it("keeps the build's 16 newest command caches, and the one just written", async () => {
    const c = cacheHome();
    expect((await list(c.home)).code).toBe(0);
    const [written] = c.files();
    const build = written!.replace('.spaces-list.v8cache', '');
    // Twenty older caches of this build, as twenty other commands would have left.
    const old = Array.from({ length: 20 }, (_, i) => `${build}.cmd-${String(i).padStart(2, '0')}.v8cache`);
    for (const [i, f] of old.entries()) {
      writeFileSync(join(c.home, 'gbctl', f), 'x');
      utimesSync(join(c.home, 'gbctl', f), 1_000_000 + i, 1_000_000 + i);
    }
    expect((await gbctl(c.home, ['store', 'info'])).code).toBe(0);
    const left = caches(c.files());
    expect(left).toHaveLength(16);
    expect(left).toContain(`${build}.store-info.v8cache`);
    expect(left).toContain(written);
    // The oldest went first.
    expect(left).not.toContain(old[0]);
    expect(left).toContain(old[19]);
  });
});
