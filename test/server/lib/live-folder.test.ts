import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LiveFolder } from '../../../src/server/lib/live-folder.js';
import { tempDir } from '../../helpers/server.js';
import { PNG, writeTree } from '../../helpers/sync-folder.js';

let tmp: ReturnType<typeof tempDir>;
let root: string;
beforeEach(() => {
  tmp = tempDir('gbctl-live-folder-');
  root = writeTree(join(tmp.dir, 'docs'), {
    'README.md': '# Home\n',
    'SUMMARY.md': '* [Home](README.md)\n* [A](guide/a.md)\n',
    'guide/a.md': '# A\n',
    '.gitbook/assets/dot.png': PNG,
    '.git/HEAD': 'ref: refs/heads/main\n',
  });
});
afterEach(() => tmp.cleanup());

const byPath = (f: LiveFolder) => new Map(f.source().entries.map((e) => [e.path, e]));

describe('a folder read again as it changes', () => {
  it('lists it as a file:// import does, reading markdown and settings at once and other files when asked', async () => {
    const f = await LiveFolder.open(root);
    const entries = byPath(f);
    expect([...entries.keys()].sort()).toEqual(['.gitbook/assets/dot.png', 'README.md', 'SUMMARY.md', 'guide/a.md']);
    expect(Buffer.from(entries.get('README.md')?.bytes as Uint8Array).toString()).toBe('# Home\n');
    expect(entries.get('.gitbook/assets/dot.png')?.bytes).toBeUndefined();
    const src = f.source();
    await src.load(src.entries.filter((e) => e.path.endsWith('.png')));
    expect(byPath(f).get('.gitbook/assets/dot.png')?.bytes?.length).toBe(PNG.length);
  });

  it('reads only what changed: the entries of the other files are the same objects, bytes and all', async () => {
    const f = await LiveFolder.open(root);
    const before = byPath(f);
    expect(await f.rescan()).toEqual({ added: [], changed: [], removed: [] });
    writeFileSync(join(root, 'guide/a.md'), '# A, edited\n');
    writeFileSync(join(root, 'guide/b.md'), '# B\n');
    rmSync(join(root, 'SUMMARY.md'));
    expect(await f.rescan()).toEqual({ added: ['guide/b.md'], changed: ['guide/a.md'], removed: ['SUMMARY.md'] });
    const after = byPath(f);
    expect(after.get('README.md')).toBe(before.get('README.md'));
    expect(after.get('.gitbook/assets/dot.png')).toBe(before.get('.gitbook/assets/dot.png'));
    expect(after.get('guide/a.md')).not.toBe(before.get('guide/a.md'));
    expect(Buffer.from(after.get('guide/a.md')?.bytes as Uint8Array).toString()).toBe('# A, edited\n');
  });

  it('sees a save made by writing a new file and renaming it over the old one, even at the same size', async () => {
    const f = await LiveFolder.open(root);
    writeFileSync(join(root, 'README.md.tmp'), '# Hxme\n');
    renameSync(join(root, 'README.md.tmp'), join(root, 'README.md'));
    expect((await f.rescan()).changed).toEqual(['README.md']);
    expect(Buffer.from(byPath(f).get('README.md')?.bytes as Uint8Array).toString()).toBe('# Hxme\n');
  });

  it('follows folders that come and go', async () => {
    const f = await LiveFolder.open(root);
    mkdirSync(join(root, 'new/deeper'), { recursive: true });
    writeFileSync(join(root, 'new/deeper/c.md'), '# C\n');
    rmSync(join(root, 'guide'), { recursive: true });
    expect(await f.rescan()).toEqual({ added: ['new/deeper/c.md'], changed: [], removed: ['guide/a.md'] });
  });

  it('fails clearly on a folder that is not there', async () => {
    await expect(LiveFolder.open(join(tmp.dir, 'missing'))).rejects.toThrow(/ENOENT/);
  });
});
