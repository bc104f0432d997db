import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { spawnServe, tempDir, type ServeProcess } from '../helpers/server.js';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

/** The same flow, embedded or over HTTP: create → list → delete (refused without --yes) → restore. */
async function flow(run: (args: string[]) => ReturnType<typeof runCli>) {
  const created = await run(['spaces', 'create', '--title', 'Flow space', '--emoji', '📘', '--json']);
  expect(created.code, created.stderr).toBe(0);
  expect(created.stderr).toBe('');
  const space = JSON.parse(created.stdout) as { id: string; title: string };
  expect(space.title).toBe('Flow space');

  const listed = await run(['spaces', 'list']);
  expect(listed.code).toBe(0);
  const row = listed.stdout.split('\n').find((l) => l.startsWith(space.id));
  expect(row?.split('\t')).toEqual([space.id, 'Flow space', 'private', expect.stringMatching(/^\d{4}-\d\d-\d\dT/)]);

  const refused = await run(['spaces', 'delete', space.id]);
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain('--yes');
  expect((await run(['spaces', 'get', space.id])).code).toBe(0);

  const deleted = await run(['spaces', 'delete', space.id, '--yes']);
  expect(deleted.code, deleted.stderr).toBe(0);
  expect(deleted.stdout).toBe('');
  const gone = await run(['spaces', 'get', space.id]);
  expect(gone.code).toBe(5);
  expect(gone.stderr).toMatch(/not found/);
  expect(gone.stdout).toBe('');

  const restored = await run(['spaces', 'restore', space.id, '--json', 'id,title']);
  expect(restored.code, restored.stderr).toBe(0);
  expect(JSON.parse(restored.stdout)).toEqual({ id: space.id, title: 'Flow space' });
  const again = await run(['spaces', 'restore', space.id]);
  expect(again.code).toBe(6);
  expect(again.stderr).toContain('not deleted');
}

describe('CLI, embedded (no endpoint configured)', () => {
  const data = join(tmp.dir, 'embedded.json');
  const run = (args: string[]) => runCli(['--store', data, ...args]);

  it('runs the create → list → delete → restore flow', () => flow(run));

  it('prints nothing and exits 0 for an empty list', async () => {
    const fresh = join(tmp.dir, 'fresh.json');
    const r = await runCli(['collections', 'list', '--store', fresh]);
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('uses GBCTL_DATA when no --data is given', async () => {
    const file = join(tmp.dir, 'env.json');
    const made = await runCli(['spaces', 'create', '--title', 'Via env', '--json', 'id'], { env: { GBCTL_DATA: file } });
    expect(made.code).toBe(0);
    const listed = await runCli(['spaces', 'list', '--json', 'title'], { env: { GBCTL_DATA: file } });
    expect(JSON.parse(listed.stdout)).toEqual([{ title: 'Via env' }]);
  });

  it('rejects bad input with exit 2 and stores nothing', async () => {
    const r = await run(['spaces', 'create', '--title', 'x'.repeat(51)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('title');
    const e = await run(['spaces', 'update', 'abc', '--edit-mode', 'frozen']);
    expect(e.code).toBe(2);
    expect(e.stderr).toMatch(/Allowed choices are live, locked/);
    const unknownField = await run(['spaces', 'list', '--json', 'id,nope']);
    expect(unknownField.code).toBe(2);
    expect(unknownField.stderr).toContain('nope');
  });

  it('reports --json errors as JSON on stderr', async () => {
    const r = await run(['spaces', 'get', 'missing', '--json']);
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
    expect(JSON.parse(r.stderr)).toMatchObject({ error: { code: 5, status: 404, message: expect.stringContaining('not found') } });
  });

  it('refuses a store file that is not a gbctl store, leaving it untouched', async () => {
    const { writeFileSync, readFileSync } = await import('node:fs');
    const bad = join(tmp.dir, 'not-a-store.json');
    writeFileSync(bad, '{"hello": 1}');
    const r = await runCli(['spaces', 'list', '--store', bad]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('not a gbctl store');
    expect(readFileSync(bad, 'utf8')).toBe('{"hello": 1}');
  });
});

describe('CLI against gbctl serve', () => {
  let srv: ServeProcess;
  beforeAll(async () => {
    srv = await spawnServe(join(tmp.dir, 'served.json'));
  });
  afterAll(async () => {
    expect(await srv.stop()).toBe(0);
  });
  const env = () => ({ GITBOOK_ENDPOINT: srv.url, GITBOOK_TOKEN: srv.token });
  const run = (args: string[]) => runCli(args, { env: env() });

  it('prints one listening line on stdout and binds loopback', () => {
    expect(srv.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('runs the create → list → delete → restore flow', () => flow((args) => runCli([...args, '--org', srv.org], { env: env() })));

  it('fails with exit 4 and a hint on a bad token', async () => {
    const r = await runCli(['spaces', 'list', '--org', srv.org], { env: { GITBOOK_ENDPOINT: srv.url, GITBOOK_TOKEN: 'bad' } });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('from GITBOOK_TOKEN');
    expect(r.stderr).toContain('auth login');
    const flag = await runCli(['spaces', 'list', '--org', srv.org, '--token', 'bad'], { env: { GITBOOK_ENDPOINT: srv.url } });
    expect(flag.stderr).toContain('from --token');
  });

  it('names the endpoint when it cannot connect (exit 8)', async () => {
    const r = await runCli(['spaces', 'get', 'x'], { env: { GITBOOK_ENDPOINT: 'http://127.0.0.1:1', GITBOOK_TOKEN: 't' } });
    expect(r.code).toBe(8);
    expect(r.stderr).toContain('127.0.0.1:1');
  });

  it("uses the token's user's only organization when talking HTTP without --org (several: see sole-organization.test.ts)", async () => {
    const r = await run(['spaces', 'list']);
    expect(r.code, r.stderr).toBe(0);
  });
});

describe('gbctl api endpoints', () => {
  it('lists the catalogue as {id, method, path, command, origin}', async () => {
    const r = await runCli(['api', 'endpoints', '--json']);
    const rows = JSON.parse(r.stdout) as { id: string; method: string; path: string; command: string }[];
    expect(rows.find((x) => x.id === 'spaces.restore')).toEqual({
      id: 'spaces.restore',
      method: 'POST',
      path: '/v1/spaces/{spaceId}/restore',
      command: 'gbctl spaces restore',
      origin: 'platform',
    });
    for (const row of rows) expect(row.command).toMatch(/^gbctl [a-z-]+ [a-z-]+/);
    const text = await runCli(['api', 'endpoints'], { tty: true });
    expect(text.stdout).toMatch(/^POST\s+\/v1\/spaces\/\{spaceId\}\/restore\s+gbctl spaces restore\s+platform$/m);
    // Piped: every field of every row, tab-separated, none padded.
    const piped = await runCli(['api', 'endpoints']);
    expect(piped.stdout).toContain('\nspaces.restore\tPOST\t/v1/spaces/{spaceId}/restore\tgbctl spaces restore\tplatform\t\n');
    expect(
      piped.stdout
        .split('\n')
        .filter(Boolean)
        .every((l) => l.split('\t').length === 6 && !/ {2}/.test(l)),
    ).toBe(true);
  });
});
