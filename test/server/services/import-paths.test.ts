import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../helpers/run-cli.js';
import { tempDir } from '../../helpers/server.js';
import { PNG, writeTree } from '../../helpers/sync-folder.js';

let tmp: ReturnType<typeof tempDir>;
let env: Record<string, string>;
let outside: string;
beforeAll(() => {
  tmp = tempDir('gbctl-import-paths-');
  env = { GBCTL_DATA: join(tmp.dir, 'store.json'), GBCTL_CONFIG_DIR: join(tmp.dir, 'config') };
  // What a folder or an archive must never bring in: files beside the imported folder.
  outside = writeTree(join(tmp.dir, 'outside'), { 'secret.md': '# Secret\n\nkey=hunter2\n', 'secret.png': PNG });
});
afterAll(() => tmp.cleanup());

async function json(...args: string[]) {
  const r = await runCliInProcess([...args, '--json'], { env });
  if (r.code !== 0) throw new Error(`gbctl ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}
const newSpace = async () => (await json('spaces', 'create', '--title', 'Paths')).id as string;
interface P {
  title: string;
  pages?: P[];
}
const titles = (ps: P[]): string[] => ps.flatMap((p) => [p.title, ...titles(p.pages ?? [])]);
interface Answer {
  totalResources: number;
  importedResources: number;
  skipped: { path: string; reason: string }[];
}

const SUMMARY =
  '# Table of contents\n\n* [Welcome](README.md)\n* [Guide](guide.md)\n* [Secret](linked/secret.md)\n* [Also secret](secret.md)\n* [Console](CON.md)\n';

describe('importing a folder whose names or links would leave it', () => {
  it('takes the folder and leaves out links out of it, reserved names, .git and non-UTF-8 names, each named with its reason and counted', async () => {
    const dir = writeTree(join(tmp.dir, 'folder'), {
      'SUMMARY.md': SUMMARY,
      'README.md': '# Welcome\n\n![Logo](.gitbook/assets/logo.png)\n',
      'guide.md': '# Guide\n\n![Stolen](linked/secret.png)\n',
      'CON.md': '# Console\n',
      '.git/config': '[core]\n',
      '.gitbook/assets/logo.png': PNG,
    });
    symlinkSync(outside, join(dir, 'linked'));
    symlinkSync(join(outside, 'secret.md'), join(dir, 'secret.md'));
    writeFileSync(Buffer.concat([Buffer.from(`${dir}/caf`), Buffer.from([0xe9]), Buffer.from('.md')]), '# Latin-1\n');
    const space = await newSpace();
    const answer = (await json('content', 'import', space, '--url', pathToFileURL(dir).href, '--source', 'markdown')) as Answer;
    const reasons = Object.fromEntries(answer.skipped.map((s) => [s.path, s.reason]));
    expect(reasons).toMatchObject({
      'CON.md': '"CON.md", a name Windows reserves for a device',
      'caf\\xe9.md': 'its name is not UTF-8 text',
      linked: 'a symbolic link (links are not followed)',
      'secret.md': 'a symbolic link (links are not followed)',
    });
    expect(answer.totalResources - answer.importedResources).toBe(answer.skipped.length);
    const rev = await json('content', 'revision', space);
    expect(titles(rev.pages)).toEqual(expect.arrayContaining(['Welcome', 'Guide']));
    expect(JSON.stringify(rev)).not.toContain('hunter2');
    const files = (await json('content', 'files', space)) as { name: string }[];
    expect(files.map((f) => f.name)).toEqual(['logo.png']);
    for (const p of titles(rev.pages)) expect(p).not.toBe('Secret');
  });

  it('does not take a root or a summary in .gitbook.yaml that leaves the folder, and says so', async () => {
    const dir = writeTree(join(tmp.dir, 'escaping-root'), {
      '.gitbook.yaml': 'root: ../outside\nstructure:\n  summary: ../outside/SUMMARY.md\n',
      'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n',
      'README.md': '# Welcome\n',
    });
    writeFileSync(join(outside, 'SUMMARY.md'), '# Table of contents\n\n* [Secret](secret.md)\n');
    const space = await newSpace();
    const r = await runCliInProcess(['content', 'import', space, '--url', pathToFileURL(dir).href, '--source', 'markdown'], { env });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('root "../outside" cannot be used');
    expect(r.stderr).toContain('structure.summary');
    expect(titles((await json('content', 'revision', space)).pages)).toEqual(['Welcome']);
  });

  it("reads a single file's images from beside it, but not through a link that leads out of its folder", async () => {
    const dir = writeTree(join(tmp.dir, 'single'), {
      'page.md': '# Page\n\n![Ok](img/ok.png) ![Up](../outside/secret.png) ![Linked](linked/secret.png)\n',
      'img/ok.png': PNG,
    });
    symlinkSync(outside, join(dir, 'linked'));
    const space = await newSpace();
    const answer = (await json('content', 'import', space, '--url', pathToFileURL(join(dir, 'page.md')).href, '--source', 'markdown')) as Answer;
    expect(answer.skipped).toContainEqual({ path: 'linked/secret.png', reason: expect.stringContaining('symbolic link') });
    expect(((await json('content', 'files', space)) as { name: string }[]).map((f) => f.name)).toEqual(['ok.png']);
  });
});

describe('importing an archive whose names would leave the folder', () => {
  it('leaves out .., absolute, drive-letter, over-long and reserved names, each named, and imports the rest', async () => {
    const long = `${'x'.repeat(300)}.md`;
    const zip = zipSync({
      'SUMMARY.md': Buffer.from('# Table of contents\n\n* [Welcome](README.md)\n'),
      'README.md': Buffer.from('# Welcome\n'),
      '../evil.md': Buffer.from('# Evil\n'),
      '/abs.md': Buffer.from('# Abs\n'),
      'C:/drive.md': Buffer.from('# Drive\n'),
      'a\\..\\..\\back.md': Buffer.from('# Back\n'),
      [long]: Buffer.from('# Long\n'),
      'nul.md': Buffer.from('# Nul\n'),
      '.git/hooks/post-checkout': Buffer.from('#!/bin/sh\n'),
    });
    const at = join(tmp.dir, 'hostile.zip');
    writeFileSync(at, zip);
    const space = await newSpace();
    const answer = (await json('content', 'import', space, '--url', pathToFileURL(at).href, '--source', 'markdown')) as Answer;
    const reasons = Object.fromEntries(answer.skipped.map((s) => [s.path, s.reason]));
    expect(reasons['../evil.md']).toContain('".." in the path');
    expect(reasons['/abs.md']).toContain('an absolute path');
    expect(reasons['C:/drive.md']).toContain('a drive letter');
    expect(reasons['a\\..\\..\\back.md']).toContain('a backslash');
    expect(reasons[long]).toContain('a name longer than 255 bytes');
    expect(reasons['nul.md']).toContain('reserves for a device');
    expect(reasons['.git/hooks/post-checkout']).toContain('.git');
    expect(answer.totalResources - answer.importedResources).toBe(answer.skipped.length);
    expect(titles((await json('content', 'revision', space)).pages)).toEqual(['Welcome']);
  });
});

describe('importing a file URL that cannot be read', () => {
  it.each([
    ['a path to nothing', 'missing', 'no such file or folder'],
    ['an archive that is not one', 'broken.zip', 'is not a readable zip archive'],
  ])('refuses %s as the caller’s mistake: a 400, a usage exit, the reason named', async (_what, name, reason) => {
    const at = join(tmp.dir, name);
    if (name.endsWith('.zip')) writeFileSync(at, Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64, 7)]));
    const space = await newSpace();
    const r = await runCliInProcess(['content', 'import', space, '--url', pathToFileURL(at).href, '--source', 'markdown'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(reason);
    expect(r.stderr).not.toContain('internal error');
  });
});
