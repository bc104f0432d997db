import { afterAll, describe, expect, it } from 'vitest';
import type { Overlays } from '../../src/cli/overlay.js';
import { sourceManifest } from '../../src/manifest-source.js';
import { runCli } from '../helpers/cli.js';
import { startControlled } from '../helpers/controlled-server.js';
import { tempDir } from '../helpers/server.js';

const tmp = tempDir('gbctl-aliases-');
afterAll(() => tmp.cleanup());
const gb = (args: string[]) => runCli(['--store', `${tmp.dir}/store.json`, ...args]);
const json = async (args: string[]) => {
  const r = await gb(args);
  if (r.code !== 0) throw new Error(`exit ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout) as Record<string, unknown>;
};

describe('commands that send an endpoint with a fixed body (overlay aliases)', () => {
  it('are made from the overlay beside the endpoint’s own command, with its arguments and scope and no body flags', async () => {
    const { commands } = await sourceManifest();
    const update = commands.find((c) => c.noun === 'comments' && c.verb === 'update');
    const resolve = commands.find((c) => c.noun === 'comments' && c.verb === 'resolve');
    expect(resolve).toMatchObject({ id: 'comments.update', fixed: { of: 'update', body: { resolved: true } }, options: [], extra: [] });
    expect(resolve?.args).toEqual(update?.args);
    expect(resolve?.variants).toEqual(update?.variants);
    expect(commands.find((c) => c.noun === 'comments' && c.verb === 'reopen')?.fixed?.body).toEqual({ resolved: false });
  });

  it('have a body checked against the endpoint’s, when type-checked', () => {
    const wrong: Overlays = {
      // @ts-expect-error -- comments.update's body has no "resolve" field
      'comments.update': { aliases: [{ verb: 'x', summary: 'x', body: { resolve: true } }] },
    };
    expect(Object.keys(wrong)).toEqual(['comments.update']);
  });

  it('resolve and reopen a comment, in a change request too, and refuse a body besides the fixed one', async () => {
    const space = (await json(['spaces', 'create', '--title', 'Aliases', '--json', 'id'])).id as string;
    const comment = (await json(['comments', 'create', space, '--markdown', 'Check this', '--json', 'id'])).id as string;
    expect(await json(['comments', 'resolve', space, comment, '--json', 'status'])).toEqual({ status: 'resolved' });
    expect(await json(['comments', 'reopen', space, comment, '--json', 'status'])).toEqual({ status: 'open' });

    const dry = await gb(['comments', 'resolve', space, comment, '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('"resolved": true');

    const refused = await gb(['comments', 'resolve', space, comment, '--data', '{"body":{"markdown":"x"}}']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('comments resolve sends {"resolved":true} and takes no other body');
    expect(refused.stderr).toContain('gbctl comments update takes one');
    expect(await json(['comments', 'get', space, comment, '--json', 'status'])).toEqual({ status: 'open' });

    const cr = (await json(['change-requests', 'create', space, '--subject', 'Review', '--json', 'number'])).number as number;
    const inCr = (await json(['comments', 'create', space, '--change-request', String(cr), '--markdown', 'In review', '--json', 'id'])).id as string;
    expect(await json(['comments', 'resolve', space, inCr, '--change-request', String(cr), '--json', 'status'])).toEqual({ status: 'resolved' });
  });

  it('send the same request over HTTP as embedded: the fixed body, and nothing else', async () => {
    const served = await startControlled();
    try {
      const http = async (args: string[]) => {
        const r = await runCli(args, { env: served.env });
        if (r.code !== 0) throw new Error(`exit ${r.code}: ${r.stderr}`);
        return JSON.parse(r.stdout) as Record<string, unknown>;
      };
      const space = (await http(['spaces', 'create', '--title', 'Over HTTP', '--json', 'id'])).id as string;
      const comment = (await http(['comments', 'create', space, '--markdown', 'Remote', '--json', 'id'])).id as string;
      served.controls.log.clear();
      expect(await http(['comments', 'resolve', space, comment, '--json', 'status'])).toEqual({ status: 'resolved' });
      expect(served.controls.log.entries().map((e) => `${e.method} ${e.endpoint ?? e.path}`)).toEqual(['PUT comments.update']);
      expect(await http(['comments', 'reopen', space, comment, '--json', 'status'])).toEqual({ status: 'open' });
    } finally {
      await served.stop();
    }
  });
});
