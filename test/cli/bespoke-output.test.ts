import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';

const tmp = tempDir('gbctl-bespoke-output-');
afterAll(() => tmp.cleanup());
const store = join(tmp.dir, 'store.json');
const gbctl = async (...args: string[]) => {
  const r = await runCli([...args, '--store', store]);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
};

describe('commands that print their own result', () => {
  it('take --json FIELDS and --jq as the catalogue commands do', async () => {
    const space = (await gbctl('spaces', 'create', '--title', 'Docs', '--jq', '.id')).trim();
    expect(Number(await gbctl('store', 'info', '--jq', '.objects'))).toBeGreaterThan(0);
    expect(Object.keys(JSON.parse(await gbctl('store', 'info', '--json', 'path')) as object)).toEqual(['path']);

    const dir = join(tmp.dir, 'out');
    expect((await gbctl('content', 'export', space, dir, '--jq', '.dir')).trim()).toBe(resolve(dir));
    expect(JSON.parse(await gbctl('content', 'export', space, dir, '--json', 'files'))).toEqual({
      files: expect.arrayContaining(['SUMMARY.md', '.gitbook.yaml']) as unknown,
    });
    expect((await gbctl('content', 'push', dir, space, '--jq', '.pushed')).trim()).toBe('false');
    expect((await gbctl('version', '--jq', '.version')).trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect((await gbctl('auth', 'status', '--jq', '.backend.kind')).trim()).toBe('embedded');
  });

  it('refuse --json and --jq where they print no JSON, before doing anything', async () => {
    for (const args of [
      ['store', 'compact', '--json'],
      ['auth', 'token', '--jq', '.'],
      ['store', 'reset', '--yes', '--json'],
    ]) {
      const r = await runCli([...args, '--store', store]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(`${args.slice(0, 2).join(' ')} prints no JSON`);
    }
    expect(Number(await gbctl('store', 'info', '--jq', '.objects'))).toBeGreaterThan(0);
  });

  it('refuse a --jq that does not compile before doing anything', async () => {
    const count = async () => Number(await gbctl('local', 'orgs', 'list', '--jq', 'length'));
    const before = await count();
    const r = await runCli(['local', 'orgs', 'add', '--title', 'Never', '--jq', '.[', '--store', store]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--jq:');
    expect(await count()).toBe(before);
    const dir = join(tmp.dir, 'never');
    const e = await runCli(['content', 'export', 'nospace', dir, '--jq', '.[', '--store', store]);
    expect(e.code).toBe(2);
  });

  it('refuse a --json field their result lacks, listing those it has, before doing anything', async () => {
    const users = async () => Number(await gbctl('local', 'users', 'list', '--jq', 'length'));
    const before = await users();
    const r = await runCli(['local', 'users', 'add', '--name', 'Never', '--json', 'id,nosuch', '--store', store]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown field for --json: nosuch');
    expect(r.stderr).toContain('valid fields: id, displayName');
    expect(await users()).toBe(before);
    for (const args of [['store', 'info'], ['version'], ['profile', 'list'], ['api', 'endpoints']]) {
      const bad = await runCli([...args, '--json', 'nosuch', '--store', store]);
      expect(bad.code, args.join(' ')).toBe(2);
    }
  });

  it('pick the fields named from each item of a list they print', async () => {
    const rows = JSON.parse(await gbctl('api', 'endpoints', '--json', 'id,method')) as object[];
    expect(rows.length).toBeGreaterThan(100);
    expect(Object.keys(rows[0] as object)).toEqual(['id', 'method']);
    expect(JSON.parse(await gbctl('profile', 'list', '--json', 'name,current'))).toEqual([{ name: 'local', current: true }]);
  });
});
