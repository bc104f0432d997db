import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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
const list = (home: string, fileSizeKiB?: number) =>
  spawnCli(['spaces', 'list', '--store', join(dir, 'store.json')], {
    env: { XDG_CACHE_HOME: home, GBCTL_NO_CODE_CACHE: undefined },
    ...(fileSizeKiB ? { fileSizeKiB } : {}),
  });

describe('the code cache of the built gbctl', () => {
  it('is written by a first run and read by the next, one file for the build', async () => {
    const c = cacheHome();
    expect((await list(c.home)).code).toBe(0);
    const first = c.files();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatch(/^cli-.*\.v8cache$/);
    expect((await list(c.home)).code).toBe(0);
    expect(c.files()).toEqual(first);
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
    for (const f of ['cli-old.v8cache', 'cli-old.v8cache.999999999.tmp', mine, 'unrelated.txt']) writeFileSync(join(c.home, 'gbctl', f), 'x');
    expect((await list(c.home)).code).toBe(0);
    const left = c.files();
    expect(left).toContain(mine);
    expect(left).toContain('unrelated.txt');
    expect(left).not.toContain('cli-old.v8cache');
    expect(left).not.toContain('cli-old.v8cache.999999999.tmp');
    expect(left.filter((f) => /^cli-.*\.v8cache$/.test(f))).toHaveLength(1);
  });
});
