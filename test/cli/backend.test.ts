import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMAND_COMPACT_BYTES } from '../../src/server/embedded.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

/** A config directory whose current profile points at an endpoint nothing listens on. */
function profileWithEndpoint(name: string): string {
  const dir = join(tmp.dir, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'config.json'),
    JSON.stringify({ currentProfile: 'remote', profiles: { remote: { endpoint: 'http://127.0.0.1:1', token: 'profile-token', organization: 'profile-org' } } }),
    { mode: 0o600 },
  );
  return dir;
}

describe('--data is a request body only', () => {
  it('refuses a bare file name, suggesting --store or @, and creates nothing', async () => {
    const cwd = join(tmp.dir, 'cwd');
    mkdirSync(cwd, { recursive: true });
    const r = await runCli(['spaces', 'create', '--title', 'X', '--data', 'body.json'], { cwd, env: { GBCTL_DATA: join(tmp.dir, 'data.json') } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--data takes a request body');
    expect(r.stderr).toContain('--store body.json');
    expect(r.stderr).toContain('--data @body.json');
    expect(existsSync(join(cwd, 'body.json'))).toBe(false);
    expect(existsSync(join(tmp.dir, 'data.json'))).toBe(false);
  });

  it('still names the store file for serve, local and store (documented alias)', async () => {
    const file = join(tmp.dir, 'alias.json');
    const r = await runCli(['local', 'users', 'list', '--data', file, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(file)).toBe(true);
  });
});

describe('an explicit local store wins over a profile endpoint', () => {
  it('uses --store and GBCTL_DATA even when the current profile has an endpoint', async () => {
    const cfg = profileWithEndpoint('cfg-store');
    const store = join(tmp.dir, 'explicit.json');
    const viaFlag = await runCli(['spaces', 'create', '--title', 'Local', '--json', 'title', '--store', store], { env: { GBCTL_CONFIG_DIR: cfg } });
    expect(viaFlag.code, viaFlag.stderr).toBe(0);
    expect(JSON.parse(viaFlag.stdout)).toEqual({ title: 'Local' });
    const viaEnv = await runCli(['spaces', 'list', '--json', 'title'], { env: { GBCTL_CONFIG_DIR: cfg, GBCTL_DATA: store } });
    expect(viaEnv.code, viaEnv.stderr).toBe(0);
    expect(JSON.parse(viaEnv.stdout)).toEqual([{ title: 'Local' }]);
    expect(readFileSync(join(cfg, 'config.json'), 'utf8')).toContain('profile-token');
  });

  it('refuses --endpoint with --store, and two backends given at the same level', async () => {
    const both = await runCli(['spaces', 'list', '--endpoint', 'http://127.0.0.1:1', '--store', join(tmp.dir, 'x.json')]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('two backends');
    const env = await runCli(['spaces', 'list'], { env: { GITBOOK_ENDPOINT: 'http://127.0.0.1:1', GBCTL_DATA: join(tmp.dir, 'y.json') } });
    expect(env.code).toBe(2);
    expect(existsSync(join(tmp.dir, 'y.json'))).toBe(false);
  });

  it('says which backend a command talks to in auth status and --debug', async () => {
    const cfg = profileWithEndpoint('cfg-status');
    const store = join(tmp.dir, 'status.json');
    const status = await runCli(['auth', 'status', '--json', '--store', store], { env: { GBCTL_CONFIG_DIR: cfg } });
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout).backend).toEqual({ kind: 'embedded', path: store, source: '--store' });
    const debug = await runCli(['spaces', 'list', '--debug', '--store', store], { env: { GBCTL_CONFIG_DIR: cfg } });
    expect(debug.stderr).toContain(`backend: embedded store ${store} (from --store)`);
    const remote = await runCli(['spaces', 'list', '--debug', '--no-retry'], { env: { GBCTL_CONFIG_DIR: cfg } });
    expect(remote.stderr).toMatch(/backend: http:\/\/127\.0\.0\.1:1 \(from profile "remote"/);
  });
});

describe('flags, then environment, then profile, for every setting', () => {
  const cfg = profileWithEndpoint('cfg-order');
  const status = async (args: string[], env: Record<string, string>) => {
    const r = await runCli(['auth', 'status', '--json', '--no-retry', ...args], { env: { GBCTL_CONFIG_DIR: cfg, ...env } });
    return JSON.parse(r.stdout) as { backend: { kind: string; endpoint?: string; source: string }; token: { source: string } };
  };

  it('endpoint', async () => {
    expect((await status([], {})).backend).toMatchObject({ endpoint: 'http://127.0.0.1:1', source: expect.stringContaining('profile') });
    expect((await status([], { GITBOOK_ENDPOINT: 'http://127.0.0.1:2' })).backend).toMatchObject({
      endpoint: 'http://127.0.0.1:2',
      source: 'GITBOOK_ENDPOINT',
    });
    expect((await status(['--endpoint', 'http://127.0.0.1:3'], { GITBOOK_ENDPOINT: 'http://127.0.0.1:2' })).backend).toMatchObject({
      endpoint: 'http://127.0.0.1:3',
      source: '--endpoint',
    });
  });

  it('token', async () => {
    expect((await status([], {})).token.source).toContain('profile');
    expect((await status([], { GITBOOK_TOKEN: 't-env' })).token.source).toBe('GITBOOK_TOKEN');
    expect((await status(['--token', 't-flag'], { GITBOOK_TOKEN: 't-env' })).token.source).toBe('--token');
  });

  it('organization', async () => {
    const org = async (args: string[], env: Record<string, string>) => {
      const r = await runCli(['spaces', 'create', '--title', 'x', '--dry-run', ...args], { env: { GBCTL_CONFIG_DIR: cfg, ...env } });
      return r.stdout;
    };
    expect(await org([], {})).toContain('/orgs/profile-org/');
    expect(await org([], { GITBOOK_ORGANIZATION: 'env-org' })).toContain('/orgs/env-org/');
    expect(await org(['--org', 'flag-org'], { GITBOOK_ORGANIZATION: 'env-org' })).toContain('/orgs/flag-org/');
  });

  it('profile', async () => {
    const dir = join(tmp.dir, 'cfg-profiles');
    mkdirSync(dir, { recursive: true });
    const at = (port: number) => ({ endpoint: `http://127.0.0.1:${port}`, token: 't' });
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ currentProfile: 'saved', profiles: { saved: at(11), env: at(12), flag: at(13) } }), {
      mode: 0o600,
    });
    const endpoint = async (args: string[], env: Record<string, string>) => {
      const r = await runCli(['auth', 'status', '--json', '--no-retry', ...args], { env: { GBCTL_CONFIG_DIR: dir, ...env } });
      return (JSON.parse(r.stdout) as { profile: string }).profile;
    };
    expect(await endpoint([], {})).toBe('saved');
    expect(await endpoint([], { GBCTL_PROFILE: 'env' })).toBe('env');
    expect(await endpoint(['--profile', 'flag'], { GBCTL_PROFILE: 'env' })).toBe('flag');
  });

  it('store', async () => {
    const a = join(tmp.dir, 'order-a.json');
    const b = join(tmp.dir, 'order-b.json');
    expect((await status(['--store', a], { GBCTL_DATA: b })).backend).toMatchObject({ kind: 'embedded', path: a, source: '--store' });
    expect((await status([], { GBCTL_DATA: b })).backend).toMatchObject({ kind: 'embedded', path: b, source: 'GBCTL_DATA' });
  });
});

describe('the embedded store between commands', () => {
  it('is compacted once its journal passes COMMAND_COMPACT_BYTES, which every command would replay as it opens', async () => {
    const store = join(tmp.dir, 'journal.json');
    const folder = join(tmp.dir, 'journal-folder');
    mkdirSync(folder, { recursive: true });
    const pages = Array.from({ length: 120 }, (_, i) => `p${i}`);
    writeFileSync(join(folder, 'SUMMARY.md'), `# Summary\n\n${pages.map((p) => `* [${p}](${p}.md)`).join('\n')}\n`);
    for (const p of pages) writeFileSync(join(folder, `${p}.md`), `# ${p}\n\n${`${p} text `.repeat(400)}\n`);
    const space = (await runCli(['--store', store, 'spaces', 'create', '--title', 'Journal', '--json', 'id', '--jq', '.id'])).stdout.trim();
    const pushed = await runCli(['--store', store, 'content', 'push', folder, space, '--direct', '--yes']);
    expect(pushed.code, pushed.stderr).toBe(0);
    // About 450 KiB were written: well past 256 KiB, well short of the store's own 4 MiB.
    expect(statSync(store).size).toBeGreaterThan(256 * 1024);
    expect(statSync(`${store}.journal`).size).toBeLessThan(COMMAND_COMPACT_BYTES);
    const listed = await runCli(['--store', store, 'pages', 'list', space, '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as { pages: unknown[] }).pages.length).toBeGreaterThan(100);
  });
});
