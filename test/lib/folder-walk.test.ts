import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { showName, TooManyFiles, walkFolder } from '../../src/lib/folder-walk.js';
import { SafeRoot } from '../../src/lib/safe-path.js';
import { gitSyncKeeps } from '../../src/lib/gitsync/folder-names.js';
import { tempDir } from '../helpers/server.js';

let tmp: ReturnType<typeof tempDir>;
beforeAll(() => {
  tmp = tempDir('gbctl-walk-');
});
afterAll(() => tmp.cleanup());

describe('walkFolder', () => {
  it('lists files by slash path and leaves out, with a reason each, what cannot be imported, without stopping', async () => {
    const root = join(tmp.dir, 'root');
    const outside = join(tmp.dir, 'outside');
    mkdirSync(join(root, 'docs', 'CON'), { recursive: true });
    mkdirSync(join(root, '.git'), { recursive: true });
    mkdirSync(join(root, '.gitbook', 'assets'), { recursive: true });
    mkdirSync(outside);
    writeFileSync(join(outside, 'secret.md'), 'secret');
    writeFileSync(join(root, 'README.md'), '# Hi');
    writeFileSync(join(root, 'docs', 'page.md'), '# Page');
    writeFileSync(join(root, 'docs', 'CON', 'inner.md'), 'x');
    writeFileSync(join(root, 'docs', 'nul.md'), 'x');
    writeFileSync(join(root, '.git', 'config'), 'x');
    writeFileSync(join(root, '.gitbook', 'assets', 'a.png'), 'png');
    // Linux names are bytes: one that is not UTF-8 (Latin-1 "café").
    writeFileSync(Buffer.concat([Buffer.from(`${root}/caf`), Buffer.from([0xe9]), Buffer.from('.md')]), 'latin1');
    symlinkSync(outside, join(root, 'linked'));
    symlinkSync(join(outside, 'secret.md'), join(root, 'docs', 'secret.md'));
    execFileSync('mkfifo', [join(root, 'docs', 'pipe.md')]);

    const got = await walkFolder(await SafeRoot.open(root), gitSyncKeeps);
    expect(got.files.map((f) => f.path)).toEqual(['.gitbook/assets/a.png', 'README.md', 'docs/page.md']);
    expect(got.files.find((f) => f.path === 'README.md')?.size).toBe(4);
    expect(got.leftOut).toEqual([
      { path: 'caf\\xe9.md', reason: 'its name is not UTF-8 text' },
      { path: 'docs/CON/', reason: '"CON", a name Windows reserves for a device' },
      { path: 'docs/nul.md', reason: '"nul.md", a name Windows reserves for a device' },
      { path: 'docs/pipe.md', reason: 'not a regular file' },
      { path: 'docs/secret.md', reason: 'a symbolic link (links are not followed)' },
      { path: 'linked', reason: 'a symbolic link (links are not followed)' },
    ]);
  });

  it('stops at the number of files it was given', async () => {
    const root = join(tmp.dir, 'many');
    mkdirSync(root);
    for (let i = 0; i < 5; i++) writeFileSync(join(root, `${i}.md`), '');
    await expect(walkFolder(await SafeRoot.open(root), gitSyncKeeps, 4)).rejects.toBeInstanceOf(TooManyFiles);
    expect((await walkFolder(await SafeRoot.open(root), gitSyncKeeps, 5)).files).toHaveLength(5);
  });
});

describe('showName', () => {
  it('shows UTF-8 runs as text and every other byte as \\xHH', () => {
    expect(showName(Buffer.from([0x61, 0xe9, 0x62]))).toBe('a\\xe9b');
    expect(showName(Buffer.from('é€😀'))).toBe('é€😀');
    expect(showName(Buffer.from([0xf0, 0x9f, 0x98]))).toBe('\\xf0\\x9f\\x98');
    expect(showName(Buffer.from([0xc0, 0xaf]))).toBe('\\xc0\\xaf');
  });
});
