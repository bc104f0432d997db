import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, spawnCli, type CliResult } from '../helpers/cli.js';
import { spawnServe, tempDir, type ServeProcess } from '../helpers/server.js';

let tmp: ReturnType<typeof tempDir>;
beforeAll(() => {
  tmp = tempDir('gbctl-cr-conflicts-');
});
afterAll(() => tmp.cleanup());

function ok(r: CliResult): string {
  if (r.code !== 0) throw new Error(`exit ${r.code}: ${r.stderr}`);
  return r.stdout;
}
const json = <T>(r: CliResult): T => JSON.parse(ok(r)) as T;

type Run = (args: string[], input?: string) => Promise<CliResult>;

/**
 * A space with the getting-started pages, and two change requests: #1 rewrites Welcome and
 * Quickstart, deletes FAQ and is merged; #2 rewrote Welcome too, deleted Quickstart and edited FAQ.
 */
async function conflicted(gb: Run, space: string): Promise<{ welcome: string; quick: string; faq: string }> {
  ok(await gb(['content', 'template', space, '--id', 'getting-started']));
  const [welcome, quick, faq] = ok(await gb(['pages', 'list', space]))
    .trim()
    .split('\n')
    .map((l) => l.split('\t')[0] as string) as [string, string, string];
  ok(await gb(['change-requests', 'create', space, '--subject', 'Main side']));
  ok(await gb(['change-requests', 'create', space, '--subject', 'Other side']));
  ok(await gb(['pages', 'update', space, '1', welcome, '--file', '-'], 'Welcome, as main has it.\n'));
  ok(await gb(['pages', 'update', space, '1', quick, '--file', '-'], 'Quick, as main has it.\n'));
  ok(await gb(['pages', 'delete', space, '1', faq, '--yes']));
  ok(await gb(['pages', 'update', space, '2', welcome, '--file', '-'], 'Welcome, as the change request has it.\n'));
  ok(await gb(['pages', 'delete', space, '2', quick, '--yes']));
  ok(await gb(['pages', 'update', space, '2', faq, '--file', '-'], 'FAQ, from the change request.\n'));
  expect(json<{ result: string }>(await gb(['change-requests', 'merge', space, '1', '--json'])).result).toBe('merge');
  return { welcome, quick, faq };
}

const markdown = async (gb: Run, space: string, page: string, cr?: string) =>
  ok(await gb(['pages', 'get', space, page, ...(cr ? ['--change-request', cr] : []), '--format', 'markdown']));

describe('gbctl change-requests merge and refresh with conflicts (embedded store)', () => {
  it('merge exits 6 naming each page, keeps main and the change request; settling each page lets it merge', async () => {
    const env = { GBCTL_DATA: join(tmp.dir, 'merge.json') };
    const gb: Run = (args, input) => runCli(args, { env, ...(input !== undefined ? { input } : {}) });
    const space = json<{ id: string }>(await gb(['spaces', 'create', '--title', 'Handbook', '--json'])).id;
    const { welcome, quick, faq } = await conflicted(gb, space);
    const mainRev = json<{ revision: string }>(await gb(['spaces', 'get', space, '--json'])).revision;

    const refused = await gb(['change-requests', 'merge', space, '2']);
    expect(refused.code).toBe(6);
    expect(refused.stdout).toContain('result\tconflicts');
    expect(refused.stderr).toContain('change request 2 was not merged: 3 pages conflict with the main content');
    expect(refused.stderr).toContain(`"Welcome" (welcome, page ${welcome}): changed on both sides`);
    expect(refused.stderr).toContain(`"Quickstart" (quickstart, page ${quick}): deleted in the change request, changed on main`);
    expect(refused.stderr).toContain(`"FAQ" (faq, page ${faq}): deleted on main, changed in the change request`);
    expect(refused.stderr).toMatch(/hint: settle each page: .*gbctl change-requests resolve/);
    expect(json<{ revision: string }>(await gb(['spaces', 'get', space, '--json'])).revision).toBe(mainRev);
    expect(await markdown(gb, space, welcome)).toBe('Welcome, as main has it.\n');
    expect(json<{ status: string }>(await gb(['change-requests', 'get', space, '2', '--json'])).status).toBe('draft');

    // --json still prints the result on stdout; the error is JSON on stderr; the exit code is the same.
    const asJson = await gb(['change-requests', 'merge', space, '2', '--json']);
    expect(asJson.code).toBe(6);
    const result = JSON.parse(asJson.stdout) as { revision: string; result: string; conflicts: { page: string; kind: string }[] };
    expect(result).toMatchObject({ revision: mainRev, result: 'conflicts' });
    expect(result.conflicts.map((c) => c.kind)).toEqual(['edited', 'deleted-in-change-request', 'deleted-in-main']);
    expect(JSON.parse(asJson.stderr).error).toMatchObject({ code: 6, message: expect.stringContaining('"Welcome" (welcome') });
    const picked = await gb(['change-requests', 'merge', space, '2', '--json', 'result,conflicts']);
    expect(picked.code).toBe(6);
    expect(Object.keys(JSON.parse(picked.stdout) as object)).toEqual(['result', 'conflicts']);

    // Settle: edit Welcome (named by its path), keep the change request's FAQ, keep main's Quickstart.
    ok(await gb(['pages', 'update', space, '2', 'welcome', '--file', '-'], 'Welcome, settled.\n'));
    ok(await gb(['change-requests', 'resolve', space, '2', faq, '--keep', 'change-request']));
    const still = await gb(['change-requests', 'merge', space, '2']);
    expect(still.code).toBe(6);
    expect(still.stderr).toContain('1 page conflict');
    expect(still.stderr).not.toContain('"Welcome"');
    ok(await gb(['change-requests', 'resolve', space, '2', quick, '--keep', 'main']));
    const settled = json<{ conflicts: { resolved: boolean }[] }>(await gb(['change-requests', 'get', space, '2', '--json']));
    expect(settled.conflicts.every((c) => c.resolved)).toBe(true);

    const merged = await gb(['change-requests', 'merge', space, '2', '--json']);
    expect(merged.code).toBe(0);
    expect(JSON.parse(merged.stdout)).toMatchObject({ result: 'merge' });
    expect(await markdown(gb, space, welcome)).toBe('Welcome, settled.\n');
    expect(await markdown(gb, space, quick)).toBe('Quick, as main has it.\n');
    expect(await markdown(gb, space, faq)).toBe('FAQ, from the change request.\n');

    const bad = await gb(['change-requests', 'resolve', space, '2', faq, '--keep', 'neither']);
    expect(bad.code).toBe(2);
  });

  it('refresh exits 6 naming each page, brings the rest of main in, and merge refuses until the page is edited', async () => {
    const env = { GBCTL_DATA: join(tmp.dir, 'refresh.json') };
    const gb: Run = (args, input) => runCli(args, { env, ...(input !== undefined ? { input } : {}) });
    const space = json<{ id: string }>(await gb(['spaces', 'create', '--title', 'Handbook', '--json'])).id;
    const { welcome } = await conflicted(gb, space);

    const refreshed = await gb(['change-requests', 'refresh', space, '2']);
    expect(refreshed.code).toBe(6);
    expect(refreshed.stderr).toContain('change request 2 has 3 pages in conflict with the main content; it kept its side of each');
    expect(refreshed.stderr).toContain(`"Welcome" (welcome, page ${welcome}): changed on both sides`);
    expect(await markdown(gb, space, welcome, '2')).toBe('Welcome, as the change request has it.\n');
    expect(json<{ outdated: boolean }>(await gb(['change-requests', 'get', space, '2', '--json'])).outdated).toBe(false);

    const refused = await gb(['change-requests', 'merge', space, '2']);
    expect(refused.code).toBe(6);
    expect(await markdown(gb, space, welcome)).toBe('Welcome, as main has it.\n');
    for (const page of ['welcome', 'faq']) ok(await gb(['pages', 'update', space, '2', page, '--file', '-'], `${page}, settled.\n`));
    const quickGone = json<{ conflicts: { page: string; resolved: boolean; kind: string }[] }>(
      await gb(['change-requests', 'get', space, '2', '--json']),
    ).conflicts.find((c) => !c.resolved);
    expect(quickGone?.kind).toBe('deleted-in-change-request');
    ok(await gb(['change-requests', 'resolve', space, '2', quickGone?.page as string, '--keep', 'change-request']));
    ok(await gb(['change-requests', 'merge', space, '2']));
    expect(await markdown(gb, space, welcome)).toBe('welcome, settled.\n');
    expect(
      ok(await gb(['pages', 'list', space]))
        .trim()
        .split('\n')
        .map((l) => l.split('\t')[1]),
    ).toEqual(['Welcome', 'FAQ']);
  });
});

describe('gbctl change-requests merge against gbctl serve (built binary)', () => {
  let serve: ServeProcess;
  let space: string;
  beforeAll(async () => {
    const data = join(tmp.dir, 'served.json');
    space = json<{ id: string }>(await runCli(['spaces', 'create', '--title', 'Served', '--json'], { env: { GBCTL_DATA: data } })).id;
    serve = await spawnServe(data);
  });
  afterAll(async () => {
    await serve.stop();
  });

  it('exits 6 with the pages named, then merges the edited page', async () => {
    const env = { GITBOOK_ENDPOINT: serve.url, GITBOOK_TOKEN: serve.token };
    // The setup runs in process against the server; the steps under test run the built binary.
    const { welcome, quick, faq } = await conflicted((args, input) => runCli(args, { env, ...(input !== undefined ? { input } : {}) }), space);
    const gb: Run = (args, input) => spawnCli(args, { env, ...(input !== undefined ? { input } : {}) });
    const refused = await gb(['change-requests', 'merge', space, '2']);
    expect(refused.code).toBe(6);
    expect(refused.stderr).toContain(`"Welcome" (welcome, page ${welcome}): changed on both sides`);
    expect(await markdown(gb, space, welcome)).toBe('Welcome, as main has it.\n');
    ok(await gb(['pages', 'update', space, '2', welcome, '--file', '-'], 'Welcome, settled over HTTP.\n'));
    ok(await gb(['change-requests', 'resolve', space, '2', quick, '--keep', 'main']));
    ok(await gb(['change-requests', 'resolve', space, '2', faq, '--keep', 'change-request']));
    expect(json<{ result: string }>(await gb(['change-requests', 'merge', space, '2', '--json'])).result).toBe('merge');
    expect(await markdown(gb, space, welcome)).toBe('Welcome, settled over HTTP.\n');
  }, 90_000);
});
