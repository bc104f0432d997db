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
    const missing = await gb(['pages', 'get', space, 'guides/nope', '--change-request', cr]);
    expect(missing.code).not.toBe(0);
  });
});
