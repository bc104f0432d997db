import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/cli.js';
import { spawnServe, tempDir, type ServeProcess } from '../helpers/server.js';

let tmp: ReturnType<typeof tempDir>;
beforeAll(() => {
  tmp = tempDir('gbctl-editing-cli-');
});
afterAll(() => tmp.cleanup());

function ok(r: CliResult): string {
  if (r.code !== 0) throw new Error(`exit ${r.code}: ${r.stderr}`);
  return r.stdout;
}
const json = (r: CliResult): unknown => JSON.parse(ok(r));

describe('gbctl review flow (embedded store)', () => {
  it('creates a change request, edits a page, comments, resolves, merges, and shows the new content', async () => {
    const env = { GBCTL_DATA: join(tmp.dir, 'store.json') };
    const gb = (args: string[], input?: string) => runCli(args, { env, ...(input !== undefined ? { input } : {}) });

    const space = (json(await gb(['spaces', 'create', '--title', 'Handbook', '--json'])) as { id: string }).id;
    ok(await gb(['content', 'template', space, '--id', 'getting-started']));
    const pages = ok(await gb(['pages', 'list', space]))
      .trim()
      .split('\n')
      .map((l) => l.split('\t'));
    expect(pages.map((p) => p[1])).toEqual(['Welcome', 'Quickstart', 'FAQ']);
    const quick = pages[1]?.[0] as string;

    const cr = json(await gb(['change-requests', 'create', space, '--subject', 'Rewrite the quickstart', '--json'])) as { number: number };
    expect(cr.number).toBe(1);
    // Edit a page from stdin, add one from a file.
    ok(await gb(['pages', 'update', space, '1', quick, '--file', '-'], '## Install\n\nRun `npm i -g gbctl`.\n'));
    const file = join(tmp.dir, 'troubleshooting.md');
    writeFileSync(file, 'Turn it off and on again.\n');
    ok(await gb(['pages', 'create', space, '1', '--title', 'Troubleshooting', '--file', file]));
    expect(ok(await gb(['pages', 'get', space, quick, '--change-request', '1', '--format', 'markdown']))).toBe('## Install\n\nRun `npm i -g gbctl`.\n');
    expect(ok(await gb(['pages', 'get', space, quick, '--format', 'markdown']))).toContain('Install the product.');

    const comment = json(
      await gb(['comments', 'create', space, '--change-request', '1', '--page-id', quick, '--markdown', 'Mention the Node version?', '--json']),
    ) as { id: string; status: string };
    expect(comment.status).toBe('open');
    expect(ok(await gb(['comments', 'list', space, '--change-request', '1'])).split('\t')[0]).toBe(comment.id);
    expect((json(await gb(['change-requests', 'get', space, '1', '--json'])) as { comments: number }).comments).toBe(1);
    ok(await gb(['replies', 'create', space, comment.id, '--change-request', '1', '--markdown', 'Done in the next edit']));

    const resolved = json(await gb(['comments', 'resolve', space, comment.id, '--change-request', '1', '--json'])) as {
      status: string;
      resolvedBy: { displayName: string };
    };
    expect(resolved).toMatchObject({ status: 'resolved', resolvedBy: { displayName: 'Local Admin' } });
    expect(ok(await gb(['comments', 'list', space, '--change-request', '1', '--status', 'open']))).toBe('');
    const reopened = json(await gb(['comments', 'reopen', space, comment.id, '--change-request', '1', '--json'])) as { status: string };
    expect(reopened.status).toBe('open');
    ok(await gb(['comments', 'resolve', space, comment.id, '--change-request', '1']));

    const pdf = join(tmp.dir, 'cr.pdf');
    const exported = json(await gb(['change-requests', 'export', space, '1', '--output', pdf, '--json'])) as { file: string; bytes: number };
    expect(exported.file).toBe(pdf);
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    expect(readFileSync(pdf).length).toBe(exported.bytes);
    const noOutput = await gb(['change-requests', 'export', space, '1']);
    expect(noOutput.code).toBe(2);
    expect(noOutput.stderr).toMatch(/--output/);

    const merged = json(await gb(['change-requests', 'merge', space, '1', '--json'])) as { result: string };
    expect(merged.result).toBe('merge');
    const after = ok(await gb(['pages', 'list', space]))
      .trim()
      .split('\n')
      .map((l) => l.split('\t')[1]);
    expect(after).toEqual(['Welcome', 'Quickstart', 'FAQ', 'Troubleshooting']);
    expect(ok(await gb(['pages', 'get', space, quick, '--format', 'markdown']))).toBe('## Install\n\nRun `npm i -g gbctl`.\n');
    const again = await gb(['change-requests', 'merge', space, '1']);
    expect(again.code).toBe(6);
    expect(again.stderr).toMatch(/merged/);
    expect(
      ok(await gb(['change-requests', 'list', space, '--status', 'merged']))
        .split('\t')
        .slice(0, 4),
    ).toEqual(['1', expect.any(String), 'merged', 'Rewrite the quickstart']);

    const deleting = await gb(['comments', 'delete', space, comment.id, '--change-request', '1']);
    expect(deleting.code).toBe(2);
    expect(deleting.stderr).toMatch(/--yes/);
    ok(await gb(['comments', 'delete', space, comment.id, '--change-request', '1', '--yes']));
  });

  it('lists the templates in the help of content template and refuses an unknown one', async () => {
    const env = { GBCTL_DATA: join(tmp.dir, 'store2.json') };
    const help = ok(await runCli(['content', 'template', '--help'], { env }));
    for (const id of ['getting-started', 'api-reference', 'changelog']) expect(help).toContain(id);
    const space = (json(await runCli(['spaces', 'create', '--title', 'T', '--json'], { env })) as { id: string }).id;
    const bad = await runCli(['content', 'template', space, '--id', 'nope'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown template "nope"/);
  });
});

describe('gbctl against gbctl serve', () => {
  let serve: ServeProcess;
  let space: string;
  beforeAll(async () => {
    // The space is made in the store before it is served.
    const data = join(tmp.dir, 'served.json');
    space = (json(await runCli(['spaces', 'create', '--title', 'Served', '--json'], { env: { GBCTL_DATA: data } })) as { id: string }).id;
    serve = await spawnServe(data);
  });
  afterAll(async () => {
    await serve.stop();
  });

  it('imports a folder, searches it, and downloads a change-request PDF over HTTP', async () => {
    const env = { GITBOOK_ENDPOINT: serve.url, GITBOOK_TOKEN: serve.token };
    const gb = (args: string[]) => runCli(args, { env });
    const folder = join(tmp.dir, 'served-docs');
    mkdirSync(folder);
    writeFileSync(join(folder, 'setup.md'), '# Setup\n\n## Database\n\nConfigure postgres.\n');
    const imported = json(await gb(['content', 'import', space, '--url', `file://${folder}`, '--source', 'markdown', '--json'])) as {
      importedResources: number;
    };
    expect(imported.importedResources).toBe(1);
    const hits = json(await gb(['content', 'search', space, 'postgres', '--json'])) as { title: string; sections: { title: string }[] }[];
    expect(hits[0]).toMatchObject({ title: 'Setup', sections: [{ title: 'Database' }] });
    ok(await gb(['change-requests', 'create', space]));
    const url = (json(await gb(['change-requests', 'export', space, '1', '--json'])) as { url: string }).url;
    expect(url.startsWith(`${serve.url}/_gbctl/blobs/`)).toBe(true);
    const pdf = join(tmp.dir, 'served.pdf');
    ok(await gb(['change-requests', 'export', space, '1', '--output', pdf]));
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
