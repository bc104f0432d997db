import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../helpers/run-cli.js';
import { FOLDER, writeTree } from '../../helpers/sync-folder.js';
import { cliStore } from './cli-store.js';

const cli = cliStore('gbctl-push-');

const { run, ok } = cli;
const titles = async (space: string) => {
  const flat = (ps: { title: string; pages?: unknown[] }[]): string[] => ps.flatMap((p) => [p.title, ...flat((p.pages ?? []) as never)]);
  return flat(JSON.parse((await ok('pages', 'list', space, '--json')).stdout).pages);
};

describe('content push', () => {
  it('shows what it adds, changes and removes, opens a change request, merges it, and then has nothing to push', async () => {
    const space = JSON.parse((await ok('spaces', 'create', '--title', 'Docs', '--json')).stdout).id as string;
    const dir = writeTree(join(cli.dir, 'docs'), FOLDER);
    await ok('content', 'import', space, '--url', pathToFileURL(dir).href, '--source', 'markdown');
    const nothing = await ok('content', 'push', dir, space);
    expect(nothing.stderr).toContain('Nothing to push');
    expect(JSON.parse((await ok('change-requests', 'list', space, '--json')).stdout)).toEqual([]);

    writeFileSync(join(dir, 'faq.md'), '# FAQ\n\n## Why\n\nBecause it is better.\n');
    writeFileSync(join(dir, 'changelog.md'), '# Changelog\n\nFirst release.\n');
    rmSync(join(dir, 'reference', 'api.md'));
    writeFileSync(
      join(dir, 'SUMMARY.md'),
      String(FOLDER['SUMMARY.md']).replace('* [API](reference/api.md)\n', '').replace('* [FAQ](faq.md)\n', '* [FAQ](faq.md)\n* [Changelog](changelog.md)\n'),
    );
    const r = await ok('content', 'push', dir, space, '--diff', '--change-request', 'Update the docs', '--merge');
    expect(r.stderr).toContain('  + changelog.md');
    expect(r.stderr).toContain('  ~ faq.md');
    expect(r.stderr).toContain('  - reference/api.md');
    expect(r.stderr).toContain('1 to add, 1 to change, 1 to remove');
    expect(r.stdout).toContain('--- a/faq.md\n+++ b/faq.md\n');
    expect(r.stdout).toContain('\n-Because.\n');
    expect(r.stdout).toContain('\n+Because it is better.\n');
    expect(r.stdout).toMatch(/\/app\/s\/[^/]+\/~\/changes\/1\n$/);
    expect(r.stderr).toContain('✓ Merged change request #1');
    const now = await titles(space);
    expect(now).toContain('Changelog');
    expect(now).not.toContain('API');
    expect((await ok('content', 'push', dir, space)).stderr).toContain('Nothing to push');
    // Not merged, the change request is a draft, which the list shows only when asked for.
    writeFileSync(join(dir, 'faq.md'), '# FAQ\n\n## Why\n\nBecause.\n');
    const draft = await ok('content', 'push', dir, space);
    expect(draft.stderr).toContain(`✓ Opened change request #2 "Push from docs" as a draft (gbctl change-requests list ${space} --status draft lists it)`);
    expect(JSON.parse((await ok('change-requests', 'list', space, '--status', 'draft', '--json', 'number')).stdout)).toEqual([{ number: 2 }]);
  });

  it('reports what the server stored, not what was sent: files that did not arrive are named, no ✓, nothing merged', async () => {
    const space = JSON.parse((await ok('spaces', 'create', '--title', 'Arrived', '--json')).stdout).id as string;
    const dir = writeTree(join(cli.dir, 'arrived'), FOLDER);
    await ok('content', 'push', dir, space, '--direct');
    // The service reads an older copy (--url): the new page and the edit never reach it.
    const stale = writeTree(join(cli.dir, 'arrived-stale'), FOLDER);
    writeFileSync(join(dir, 'faq.md'), '# FAQ\n\n## Why\n\nBecause it is better.\n');
    writeFileSync(join(dir, 'changelog.md'), '# Changelog\n\nFirst release.\n');
    writeFileSync(join(dir, 'SUMMARY.md'), String(FOLDER['SUMMARY.md']).replace('* [FAQ](faq.md)\n', '* [FAQ](faq.md)\n* [Changelog](changelog.md)\n'));
    writeFileSync(join(stale, 'README.md'), `${String(FOLDER['README.md'])}\nA line only the stale copy has.\n`);
    const r = await run('content', 'push', dir, space, '--url', pathToFileURL(stale).href, '--merge', '--json');
    expect(r.code).toBe(1);
    expect(r.stderr).not.toContain('✓');
    expect(r.stderr).toContain('files are not in change request #1 as pushed');
    expect(JSON.parse(r.stdout).missing).toEqual(['README.md', 'SUMMARY.md', 'changelog.md', 'faq.md']);
    expect(JSON.parse((await ok('change-requests', 'get', space, '1', '--json')).stdout).status).not.toBe('merged');
    const direct = await run('content', 'push', dir, space, '--direct', '--url', pathToFileURL(stale).href);
    expect(direct.code).toBe(1);
    expect(direct.stderr).not.toContain('✓');
    expect(direct.stderr).toContain(`not in space ${space}`);
  });

  it('over HTTP to a service on another machine, says a reachable --url is needed and sends nothing', async () => {
    const dir = join(cli.dir, 'docs');
    const r = await runCliInProcess(['content', 'push', dir, 'SPACE'], {
      env: { GBCTL_CONFIG_DIR: cli.env.GBCTL_CONFIG_DIR as string, GITBOOK_ENDPOINT: 'https://api.example.invalid', GITBOOK_TOKEN: 't' },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cannot read');
    expect(r.stderr).toContain('--url');
  });

  it('refuses --direct removals without --yes, and a folder that is not there', async () => {
    const space = JSON.parse((await ok('spaces', 'create', '--title', 'Direct', '--json')).stdout).id as string;
    const dir = writeTree(join(cli.dir, 'direct'), FOLDER);
    await ok('content', 'push', dir, space, '--direct');
    rmSync(join(dir, 'faq.md'));
    const refused = await run('content', 'push', dir, space, '--direct');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes');
    expect((await run('content', 'push', join(cli.dir, 'nope'), space)).code).toBe(2);
  });
});

describe('content export and push over HTTP', () => {
  it('work against gbctl serve on loopback: the server reads the local folder, export downloads the files', async () => {
    const { startServer, api } = await import('../../helpers/server.js');
    const s = await startServer();
    try {
      const http = { GITBOOK_ENDPOINT: s.url, GITBOOK_TOKEN: s.token, GITBOOK_ORGANIZATION: s.org, GBCTL_CONFIG_DIR: cli.env.GBCTL_CONFIG_DIR as string };
      const space = (await api(s, 'POST', `/orgs/${s.org}/spaces`, { title: 'Remote' })).body.id as string;
      const dir = writeTree(join(cli.dir, 'remote'), FOLDER);
      const pushed = await runCliInProcess(['content', 'push', dir, space, '--direct'], { env: http });
      expect(pushed.code, pushed.stderr).toBe(0);
      expect(pushed.stderr).toContain('7 to add, 0 to change, 0 to remove, 4 other files');
      const out = join(cli.dir, 'remote-out');
      const exported = await runCliInProcess(['content', 'export', space, out], { env: http });
      expect(exported.code, exported.stderr).toBe(0);
      const again = await runCliInProcess(['content', 'push', out, space], { env: http });
      expect(again.stderr).toContain('Nothing to push');
      const { readFileSync } = await import('node:fs');
      expect(readFileSync(join(out, '.gitbook', 'assets', 'logo.png')).equals(FOLDER['.gitbook/assets/logo.png'] as Buffer)).toBe(true);
    } finally {
      await s.stop();
    }
  });
});
