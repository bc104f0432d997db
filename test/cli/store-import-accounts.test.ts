import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';

type Row = Record<string, unknown> & { id: string };
interface Doc {
  format: string;
  version: number;
  tables: Record<string, Row[]>;
}

const tmp = tempDir('gbctl-import-accounts-');
afterAll(() => tmp.cleanup());

describe('store import refuses accounts that do not hold together, naming the first problem', () => {
  let good: Doc;
  const store = join(tmp.dir, 'store.json');

  beforeAll(async () => {
    const src = join(tmp.dir, 'src.json');
    expect((await runCli(['local', 'users', 'add', '--name', 'Ada', '--store', src])).code).toBe(0);
    expect((await runCli(['local', 'token', '--store', src])).code).toBe(0);
    good = JSON.parse((await runCli(['store', 'export', '-', '--store', src])).stdout) as Doc;
  });

  const edited = (edit: (d: Doc) => void): string => {
    const d = structuredClone(good);
    edit(d);
    const file = join(tmp.dir, `edit-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, JSON.stringify(d));
    return file;
  };
  const firstUser = (d: Doc) => (d.tables.users as Row[])[0] as Row;

  const cases: [string, (d: Doc) => void, RegExp][] = [
    ['a role that does not exist', (d) => (((d.tables.memberships as Row[])[0] as Row).role = 'superadmin'), /role "superadmin" is not one of/],
    [
      'a membership of a user that does not exist',
      (d) => (d.tables.users = (d.tables.users as Row[]).filter((u) => u.email !== 'admin@localhost')),
      /user "[^"]+" does not exist/,
    ],
    [
      'a token of a user that does not exist',
      (d) => (((d.tables.tokens as Row[])[0] as Row).user = 'nobody'),
      /tables\.tokens record .*: user "nobody" does not exist/,
    ],
    [
      'a default organization that does not exist',
      (d) => (((d.tables.meta as Row[]).find((m) => m.id === 'defaultOrganization') as Row).value = 'gone'),
      /"defaultOrganization": organization "gone" does not exist/,
    ],
    ['no admin', (d) => (d.tables.meta = (d.tables.meta as Row[]).filter((m) => m.id !== 'localUser')), /has no "localUser"/],
  ];
  for (const [what, edit, message] of cases) {
    it(`refuses ${what}, changing nothing`, async () => {
      expect(firstUser(good)).toBeDefined();
      const file = edited(edit);
      const r = await runCli(['store', 'import', file, '--store', store, '--no-check', '--yes']);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).toContain('nothing was changed');
    });
  }

  it('accepts the export as it is', async () => {
    const file = edited(() => undefined);
    const r = await runCli(['store', 'import', file, '--store', store, '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(store, 'utf8')).toContain('"localUser"');
  });
});
