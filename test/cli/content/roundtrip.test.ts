import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../helpers/run-cli.js';
import { FOLDER, listFiles, writeTree } from '../../helpers/sync-folder.js';
import { cliStore } from './cli-store.js';

const cli = cliStore('gbctl-gitsync-');

const { ok: gb, json } = cli;

async function newSpace(title: string): Promise<string> {
  return (await json('spaces', 'create', '--title', title)).id as string;
}

interface P {
  id: string;
  title: string;
  type: string;
  pages?: P[];
}
const shape = (pages: P[]): unknown[] => pages.map((p) => (p.pages?.length ? [p.title, shape(p.pages)] : p.title));
const flat = (pages: P[]): P[] => pages.flatMap((p) => [p, ...flat(p.pages ?? [])]);

describe('a Git Sync folder round trip', () => {
  it('imports SUMMARY.md order, groups and nesting, lists what it skipped, and resolves relative links', async () => {
    const src = writeTree(join(cli.dir, 'src'), FOLDER);
    const space = await newSpace('Docs');
    const human = await gb('content', 'import', space, '--path', src);
    expect(human.stderr).toBe('skipped drafts/unlisted.md: not listed in SUMMARY.md\nskipped notes.txt: not a page, and no page links to it\n');
    const r = await json('content', 'import', space, '--url', pathToFileURL(src).href, '--source', 'markdown');
    expect(r.totalResources).toBe(Object.keys(FOLDER).length);
    expect(r.importedResources).toBe(Object.keys(FOLDER).length - 2);
    expect(r.skipped).toEqual([
      { path: 'drafts/unlisted.md', reason: 'not listed in SUMMARY.md' },
      { path: 'notes.txt', reason: 'not a page, and no page links to it' },
    ]);
    const pages = flat((await json('pages', 'list', space)).pages as P[]);
    const tree = (await json('content', 'revision', space)).pages as P[];
    expect(shape(tree)).toEqual([
      'Welcome',
      'Quick start',
      ['Guides', [['Getting started', [['Install', ['On Linux']]]], 'FAQ']],
      ['Reference', ['API', 'Status page']],
    ]);
    expect(tree[2]?.type).toBe('group');
    const files = (await json('content', 'files', space)) as { name: string }[];
    expect(files.map((f) => f.name).sort()).toEqual(['diagram.png', 'logo.png']);
    for (const p of pages.filter((x) => x.type === 'document')) {
      const links = await json('content', 'links', space, p.id);
      expect(
        (links as { status: string }[]).filter((l) => l.status === 'broken'),
        p.title,
      ).toEqual([]);
    }
    const install = pages.find((p) => p.title === 'Install') as P;
    const md = (await gb('pages', 'get', space, install.id, '--format', 'markdown')).stdout;
    expect(md).toContain('![Diagram](.gitbook/assets/diagram.png)');
    const welcome = pages.find((p) => p.title === 'Welcome') as P;
    expect(md).toContain(`[the welcome page](page:${welcome.id})`);
  });

  it('brings in the images a single imported markdown file names beside it', async () => {
    const src = join(cli.dir, 'src');
    const space = await newSpace('One file');
    const r = await json('content', 'import', space, '--url', pathToFileURL(join(src, 'getting-started', 'install.md')).href, '--source', 'markdown');
    expect(r).toMatchObject({ importedResources: 2, totalResources: 2 });
    const files = (await json('content', 'files', space)) as { name: string; contentType: string }[];
    expect(files.map((f) => [f.name, f.contentType])).toEqual([['diagram.png', 'image/png']]);
    const [page] = (await json('pages', 'list', space)).pages as P[];
    expect((await gb('pages', 'get', space, (page as P).id, '--format', 'markdown')).stdout).toContain('![Diagram](.gitbook/assets/diagram.png)');
  });

  it('exports, and export → import → export gives the same files byte for byte', async () => {
    const src = join(cli.dir, 'src');
    const space = await newSpace('Docs again');
    await gb('content', 'import', space, '--url', pathToFileURL(src).href, '--source', 'markdown');
    const out1 = join(cli.dir, 'out1');
    const e = await gb('content', 'export', space, out1);
    expect(e.stderr).toMatch(/exported \d+ of \d+ pages and files/);
    const first = listFiles(out1);
    // A file a page links to stays where it was (getting-started/diagram.png), and the link as written.
    expect([...first.keys()].sort()).toEqual([
      '.gitbook.yaml',
      '.gitbook/assets/logo.png',
      'README.md',
      'SUMMARY.md',
      'faq.md',
      'getting-started/README.md',
      'getting-started/diagram.png',
      'getting-started/install.md',
      'getting-started/install/linux.md',
      'quick-start.md',
      'reference/api.md',
    ]);
    expect(first.get('.gitbook.yaml')?.toString()).toBe(FOLDER['.gitbook.yaml']);
    expect(first.get('getting-started/install.md')?.toString()).toContain('![Diagram](diagram.png)');
    expect(first.get('getting-started/install/linux.md')?.toString()).toContain('[the FAQ](../../faq.md#why)');
    expect(first.get('README.md')?.toString()).toMatch(/^---\ndescription: Start here\nicon: house\n---\n\n# Welcome\n/);
    expect(first.get('getting-started/README.md')?.toString()).toContain('layout:\n  width: wide\n  outline:\n    visible: false\n');
    expect(first.get('SUMMARY.md')?.toString()).toBe(FOLDER['SUMMARY.md']);
    for (const [path, data] of Object.entries(FOLDER)) {
      if (path.endsWith('.md') && path !== 'drafts/unlisted.md') expect(first.get(path)?.toString(), path).toBe(String(data));
    }

    const again = await newSpace('Copy');
    await gb('content', 'import', again, '--url', pathToFileURL(out1).href, '--source', 'markdown');
    const out2 = join(cli.dir, 'out2');
    await gb('content', 'export', again, out2);
    const second = listFiles(out2);
    writeFileSync(join(out2, 'old-page.md'), '# Old\n');
    expect((await gb('content', 'export', again, out2)).stderr).toContain(
      `warning: 1 files in ${out2} are not part of the export (left as they were): old-page.md`,
    );
    rmSync(join(out2, 'old-page.md'));
    expect([...second.keys()].sort()).toEqual([...first.keys()].sort());
    for (const [path, data] of first) expect(second.get(path)?.equals(data), path).toBe(true);
  });

  it('re-imports in place: same ids, no duplicates, and pages gone from the folder are removed', async () => {
    const src = writeTree(join(cli.dir, 'src2'), FOLDER);
    const space = await newSpace('Idempotent');
    await gb('content', 'import', space, '--url', pathToFileURL(src).href, '--source', 'markdown');
    const before = flat((await json('content', 'revision', space)).pages);
    await gb('content', 'import', space, '--url', pathToFileURL(src).href, '--source', 'markdown');
    const after = flat((await json('content', 'revision', space)).pages);
    expect(after.map((p) => `${p.id} ${p.title}`)).toEqual(before.map((p) => `${p.id} ${p.title}`));

    writeFileSync(join(src, 'SUMMARY.md'), String(FOLDER['SUMMARY.md']).replace('* [FAQ](faq.md)\n', ''));
    rmSync(join(src, 'faq.md'));
    // Off a terminal, an import that removes pages needs --yes: nothing was removed without it.
    const refused = await runCliInProcess(['content', 'import', space, '--url', pathToFileURL(src).href, '--source', 'markdown'], { env: cli.env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('remove 1 page of space');
    expect(refused.stderr).toContain('--yes');
    expect(flat((await json('content', 'revision', space)).pages).map((p) => p.title)).toContain('FAQ');
    await gb('content', 'import', space, '--url', pathToFileURL(src).href, '--source', 'markdown', '--yes');
    const last = flat((await json('content', 'revision', space)).pages);
    expect(last.map((p) => p.title)).not.toContain('FAQ');
    expect(last.map((p) => `${p.id} ${p.title}`)).toEqual(before.filter((p) => p.title !== 'FAQ').map((p) => `${p.id} ${p.title}`));
  });

  it('two change requests importing different versions of a page conflict on merge', async () => {
    const src = writeTree(join(cli.dir, 'src3'), FOLDER);
    const space = await newSpace('Conflicts');
    await gb('content', 'import', space, '--url', pathToFileURL(src).href, '--source', 'markdown');
    const a = await json('change-requests', 'create', space, '--subject', 'A');
    const b = await json('change-requests', 'create', space, '--subject', 'B');
    const one = writeTree(join(cli.dir, 'v1'), { ...FOLDER, 'faq.md': '# FAQ\n\n## Why\n\nVersion one.\n' });
    const two = writeTree(join(cli.dir, 'v2'), { ...FOLDER, 'faq.md': '# FAQ\n\n## Why\n\nVersion two.\n' });
    await gb('content', 'import', space, '--change-request', String(a.number), '--url', pathToFileURL(one).href, '--source', 'markdown');
    await gb('content', 'import', space, '--change-request', String(b.number), '--url', pathToFileURL(two).href, '--source', 'markdown');
    expect((await json('change-requests', 'merge', space, String(a.number))).result).toBe('merge');
    const refused = await runCliInProcess(['change-requests', 'merge', space, String(b.number), '--json'], { env: cli.env });
    expect(refused.code).toBe(6);
    expect(JSON.parse(refused.stdout).result).toBe('conflicts');
  });

  it('says in git.path the file export writes a page made through the API to, and resolves its links from there', async () => {
    const space = await newSpace('Made here');
    const cr = String((await json('change-requests', 'create', space, '--subject', 'Pages')).number);
    await gb('pages', 'create', space, cr, '--title', 'Intro', '--markdown', 'See [install](guides/install.md).');
    await gb('pages', 'create', space, cr, '--title', 'Guides', '--markdown', 'Guides');
    await gb('pages', 'create', space, cr, '--title', 'Install', '--markdown', 'Back [home](../README.md).', '--parent', 'guides');
    await gb('change-requests', 'merge', space, cr);
    const tree = await json('api', `/spaces/${space}/content/pages`);
    const shown = new Map(flat(tree.pages as P[]).map((p) => [p.title, (p as P & { git?: { path: string } }).git?.path]));
    // The home page is README.md (it was intro.md, a file export never wrote).
    expect(Object.fromEntries(shown)).toEqual({ Intro: 'README.md', Guides: 'guides/README.md', Install: 'guides/install.md' });
    const out = join(cli.dir, 'made-here');
    await gb('content', 'export', space, out);
    for (const [title, path] of shown)
      expect(readFileSync(join(out, path as string), 'utf8'), title).toContain(title === 'Guides' ? 'Guides' : title === 'Intro' ? 'install' : 'home');
    const links = await json('spaces', 'links', space, '--all');
    expect((links as { status: string }[]).map((l) => l.status)).toEqual(['ok', 'ok']);
  });
});
