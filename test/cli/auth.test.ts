import { chmodSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tsvRecordOf } from '../helpers/tsv.js';
import { spawnServe, tempDir, type ServeProcess } from '../helpers/server.js';

const tmp = tempDir();
const cfg = join(tmp.dir, 'config');
let srv: ServeProcess;
beforeAll(async () => {
  srv = await spawnServe(join(tmp.dir, 'served.json'));
});
afterAll(async () => {
  await srv.stop();
  tmp.cleanup();
});

const gb = (args: string[], env: Record<string, string | undefined> = {}, input?: string, tty = false) =>
  runCli(args, { env: { GBCTL_CONFIG_DIR: cfg, ...env }, tty, ...(input !== undefined ? { input } : {}) });
/** As a person at a terminal sees it: the layout for people, not the tab-separated fields a pipe gets. */
const onTerminal = (args: string[], env: Record<string, string | undefined> = {}) => gb(args, env, undefined, true);

describe('auth and profiles', () => {
  it('refuses a token the server does not accept, saving nothing', async () => {
    const r = await gb(['auth', 'login', '--with-token', '--endpoint', srv.url, '--profile', 'ci'], {}, 'not-a-token\n');
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('nothing was saved');
    expect((await gb(['profile', 'list', '--json'])).stdout).not.toContain('"ci"');
  });

  it('auth status with a refused token says so as JSON with the HTTP status of the answer', async () => {
    const r = await gb(['auth', 'status', '--json', '--endpoint', srv.url, '--token', 'not-a-token']);
    expect(r.code).toBe(4);
    expect(JSON.parse(r.stderr).error).toMatchObject({ code: 4, status: 401, message: expect.stringContaining('the token does not work') });
  });

  it('logs in from stdin, checks the token, and stores it with mode 0600', async () => {
    const r = await gb(['auth', 'login', '--with-token', '--endpoint', srv.url, '--profile', 'ci', '--org', srv.org], {}, `${srv.token}\n`);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('Logged in');
    const file = join(cfg, 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ profiles: { ci: { endpoint: srv.url, token: srv.token, organization: srv.org } } });
    // Naming a profile saves it; only --use makes it the current one.
    expect(JSON.parse(readFileSync(file, 'utf8')).currentProfile).toBeUndefined();
    expect(r.stderr).toContain('not the current profile, which stays "local"');
    expect(JSON.parse((await gb(['auth', 'status', '--json'])).stdout)).toMatchObject({ profile: 'local', mode: 'embedded' });
    const used = await gb(['auth', 'login', '--with-token', '--endpoint', srv.url, '--profile', 'ci', '--org', srv.org, '--use'], {}, `${srv.token}\n`);
    expect(used.code, used.stderr).toBe(0);
    expect(used.stderr).toContain('the current profile');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ currentProfile: 'ci' });
  });

  it('uses the saved profile with no flags or environment', async () => {
    const created = await gb(['spaces', 'create', '--title', 'Via profile', '--json', 'title']);
    expect(created.code, created.stderr).toBe(0);
    const status = await gb(['auth', 'status', '--json']);
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({
      profile: 'ci',
      mode: 'http',
      endpoint: srv.url,
      organization: srv.org,
      user: { displayName: 'Local Admin' },
      token: { storedIn: join(cfg, 'config.json') },
    });
    const text = await onTerminal(['auth', 'status']);
    expect(text.stdout).toMatch(/stored in the file .*config\.json \(mode 0600\)/);
    const piped = await gb(['auth', 'status']);
    expect(piped.stdout).toContain(`profile\tci\nmode\thttp\nendpoint\t${srv.url}\n`);
    const fields = tsvRecordOf(piped.stdout);
    expect(JSON.parse(fields.token as string)).toMatchObject({ storedIn: join(cfg, 'config.json') });
    expect((await gb(['auth', 'token'])).stdout).toBe(`${srv.token}\n`);
  });

  it("says the config file's mode as it is, and warns when others can read the token", async () => {
    const file = join(cfg, 'config.json');
    chmodSync(file, 0o644);
    try {
      const text = await onTerminal(['auth', 'status']);
      expect(text.stdout).toMatch(/stored in the file .*config\.json \(mode 0644\)/);
      expect(text.stderr).toContain(`warning: ${file} holds a token and can be read by other users (mode 0644); run: chmod 600 ${file}`);
    } finally {
      chmodSync(file, 0o600);
    }
  });

  it('resolves flags over environment over profile, and warns when the environment shadows the profile', async () => {
    const shadow = await onTerminal(['auth', 'status'], { GITBOOK_TOKEN: 'env-token' });
    expect(shadow.code).toBe(4);
    expect(shadow.stderr).toContain('warning: GITBOOK_TOKEN is set and overrides the value in profile "ci"');
    expect(shadow.stdout).toContain('token from:    GITBOOK_TOKEN');
    const flagWins = await onTerminal(['auth', 'status', '--token', srv.token], { GITBOOK_TOKEN: 'env-token' });
    expect(flagWins.code, flagWins.stderr).toBe(0);
    expect(flagWins.stdout).toContain('token from:    --token');
    const envEndpoint = await gb(['spaces', 'list', '--no-retry'], { GITBOOK_ENDPOINT: 'http://127.0.0.1:1' });
    expect(envEndpoint.code).toBe(8);
    expect(envEndpoint.stderr).toContain('127.0.0.1:1');
    const flagEndpoint = await gb(['spaces', 'list', '--endpoint', srv.url, '--json', 'title'], { GITBOOK_ENDPOINT: 'http://127.0.0.1:1' });
    expect(flagEndpoint.code, flagEndpoint.stderr).toBe(0);
    const envOrg = await gb(['spaces', 'list'], { GITBOOK_ORGANIZATION: 'someone-else' });
    expect(envOrg.code).toBe(5);
  });

  it('switches, sets, logs out of and deletes profiles; local is built in', async () => {
    expect((await gb(['profile', 'use', 'nope'])).code).toBe(1);
    expect((await gb(['profile', 'use', 'local'])).code).toBe(0);
    const local = await gb(['spaces', 'list', '--store', join(tmp.dir, 'local.json'), '--json', 'title']);
    expect(JSON.parse(local.stdout)).toEqual([]);
    // The local profile keeps defaults for the embedded store, never an endpoint.
    expect((await gb(['profile', 'set', 'endpoint', 'http://127.0.0.1:1'])).code).toBe(2);
    expect((await gb(['profile', 'set', 'site', 'LOCALSITE'])).code).toBe(0);
    const withSite = JSON.parse((await gb(['profile', 'list', '--json'])).stdout) as { name: string; site?: string }[];
    expect(withSite.find((p) => p.name === 'local')?.site).toBe('LOCALSITE');
    expect((await gb(['profile', 'set', 'site', ''])).code).toBe(0);
    expect((await gb(['profile', 'set', 'colour', 'x', '--profile', 'ci'])).code).toBe(2);
    expect((await gb(['profile', 'set', 'site', 'SITE1', '--profile', 'ci'])).code).toBe(0);
    const list = JSON.parse((await gb(['profile', 'list', '--json'])).stdout) as { name: string; current: boolean; hasToken: boolean; site?: string }[];
    expect(list).toEqual([
      { name: 'local', endpoint: '(embedded store)', current: true, hasToken: false },
      expect.objectContaining({ name: 'ci', current: false, hasToken: true, site: 'SITE1' }),
    ]);
    expect((await gb(['auth', 'logout', '--profile', 'ci'])).code).toBe(0);
    const noToken = await gb(['auth', 'token', '--profile', 'ci']);
    expect(noToken.code).toBe(4);
    expect((await gb(['profile', 'delete', 'ci'], { CI: 'true' })).code).toBe(2);
    expect((await gb(['profile', 'delete', 'ci', '--yes'])).code).toBe(0);
    expect((await gb(['profile', 'delete', 'local', '--yes'])).code).toBe(2);
    expect((await gb(['profile', 'delete', 'nosuch', '--yes'])).code).toBe(5);
  });

  it("takes the profile's site when a site command leaves its site argument out", async () => {
    const env = { GITBOOK_TOKEN: srv.token };
    const base = ['--endpoint', srv.url, '--org', srv.org];
    const missing = await gb(['sites', 'get', '--profile', 'site-default', ...base], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("missing required argument 'site'");
    expect(missing.stderr).toContain('gbctl profile set site');
    const space = JSON.parse((await gb(['spaces', 'create', '--title', 'For a site', '--json', 'id', ...base], env)).stdout) as { id: string };
    const site = JSON.parse((await gb(['sites', 'create', '--title', 'Default site', '--spaces', space.id, '--json', 'id', ...base], env)).stdout) as {
      id: string;
    };
    expect((await gb(['profile', 'set', 'site', site.id, '--profile', 'site-default'])).code).toBe(0);
    const got = await gb(['sites', 'get', '--profile', 'site-default', '--json', 'id,title', ...base], env);
    expect(got.code, got.stderr).toBe(0);
    expect(JSON.parse(got.stdout)).toEqual({ id: site.id, title: 'Default site' });
    const sections = await gb(['sections', 'list', '--profile', 'site-default', '--json', 'id', ...base], env);
    expect(sections.code, sections.stderr).toBe(0);
    // An explicit site wins over the profile's, and a command still needs its other arguments.
    const other = await gb(['sites', 'get', 'nosuchsite', '--profile', 'site-default', ...base], env);
    expect(other.code).toBe(5);
    const noSection = await gb(['sections', 'update', '--profile', 'site-default', ...base], env);
    expect(noSection.code).toBe(2);
    expect(noSection.stderr).toContain("missing required argument 'section'");
    expect((await gb(['profile', 'delete', 'site-default', '--yes'])).code).toBe(0);
  });

  it('never needs a prompt without a terminal', async () => {
    const r = await gb(['auth', 'login']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--with-token');
  });
});
