import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';

const tmp = tempDir();
const gb = (args: string[]) => runCli(['--store', join(tmp.dir, 'store.json'), ...args]);
afterAll(() => tmp.cleanup());

describe('exit codes depend on the error, not on where it was caught', () => {
  it('exits 2 for bad input whether gbctl or the server refuses it, naming the flag', async () => {
    const local = await gb(['spaces', 'create', '--title', 'x'.repeat(60)]);
    expect(local.code).toBe(2);
    expect(local.stderr).toContain('--title: at most 50 characters');
    const org = JSON.parse((await gb(['auth', 'status', '--json'])).stdout).organization as string;
    const server = await gb(['api', 'POST', `/orgs/${org}/spaces`, '-F', `title=${'y'.repeat(60)}`]);
    expect(server.code).toBe(2);
    expect(server.stderr).toContain('at most 50 characters');
    const token = await gb(['spaces', 'list', '--page', 'bogus']);
    expect(token.code).toBe(2);
    const size = await gb(['spaces', 'list', '--page-size', '5000']);
    expect(size.code).toBe(2);
    expect(size.stderr).toContain('--page-size: at most 1000');
  });

  it('adds the organization hint to a 404 only where an organization applies', async () => {
    const space = await gb(['spaces', 'get', 'nope']);
    expect(space.code).toBe(5);
    expect(space.stderr).not.toContain('organization');
    const list = await gb(['spaces', 'list', '--org', 'nope']);
    expect(list.code).toBe(5);
    expect(list.stderr).toContain('right organization');
  });
});
