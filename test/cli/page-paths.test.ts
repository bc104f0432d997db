import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';

const tmp = tempDir();
const gb = (args: string[], opts: { tty?: boolean } = {}) => runCli(['--store', join(tmp.dir, 'store.json'), ...args], opts);
const json = async (args: string[]) => {
  const r = await gb([...args, '--json']);
  expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  return JSON.parse(r.stdout) as Record<string, unknown>;
};
afterAll(() => tmp.cleanup());

describe('pages by path', () => {
  it('takes a page path wherever a page id is taken, and shows the tree indented on a terminal', async () => {
    const space = (await json(['spaces', 'create', '--title', 'Docs'])).id as string;
    const cr = String((await json(['change-requests', 'create', space, '--subject', 'Pages'])).number);
    await json(['pages', 'create', space, cr, '--title', 'Guides', '--markdown', '# Guides']);
    // --parent by path
    const child = await json(['pages', 'create', space, cr, '--title', 'Getting started', '--markdown', 'Hello', '--parent', 'guides']);
    const byPath = await json(['pages', 'get', space, 'guides/getting-started', '--change-request', cr]);
    expect(byPath.id).toBe(child.id);
    await json(['pages', 'update', space, cr, 'guides/getting-started', '--markdown', 'Hello again']);
    expect((await gb(['pages', 'get', space, 'guides/getting-started', '--change-request', cr, '--format', 'markdown'])).stdout).toContain('Hello again');
    const comment = await json(['comments', 'create', space, '--change-request', cr, '--page-id', 'guides/getting-started', '--markdown', 'Nice']);
    expect(comment.id).toBeTruthy();
    const tree = await gb(['pages', 'list', space, '--change-request', cr], { tty: true });
    expect(tree.stdout).toMatch(/\n.*Guides.*\n.* {2}Getting started/);
    const rows = await gb(['pages', 'list', space, '--change-request', cr]);
    expect(rows.stdout).toContain('\tGetting started\t');
    const filtered = await gb(['comments', 'list', space, '--change-request', cr, '--target-page', 'guides/getting-started', '--json', 'id']);
    expect(filtered.code, filtered.stderr).toBe(0);
    expect(JSON.parse(filtered.stdout)).toEqual([{ id: comment.id }]);
    // Neither an id nor a path: not found, in the command line's words (it was a pageId validation error).
    for (const args of [
      ['pages', 'get', space, 'guides/nope', '--change-request', cr],
      ['pages', 'update', space, cr, 'guides/nope', '--title', 'X'],
      ['pages', 'delete', space, cr, 'nope', '--yes'],
    ]) {
      const missing = await gb(args);
      expect(missing.code, args.join(' ')).toBe(5);
      expect(missing.stderr).toMatch(/no page with the id or path "(guides\/)?nope" in space \S+ \(change request \d+\)/);
    }
    const pdf = join(tmp.dir, 'page.pdf');
    const exported = await gb(['change-requests', 'export', space, cr, '--page-id', 'guides/getting-started', '--only', '--output', pdf]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await gb(['change-requests', 'export', space, cr, '--page-id', 'guides/nope', '--only', '--output', pdf])).code).toBe(5);
    // A dry run prints the request a path makes, with the page's id.
    const dry = await gb(['pages', 'update', space, cr, 'guides/getting-started', '--title', 'Renamed', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`/gbctl/pages/${String(child.id)}`);
  });

  it("sends a page's id as given, and reads the page tree only when a value turns out to be a path", async () => {
    const space = (await json(['spaces', 'create', '--title', 'Ids first'])).id as string;
    const cr = String((await json(['change-requests', 'create', space, '--subject', 'Pages'])).number);
    const page = (await json(['pages', 'create', space, cr, '--title', 'Guides', '--markdown', '# Guides'])).id as string;
    const requests = async (args: string[]) => {
      const r = await gb([...args, '--debug']);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      return [...r.stderr.matchAll(/^(GET|PATCH|POST|DELETE) embedded store\/v1\/spaces\/\w+(\/\S*) (\d+)/gm)].map((m) => `${m[1]} ${m[2]} ${m[3]}`);
    };
    const crPath = `/change-requests/${cr}`;
    // By id: the page alone, not every page's markdown first.
    expect(await requests(['pages', 'get', space, page, '--change-request', cr])).toEqual([`GET ${crPath}/content/page/${page} 200`]);
    // By a path that could be an id: not found as one, then the tree, then the page by its id.
    expect(await requests(['pages', 'get', space, 'guides', '--change-request', cr])).toEqual([
      `GET ${crPath}/content/page/guides 404`,
      `GET ${crPath}/content/pages?metadata=false 200`,
      `GET ${crPath}/content/page/${page} 200`,
    ]);
    // A write by path changes nothing on its first try and is made once.
    expect(await requests(['pages', 'update', space, cr, 'guides', '--markdown', 'Edited'])).toEqual([
      `PATCH ${crPath}/gbctl/pages/guides 404`,
      `GET ${crPath}/content/pages?metadata=false 200`,
      `PATCH ${crPath}/gbctl/pages/${page} 200`,
    ]);
    expect((await json(['pages', 'get', space, page, '--change-request', cr])).markdown).toBe('Edited');
    // A path with a slash cannot be an id: the tree first, as before.
    const nested = (await json(['pages', 'create', space, cr, '--title', 'Start', '--markdown', 'Hi', '--parent', page])).id as string;
    expect(await requests(['pages', 'get', space, 'guides/start', '--change-request', cr])).toEqual([
      `GET ${crPath}/content/pages?metadata=false 200`,
      `GET ${crPath}/content/page/${nested} 200`,
    ]);
    // A deletion asks about the page it names: its path is resolved first, as before.
    expect((await requests(['pages', 'delete', space, cr, 'guides/start', '--yes']))[0]).toBe(`GET ${crPath}/content/pages?metadata=false 200`);
    // A 404 about something else than the page stays that 404.
    const gone = await gb(['pages', 'get', 'NoSuchSpace1234', page]);
    expect(gone.code).toBe(5);
    expect(gone.stderr).toMatch(/space/i);
    const missing = await gb(['pages', 'get', space, 'nope', '--change-request', cr]);
    expect(missing.code).toBe(5);
    expect(missing.stderr).toMatch(/no page with the id or path "nope"/);
  });

  it('says so in the help of every argument and option that names a page', async () => {
    for (const [command, line] of [
      [['pages', 'get'], /page\s+page id or path/],
      [['pages', 'update'], /page\s+page id or path/],
      [['pages', 'delete'], /page\s+page id or path/],
      [['content', 'links'], /page\s+page id or path/],
      [['pages', 'create'], /--parent <value>\s+parent page id or path/],
      [['comments', 'create'], /--page-id <value>\s+page id or path/],
      [['comments', 'list'], /--target-page <value>\s+only comments on this page id or path/],
      [['change-requests', 'export'], /--page-id <value>\s+page id or path to start from/],
    ] as const) {
      const help = await gb([...command, '--help']);
      expect(help.stdout, command.join(' ')).toMatch(line);
    }
  });
});
