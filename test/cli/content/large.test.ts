import { mkdirSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliStore } from './cli-store.js';

const cli = cliStore('gbctl-large-');

const { ok: gb, json } = cli;

describe('large spaces and repositories', () => {
  it('exports a space of 1,200 pages and pushes the export back unchanged', async () => {
    const dir = join(cli.dir, 'many');
    mkdirSync(join(dir, 'pages'), { recursive: true });
    const summary = ['# Table of contents', '', '* [Home](README.md)'];
    writeFileSync(join(dir, 'README.md'), '# Home\n\nMany pages.\n');
    for (let i = 0; i < 1200; i++) {
      writeFileSync(join(dir, 'pages', `page-${i}.md`), `# Page ${i}\n\nText of page ${i}, next: [page ${i + 1}](page-${i + 1}.md).\n`);
      summary.push(`* [Page ${i}](pages/page-${i}.md)`);
    }
    writeFileSync(join(dir, 'SUMMARY.md'), `${summary.join('\n')}\n`);
    const space = (await json('spaces', 'create', '--title', 'Many')).id as string;
    await gb('content', 'import', space, '--path', dir);
    const out = join(cli.dir, 'many-out');
    await gb('content', 'export', space, out);
    const pushed = await gb('content', 'push', out, space);
    expect(pushed.stderr).toContain('Nothing to push');
  }, 120_000);

  it('imports a repository of more than 1,000 files and 50 MB, reading only the files pages use', async () => {
    const dir = join(cli.dir, 'heavy');
    mkdirSync(join(dir, '.gitbook', 'assets'), { recursive: true });
    const images: string[] = [];
    for (let i = 0; i < 11; i++) {
      const name = `shot-${i}.png`;
      // 5 MB each (sparse on disk): 55 MB of images pages use.
      writeFileSync(join(dir, '.gitbook', 'assets', name), '');
      truncateSync(join(dir, '.gitbook', 'assets', name), 5 * 1024 * 1024);
      images.push(`![Shot ${i}](.gitbook/assets/${name})`);
    }
    for (let i = 0; i < 1100; i++) writeFileSync(join(dir, '.gitbook', 'assets', `orphan-${i}.png`), 'x');
    writeFileSync(join(dir, 'README.md'), `# Shots\n\n${images.join('\n\n')}\n`);
    const space = (await json('spaces', 'create', '--title', 'Heavy')).id as string;
    const r = await json('content', 'import', space, '--path', dir);
    expect(r.totalResources).toBe(1112);
    expect(r.importedResources).toBe(12);
    expect(r.skipped).toHaveLength(1100);
    expect(r.skipped[0]).toEqual({ path: '.gitbook/assets/orphan-0.png', reason: 'an upload no page uses' });
    // On stderr, ten orphans are named and the rest counted; --json lists every one.
    const said = await gb('content', 'import', space, '--path', dir);
    expect(said.stderr.split('\n').filter((l) => l.startsWith('skipped '))).toHaveLength(11);
    expect(said.stderr).toContain('skipped 1090 more: an upload no page uses\n');
    const files = (await json('content', 'files', space)) as { name: string; size: number }[];
    expect(files.map((f) => f.size)).toEqual(Array(11).fill(5 * 1024 * 1024));
  }, 120_000);
});
