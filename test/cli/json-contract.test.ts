import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';

const tmp = tempDir();
const store = join(tmp.dir, 'store.json');
const gb = (args: string[], opts: { tty?: boolean } = {}) => runCli(['--store', store, ...args], opts);
let top: string;
let collection: string;

beforeAll(async () => {
  top = JSON.parse((await gb(['spaces', 'create', '--title', 'Top', '--json', 'id'])).stdout).id;
  collection = JSON.parse((await gb(['collections', 'create', '--title', 'C', '--json', 'id'])).stdout).id;
  for (let i = 0; i < 4; i++) await gb(['spaces', 'create', '--title', `S${i}`]);
});
afterAll(() => tmp.cleanup());

describe('--json fields come from the response schema', () => {
  it('accepts any documented field, printing an absent one as null', async () => {
    const r = await gb(['spaces', 'get', top, '--json', 'id,parent']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ id: top, parent: null });
    const c = await gb(['collections', 'get', collection, '--json', 'description']);
    expect(c.code, c.stderr).toBe(0);
    expect(JSON.parse(c.stdout)).toEqual({ description: null });
  });

  it('refuses an unknown field before anything is written, listing the valid ones', async () => {
    const before = readFileSync(store);
    const r = await gb(['spaces', 'create', '--title', 'Never', '--json', 'nope']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown field for --json: nope');
    expect(r.stderr).toMatch(/valid fields: .*visibility/);
    expect(readFileSync(store).equals(before)).toBe(true);
    for (const args of [
      ['spaces', 'restore', top, '--json', 'nope'],
      ['spaces', 'move', top, '--json', 'nope'],
    ]) {
      expect((await gb(args)).code).toBe(2);
      expect(readFileSync(store).equals(before)).toBe(true);
    }
  });

  it('refuses a --jq syntax error before anything is written', async () => {
    const before = readFileSync(store);
    const r = await gb(['spaces', 'create', '--title', 'Never', '--jq', '.id |']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--jq');
    expect(readFileSync(store).equals(before)).toBe(true);
  });

  it('lists the fields for a bare --json on a terminal, sending nothing', async () => {
    const before = readFileSync(store);
    const r = await gb(['spaces', 'create', '--title', 'Never', '--json'], { tty: true });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Fields for --json');
    expect(r.stdout).toMatch(/^ {2}title$/m);
    expect(readFileSync(store).equals(before)).toBe(true);
  });
});

describe('one JSON shape per list command', () => {
  it('prints an array of items whatever the paging flags', async () => {
    for (const flags of [['--json'], ['--json', 'id'], ['--all', '--json'], ['--limit', '2', '--json'], ['--format', 'json'], ['--page-size', '2', '--json']]) {
      const r = await gb(['spaces', 'list', ...flags]);
      expect(r.code, `${flags.join(' ')}: ${r.stderr}`).toBe(0);
      expect(Array.isArray(JSON.parse(r.stdout)), flags.join(' ')).toBe(true);
    }
    const first = await gb(['spaces', 'list', '--jq', '.[0].title']);
    expect(first.stdout.trim()).not.toBe('null');
  });

  it('says the next page token on stderr when more pages remain', async () => {
    const page = await gb(['spaces', 'list', '--page-size', '2', '--json', 'id']);
    expect(JSON.parse(page.stdout)).toHaveLength(2);
    const token = /--page (\S+)/.exec(page.stderr)?.[1] as string;
    expect(token).toBeTruthy();
    const next = await gb(['spaces', 'list', '--page-size', '2', '--page', token, '--json', 'id']);
    expect(JSON.parse(next.stdout)).toHaveLength(2);
    const all = await gb(['spaces', 'list', '--all', '--json', 'id']);
    expect(all.stderr).toBe('');
    expect(JSON.parse(all.stdout)).toHaveLength(5);
  });
});
