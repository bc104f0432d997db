import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { plain, runInPty, terminalTests } from '../../helpers/pty.js';
import { FOLDER, writeTree } from '../../helpers/sync-folder.js';
import { cliStore } from './cli-store.js';

const terminal = terminalTests();
const cli = cliStore('gbctl-guards-');

const { run, ok } = cli;
interface P {
  title: string;
  path: string;
  pages?: P[];
}
const flat = (ps: P[]): P[] => ps.flatMap((p) => [p, ...flat(p.pages ?? [])]);
const pages = async (space: string) => flat(JSON.parse((await ok('pages', 'list', space, '--json')).stdout).pages);

describe('content import asks before it removes pages', () => {
  it('adds a single file as a page and leaves the other pages alone, without asking', async () => {
    const space = JSON.parse((await ok('spaces', 'create', '--title', 'One file', '--json')).stdout).id as string;
    const dir = writeTree(join(cli.dir, 'docs1'), FOLDER);
    await ok('content', 'import', space, '--path', dir);
    const before = await pages(space);
    writeFileSync(join(cli.dir, 'changelog.md'), '# Changelog\n\nFirst release.\n');
    await ok('content', 'import', space, '--path', join(cli.dir, 'changelog.md'));
    const after = await pages(space);
    expect(after.map((p) => p.title)).toEqual([...before.map((p) => p.title), 'Changelog']);
    expect(after.find((p) => p.title === 'Changelog')?.path).toBe('changelog');
    // The same file again, changed: it updates the page of that path.
    writeFileSync(join(cli.dir, 'changelog.md'), '# Changelog\n\nSecond release.\n');
    await ok('content', 'import', space, '--path', join(cli.dir, 'changelog.md'));
    const again = await pages(space);
    expect(again.map((p) => p.title)).toEqual(after.map((p) => p.title));
  });

  it('off a terminal, refuses a folder import that removes pages without --yes, saying how many; --yes goes ahead', async () => {
    const space = JSON.parse((await ok('spaces', 'create', '--title', 'Removals', '--json')).stdout).id as string;
    const dir = writeTree(join(cli.dir, 'docs2'), FOLDER);
    await ok('content', 'import', space, '--path', dir);
    const before = await pages(space);
    rmSync(join(dir, 'faq.md'));
    rmSync(join(dir, 'reference', 'api.md'));
    const refused = await run('content', 'import', space, '--path', dir);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`refusing to remove 2 pages of space ${space}`);
    expect(refused.stderr).toContain('--yes');
    expect(await pages(space)).toEqual(before);
    await ok('content', 'import', space, '--path', dir, '--yes');
    expect((await pages(space)).map((p) => p.title)).not.toContain('FAQ');
    // Nothing removed: no question.
    await ok('content', 'import', space, '--path', dir);
  });

  it.skipIf(!terminal)('on a terminal, says how many pages go and which, and asks: no keeps them, yes removes them', async () => {
    const space = JSON.parse((await ok('spaces', 'create', '--title', 'Asked', '--json')).stdout).id as string;
    const dir = writeTree(join(cli.dir, 'docs-tty'), FOLDER);
    await ok('content', 'import', space, '--path', dir);
    rmSync(join(dir, 'faq.md'));
    const ptyEnv = { GBCTL_DATA: cli.env.GBCTL_DATA as string, GBCTL_CONFIG_DIR: cli.env.GBCTL_CONFIG_DIR as string };
    const no = await runInPty(['content', 'import', space, '--path', dir], { env: ptyEnv, steps: [{ expect: 'Import?', send: 'n\r' }] });
    expect(plain(no.output).replace(/\s+/g, ' ')).toContain(`removes 1 of the 7 pages of space ${space} ("FAQ"), which it does not have. Import?`);
    expect(no.code).toBe(3);
    expect((await pages(space)).map((p) => p.title)).toContain('FAQ');
    const yes = await runInPty(['content', 'import', space, '--path', dir], { env: ptyEnv, steps: [{ expect: 'Import?', send: 'y\r' }] });
    expect(yes.code).toBe(0);
    expect((await pages(space)).map((p) => p.title)).not.toContain('FAQ');
  });

  it('asks before a change request import removes pages of the change request too', async () => {
    const space = JSON.parse((await ok('spaces', 'create', '--title', 'CR removals', '--json')).stdout).id as string;
    const dir = writeTree(join(cli.dir, 'docs3'), FOLDER);
    await ok('content', 'import', space, '--path', dir);
    const cr = JSON.parse((await ok('change-requests', 'create', space, '--subject', 'Trim', '--json')).stdout);
    rmSync(join(dir, 'faq.md'));
    const refused = await run('content', 'import', space, '--change-request', String(cr.number), '--path', dir);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`remove 1 page of change request ${cr.number}`);
  });
});

describe('content export into a folder', () => {
  it('refuses a folder with other files unless --force, and writes into an earlier export', async () => {
    const space = JSON.parse((await ok('spaces', 'create', '--title', 'Export', '--json')).stdout).id as string;
    await ok('content', 'import', space, '--path', writeTree(join(cli.dir, 'docs4'), FOLDER));
    const project = join(cli.dir, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), '{}\n');
    const refused = await run('content', 'export', space, project);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('no Git Sync folder');
    expect(refused.stderr).toContain('--force');
    expect(existsSync(join(project, 'SUMMARY.md'))).toBe(false);
    await ok('content', 'export', space, project, '--force');
    expect(readFileSync(join(project, 'SUMMARY.md'), 'utf8')).toBe(FOLDER['SUMMARY.md']);
    // Now a Git Sync folder: a second export writes into it without --force.
    await ok('content', 'export', space, project);
    await ok('content', 'export', space, join(cli.dir, 'new-folder'));
  });

  it('writes a space made through the API as a Git Sync folder: its first page is README.md, and it pushes back unchanged', async () => {
    const space = JSON.parse((await ok('spaces', 'create', '--title', 'Made here', '--json')).stdout).id as string;
    await ok('content', 'template', space, '--id', 'getting-started');
    const out = join(cli.dir, 'made-here');
    const files = JSON.parse((await ok('content', 'export', space, out, '--json')).stdout).files as string[];
    expect(files).toEqual(['.gitbook.yaml', 'README.md', 'SUMMARY.md', 'faq.md', 'quickstart.md']);
    expect(readFileSync(join(out, 'SUMMARY.md'), 'utf8')).toBe(
      '# Table of contents\n\n* [Welcome](README.md)\n* [Quickstart](quickstart.md)\n* [FAQ](faq.md)\n',
    );
    expect((await ok('content', 'push', out, space)).stderr).toContain('Nothing to push');
  });
});
