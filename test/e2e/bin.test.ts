import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';

// The built binary, spawned as a user runs it: the shim, the bundle and its code cache, the
// build's manifest and help. The other CLI tests run the same code in process, from source.
const dir = mkdtempSync(join(tmpdir(), 'gbctl-e2e-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the built gbctl', () => {
  it('answers --version and --help from the build', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    const v = await spawnCli(['--version']);
    expect(v.code).toBe(0);
    expect(v.stdout.trim()).toBe(version);
    const h = await spawnCli(['--help']);
    expect(h.code).toBe(0);
    expect(h.stdout).toMatch(/spaces/);
    expect(h.stdout).toMatch(/serve/);
  });

  it('creates, lists and reads a space on the embedded store', async () => {
    const store = join(dir, 'store.json');
    const created = await spawnCli(['spaces', 'create', '--title', 'E2E', '--json', 'id', '--store', store]);
    expect(created.code, created.stderr).toBe(0);
    const { id } = JSON.parse(created.stdout) as { id: string };
    const listed = await spawnCli(['spaces', 'list', '--store', store]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(id);
    const got = await spawnCli(['spaces', 'get', id, '--json', 'title', '--store', store]);
    expect(JSON.parse(got.stdout)).toEqual({ title: 'E2E' });
  });

  it('exits 2 on a usage error, with the message on stderr', async () => {
    const r = await spawnCli(['spaces', 'get']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/spaceId|argument/i);
  });

  // The bundle keeps only zod's English locale (tsup.config.ts): its schema errors are worded in English.
  it('words a schema failure in English', async () => {
    const bad = join(dir, 'bad-store.json');
    writeFileSync(bad, JSON.stringify({ format: 'gbctl-store', version: 2, tables: { spaces: [{ id: 5 }] } }));
    const r = await spawnCli(['store', 'import', bad, '--store', join(dir, 'import.json')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('tables.spaces.0.id: Invalid input: expected string, received number');
  });
});
