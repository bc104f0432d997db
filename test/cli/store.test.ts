import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tsvRecordOf } from '../helpers/tsv.js';
import { tempDir } from '../helpers/server.js';
import { PNG, writeTree } from '../helpers/sync-folder.js';

const tmp = tempDir('gbctl-store-cli-');
afterAll(() => tmp.cleanup());
let n = 0;
const fresh = () => join(tmp.dir, `cli${++n}.json`);
const snapshotOf = (path: string) => [path, `${path}.journal`].map((p) => `${readFileSync(p, 'utf8')}@${statSync(p).mtimeMs}`);

async function withSpaces(titles: string[]): Promise<string> {
  const path = fresh();
  for (const title of titles) {
    const r = await runCli(['spaces', 'create', '--title', title, '--store', path]);
    expect(r.code, r.stderr).toBe(0);
  }
  return path;
}

const titles = async (path: string) => {
  const r = await runCli(['spaces', 'list', '--store', path, '--json', 'title']);
  expect(r.code, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as { title: string }[]).map((s) => s.title);
};

describe('gbctl store', () => {
  it('info shows path, format version, object counts, sizes and journal length', async () => {
    const path = await withSpaces(['One']);
    const r = await runCli(['store', 'info', '--store', path], { tty: true });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`path\t${path}\n`);
    expect(r.stdout).toContain('format\tversion 3\n');
    expect(r.stdout).toMatch(/\n {2}spaces\t1\n/);
    expect(r.stdout).toMatch(/journal\t2 records, /);
    const piped = tsvRecordOf((await runCli(['store', 'info', '--store', path])).stdout);
    expect(piped).toMatchObject({ path, formatVersion: '3' });
    expect(JSON.parse(piped.tables as string)).toMatchObject({ spaces: 1 });
    const j = await runCli(['store', 'info', '--store', path, '--json']);
    expect(JSON.parse(j.stdout)).toMatchObject({ path, formatVersion: 3, tables: { spaces: 1, organizations: 1 }, journal: { records: 2 }, edited: false });
  });

  it('export, reset --yes and import round-trip the store', async () => {
    const path = await withSpaces(['Alpha', 'Beta']);
    const file = join(tmp.dir, 'round.json');
    expect((await runCli(['store', 'export', file, '--store', path])).code).toBe(0);
    const exported = readFileSync(file, 'utf8');
    expect(JSON.parse(exported)).toMatchObject({ format: 'gbctl-store', version: 3 });

    const refused = await runCli(['store', 'reset', '--store', path]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes');
    expect(await titles(path)).toEqual(['Alpha', 'Beta']);

    expect((await runCli(['store', 'reset', '--yes', '--store', path])).code).toBe(0);
    expect(await titles(path)).toEqual([]);

    // The store file exists: replacing what it holds needs --yes off a terminal, checked first.
    const unconfirmed = await runCli(['store', 'import', file, '--store', path]);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toMatch(/refusing to replace the store .* without confirmation\nhint: pass --yes/);
    expect(await titles(path)).toEqual([]);
    const fresh = join(tmp.dir, 'fresh-store.json');
    expect((await runCli(['store', 'import', file, '--store', fresh])).code).toBe(0);
    expect(await titles(fresh)).toEqual(['Alpha', 'Beta']);
    const imported = await runCli(['store', 'import', file, '--store', path, '--yes']);
    expect(imported.code, imported.stderr).toBe(0);
    expect(await titles(path)).toEqual(['Alpha', 'Beta']);
    const again = join(tmp.dir, 'round2.json');
    await runCli(['store', 'export', again, '--store', path]);
    expect(readFileSync(again, 'utf8')).toBe(exported);
  });

  it('import refuses a bad file and changes nothing', async () => {
    const path = await withSpaces(['Kept']);
    const before = snapshotOf(path);
    const bad = [
      ['not-json.json', '{"format": "gbctl-store", '],
      ['not-store.json', JSON.stringify({ tables: {} })],
      ['bad-id.json', JSON.stringify({ format: 'gbctl-store', version: 2, tables: { spaces: [{ id: 7, title: 'x' }] } })],
      ['dup.json', JSON.stringify({ format: 'gbctl-store', version: 2, tables: { spaces: [{ id: 'a' }, { id: 'a' }] } })],
      ['newer.json', JSON.stringify({ format: 'gbctl-store', version: 99, tables: {} })],
    ];
    for (const [name, text] of bad) {
      const file = join(tmp.dir, name as string);
      writeFileSync(file, text as string);
      const r = await runCli(['store', 'import', file, '--store', path, '--yes']);
      expect(r.code, name).toBe(1);
      expect(r.stderr, name).toMatch(/not valid JSON|not a gbctl store|tables\.spaces\.0\.id|twice|newer than this gbctl/);
      expect(snapshotOf(path), name).toEqual(before);
    }
    expect(await titles(path)).toEqual(['Kept']);
  });

  it('import reads every object back through the API and refuses broken ones', async () => {
    const path = await withSpaces(['Kept']);
    const before = snapshotOf(path);
    const good = join(tmp.dir, 'good-export.json');
    await runCli(['store', 'export', good, '--store', path]);
    const doc = JSON.parse(readFileSync(good, 'utf8')) as { tables: Record<string, Record<string, unknown>[]> };
    const space = doc.tables.spaces?.[0] as Record<string, unknown>;
    const cases: [string, (d: typeof doc) => void, RegExp][] = [
      ['bad-visibility.json', (d) => ((d.tables.spaces as Record<string, unknown>[])[0] = { ...space, visibility: 'everyone' }), /spaces\.list.*visibility/s],
      ['orphan-space.json', (d) => ((d.tables.spaces as Record<string, unknown>[])[0] = { ...space, organization: 'gone' }), /1 of 1 spaces cannot be reached/],
      ['missing-revision.json', (d) => ((d.tables.spaces as Record<string, unknown>[])[0] = { ...space, revision: 'gone' }), /revision gone not found/],
    ];
    for (const [name, breakIt, why] of cases) {
      const copy = JSON.parse(JSON.stringify(doc)) as typeof doc;
      breakIt(copy);
      const file = join(tmp.dir, name);
      writeFileSync(file, JSON.stringify(copy));
      const r = await runCli(['store', 'import', file, '--store', path, '--yes']);
      expect(r.code, name).toBe(1);
      expect(r.stderr, name).toContain('nothing was changed');
      expect(r.stderr, name).toMatch(why);
      expect(snapshotOf(path), name).toEqual(before);
    }
    const unchecked = await runCli(['store', 'import', join(tmp.dir, 'bad-visibility.json'), '--store', path, '--no-check', '--yes']);
    expect(unchecked.code).toBe(0);
  });

  it('import refuses, even with --no-check, page and file paths that content export could not write inside its folder', async () => {
    const path = fresh();
    const folder = writeTree(join(tmp.dir, 'paths-folder'), {
      'README.md': '# Home\n\n![Logo](.gitbook/assets/logo.png)\n',
      'guide/intro.md': '# Intro\n\nHello.\n',
      'SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n* [Intro](guide/intro.md)\n',
      '.gitbook/assets/logo.png': PNG,
    });
    const space = JSON.parse((await runCli(['spaces', 'create', '--title', 'Paths', '--json', 'id', '--store', path])).stdout).id as string;
    const imported = await runCli(['content', 'import', space, '--path', folder, '--store', path]);
    expect(imported.code, imported.stderr).toBe(0);
    const good = join(tmp.dir, 'paths-good.json');
    expect((await runCli(['store', 'export', good, '--store', path])).code).toBe(0);
    const text = readFileSync(good, 'utf8');
    expect(text).toContain('"gitPath": "guide/intro.md"');
    const before = snapshotOf(path);
    const cases: [string, string, RegExp][] = [
      [
        'up-and-out.json',
        text.replaceAll('"gitPath": "guide/intro.md"', '"gitPath": "../../outside.md"'),
        /page \S+ gitPath "\.\.\/\.\.\/outside\.md": "\.\." in the path/,
      ],
      ['absolute.json', text.replaceAll('"gitPath": "guide/intro.md"', '"gitPath": "/etc/cron.d/x.md"'), /gitPath "\/etc\/cron\.d\/x\.md": an absolute path/],
      ['git-hooks.json', text.replaceAll('"gitPath": "guide/intro.md"', '"gitPath": ".git/hooks/post-checkout"'), /a \.git folder/],
      ['file-name.json', text.replaceAll('"name": "logo.png"', '"name": "../logo.png"'), /file \S+ name "\.\.\/logo\.png": a file name holds no folder/],
      ['unreadable.json', text.replace(/"root": \[[^\]]*\]/, '"root": 5'), /revision \S+ cannot be read/],
    ];
    for (const [name, changed, why] of cases) {
      expect(changed, name).not.toBe(text);
      const file = join(tmp.dir, name);
      writeFileSync(file, changed);
      const r = await runCli(['store', 'import', file, '--store', path, '--yes', '--no-check']);
      expect(r.code, name).toBe(1);
      expect(r.stderr, name).toContain('holds content that content export could not write safely into a folder');
      expect(r.stderr, name).toMatch(why);
      expect(snapshotOf(path), name).toEqual(before);
    }
    const back = await runCli(['store', 'import', good, '--store', path, '--yes']);
    expect(back.code, back.stderr).toBe(0);
  });

  it('refuses to write over a hand edit, and compact --force accepts it', async () => {
    const path = await withSpaces(['Original']);
    expect((await runCli(['store', 'compact', '--store', path])).code).toBe(0);
    writeFileSync(path, readFileSync(path, 'utf8').replace('"Original"', '"Edited"'));
    const before = snapshotOf(path);
    const refused = await runCli(['spaces', 'create', '--title', 'More', '--store', path]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/changed by something other than gbctl/);
    expect(refused.stderr).toContain(`gbctl store compact --force --store ${path}`);
    expect(refused.stderr).toContain('gbctl store import FILE');
    expect(snapshotOf(path)).toEqual(before);

    const info = await runCli(['store', 'info', '--store', path], { tty: true });
    expect(info.code, info.stderr).toBe(0);
    expect(info.stdout).toContain('changed outside gbctl');

    const forced = await runCli(['store', 'compact', '--force', '--store', path]);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stderr).toContain('accepted the changes');
    expect(await titles(path)).toEqual(['Edited']);
  });

  it('migrates a format 1 store when a command opens it', async () => {
    const path = await withSpaces(['Old']);
    const exported = join(tmp.dir, 'v2.json');
    await runCli(['store', 'export', exported, '--store', path]);
    const v1 = fresh();
    writeFileSync(v1, JSON.stringify({ ...JSON.parse(readFileSync(exported, 'utf8')), version: 1 }));
    const r = await runCli(['spaces', 'list', '--store', v1, '--json', 'title']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/migrated the store .* from format version 1 to 3/);
    expect(JSON.parse(r.stdout)).toEqual([{ title: 'Old' }]);
    expect(JSON.parse(readFileSync(v1, 'utf8')).version).toBe(3);
  });
  it('import of revisions holding whole page trees, beside a meta saying they were rewritten, has them rewritten at the first command', async () => {
    const path = await withSpaces(['Handbook']);
    const file = join(tmp.dir, 'whole-trees.json');
    await runCli(['store', 'export', file, '--store', path]);
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { tables: Record<string, Record<string, unknown>[]> };
    expect(doc.tables.meta?.some((m) => m.id === 'contentFormat')).toBe(true);
    const now = new Date().toISOString();
    const page = (i: number) => ({
      id: `pg${i}`,
      title: `Page ${i}`,
      type: 'document',
      createdAt: now,
      updatedAt: now,
      pages: [],
      markdown: `# Page ${i}\n\nText ${i}.\n`,
    });
    const rev = doc.tables.revisions?.[0] as Record<string, unknown>;
    const { nodes: _n, root: _r, base: _b, depth: _d, weight: _w, ...fields } = rev;
    doc.tables.revisions = [{ ...fields, pages: [page(1), page(2), page(3)] }];
    delete doc.tables.pageContents;
    writeFileSync(file, JSON.stringify(doc));
    const store = fresh();
    const imported = await runCli(['store', 'import', file, '--store', store]);
    expect(imported.code, imported.stderr).toBe(0);

    const space = (doc.tables.spaces?.[0] as { id: string }).id;
    const read = await runCli(['pages', 'list', space, '--store', store, '--json']);
    expect(read.code, read.stderr).toBe(0);
    expect((JSON.parse(read.stdout) as { pages: { title: string }[] }).pages.map((p) => p.title)).toEqual(['Page 1', 'Page 2', 'Page 3']);
    const after = JSON.parse((await runCli(['store', 'export', '-', '--store', store])).stdout) as typeof doc;
    expect(after.tables.revisions?.[0]).not.toHaveProperty('pages');
    expect(after.tables.pageContents).toHaveLength(3);
    expect(after.tables.meta?.find((m) => m.id === 'contentFormat')).toEqual({ id: 'contentFormat', value: 2 });
  });
});
