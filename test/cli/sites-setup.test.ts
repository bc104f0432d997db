import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tsvRecordOf } from '../helpers/tsv.js';
import { plain, runInPty, terminalTests } from '../helpers/pty.js';

const terminal = terminalTests();
import { api, startServer, tempDir, type TestServer } from '../helpers/server.js';
import { publishedErrors } from '../helpers/published-schema.js';

const ESC = '\u001b';

interface Screen {
  code: number | null;
  screen: string;
  /** Null when every expected prompt appeared and the command ended in time. */
  failed: string | null;
}

/** Runs the built CLI in a pseudo-terminal, typing `steps` as their prompts appear. */
async function inTerminal(args: string[], steps: { expect: string; send: string }[], env: Record<string, string | null> = {}, timeout = 25): Promise<Screen> {
  const r = await runInPty(args, { steps, timeout, env: { GBCTL_NO_INPUT: null, NO_COLOR: '1', ...env } });
  return { code: r.code, screen: plain(r.output), failed: r.timedOut ? 'timed out waiting for a prompt or for the end' : null };
}

let tmp: ReturnType<typeof tempDir>;
beforeAll(() => {
  tmp = tempDir();
});
afterAll(() => tmp.cleanup());

async function json<T>(store: string, args: string[]): Promise<T> {
  const r = await runCli([...args, '--store', store, '--json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as T;
}
const sitesIn = async (store: string) => await json<{ id: string; title: string; published: boolean; visibility: string }[]>(store, ['sites', 'list']);

describe('gbctl sites setup without a terminal', { timeout: 120_000 }, () => {
  it('does everything from flags', async () => {
    const store = join(tmp.dir, 'flags.json');
    const guide = (await json<{ id: string }>(store, ['spaces', 'create', '--title', 'Guide'])).id;
    const api2 = (await json<{ id: string }>(store, ['spaces', 'create', '--title', 'API'])).id;
    const r = await runCli([
      'sites',
      'setup',
      '--title',
      'Handbook',
      '--visibility',
      'share-link',
      '--space',
      guide,
      '--section',
      `API reference=${api2}`,
      '--section',
      'Changelog',
      '--publish',
      '--yes',
      '--store',
      store,
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const site = JSON.parse(r.stdout);
    expect(publishedErrors('Site', site)).toBeUndefined();
    expect(site).toMatchObject({ title: 'Handbook', visibility: 'share-link', published: true, siteSpaces: 3 });
    expect(site.urls.published).toContain('shareKey=');
    expect(r.stderr).toContain('→ Publishing');
    const sections = await json<{ title: string; siteSpaces: { space: { id: string; title: string } }[] }[]>(store, ['sections', 'list', site.id]);
    expect(sections.map((x) => [x.title, x.siteSpaces.map((y) => y.space.title)])).toEqual([
      ['Handbook', ['Guide']],
      ['API reference', ['API']],
      ['Changelog', ['Changelog']],
    ]);
    const text = await runCli([
      'sites',
      'setup',
      '--title',
      'Sampler',
      '--visibility',
      'public',
      '--new-space',
      'sample',
      '--no-publish',
      '--yes',
      '--store',
      store,
    ]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stderr).toMatch(/^✓ Created the site "Sampler" \(\w+\), not published yet$/m);
    expect(tsvRecordOf(text.stdout)).toMatchObject({ title: 'Sampler', published: 'false', visibility: 'public' });
    expect((await sitesIn(store)).map((x) => [x.title, x.published])).toEqual([
      ['Handbook', true],
      ['Sampler', false],
    ]);
  });

  it('names the missing flag (exit 2) and creates nothing', async () => {
    const store = join(tmp.dir, 'missing.json');
    const all = ['--title', 'Docs', '--visibility', 'public', '--new-space', '--publish', '--yes'];
    const without = (flag: string, n = 1) => {
      const i = all.indexOf(flag);
      return [...all.slice(0, i), ...all.slice(i + n)];
    };
    const cases: [string[], RegExp][] = [
      [without('--title', 2), /missing --title/],
      [without('--visibility', 2), /missing --visibility/],
      [without('--new-space'), /missing --space or --new-space/],
      [without('--publish'), /missing --publish or --no-publish/],
      [without('--yes'), /missing --yes/],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(['sites', 'setup', ...args, '--store', store]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
    }
    expect((await runCli(['sites', 'setup', ...all, '--title', 'X', '--store', store])).stderr).toMatch(/--title: the title needs 2 to 128/);
    expect((await runCli(['sites', 'setup', ...all, '--visibility', 'private', '--store', store])).code).toBe(2);
    expect((await runCli(['sites', 'setup', ...all, '--new-space', 'huge', '--store', store])).stderr).toMatch(/--new-space/);
    expect((await runCli(['sites', 'setup', ...all, '--section', 'A', '--store', store])).stderr).toMatch(/--section "A"/);
    expect(await sitesIn(store)).toEqual([]);
  });

  it('deletes what it made when a step fails, and says the space stays restorable', async () => {
    const store = join(tmp.dir, 'fails.json');
    const guide = (await json<{ id: string }>(store, ['spaces', 'create', '--title', 'Guide'])).id;
    const r = await runCli([
      'sites',
      'setup',
      '--title',
      'Broken',
      '--visibility',
      'public',
      '--space',
      guide,
      '--section',
      'New part',
      '--section',
      'Missing=nope',
      '--publish',
      '--yes',
      '--store',
      store,
    ]);
    expect(r.code).toBe(5);
    const m = /setup failed; deleted the site \w+; deleted the space (\w+) \(restorable for 7 days: gbctl spaces restore \1\)/.exec(r.stderr);
    expect(m, r.stderr).not.toBeNull();
    expect(r.stderr).not.toMatch(/removed/);
    expect(r.stderr).toMatch(/space nope not found/);
    expect(await sitesIn(store)).toEqual([]);
    const spaces = (await json<{ title: string }[]>(store, ['spaces', 'list'])).map((x) => x.title);
    expect(spaces).toEqual(['Guide']);
  });
});

describe.skipIf(!terminal)('gbctl sites setup in a terminal', { timeout: 120_000 }, () => {
  it('asks for every answer, shows the plan, and creates the site', async () => {
    const store = join(tmp.dir, 'tty.json');
    const guide = (await json<{ id: string }>(store, ['spaces', 'create', '--title', 'Guide'])).id;
    const r = await inTerminal(
      ['sites', 'setup', '--store', store],
      [
        { expect: 'Site title', send: 'Team Handbook\r' },
        { expect: 'Who can read the site', send: `${ESC}[B\r` },
        { expect: 'Which spaces', send: ' \r' },
        { expect: 'Split the site into sections', send: 'y\r' },
        { expect: 'Title of section 1', send: 'API reference\r' },
        { expect: 'Content of section "API reference"', send: '\r' },
        { expect: 'Title of section 2', send: '\r' },
        { expect: 'Publish the site now', send: 'y\r' },
        { expect: 'Create this site\\?', send: '\r' },
      ],
    );
    expect(r.failed, r.screen).toBeNull();
    expect(r.code, r.screen).toBe(0);
    expect(r.screen).toContain(`• create the site "Team Handbook" (unlisted)`);
    expect(r.screen).toContain(`• add the space "Guide" (${guide})`);
    expect(r.screen).toContain('• add the section "API reference" with a new space "API reference"');
    expect(r.screen).toMatch(/✓ Created the site "Team Handbook" \((\w+)\), published/);
    const site = (await sitesIn(store))[0];
    expect(site).toMatchObject({ title: 'Team Handbook', visibility: 'unlisted', published: true });
    expect(r.screen).toContain(site?.id);
    const sections = await json<{ title: string }[]>(store, ['sections', 'list', site?.id as string]);
    expect(sections.map((x) => x.title)).toEqual(['Team Handbook', 'API reference']);
  });

  it('asks only what the flags did not say, and validates answers', async () => {
    const store = join(tmp.dir, 'partial.json');
    const r = await inTerminal(
      ['sites', 'setup', '--visibility', 'public', '--new-space', 'sample', '--no-publish', '--store', store],
      [
        { expect: 'Site title', send: 'X\r' },
        { expect: 'the title needs 2 to 128 characters', send: 'y Docs\r' },
        { expect: 'Split the site into sections', send: '\r' },
        { expect: 'Create this site\\?', send: 'y\r' },
      ],
    );
    expect(r.failed, r.screen).toBeNull();
    expect(r.code, r.screen).toBe(0);
    expect(r.screen).not.toContain('Who can read the site');
    expect(r.screen).not.toContain('Publish the site now');
    expect(r.screen).toContain('create a new space with sample pages');
    expect((await sitesIn(store)).map((x) => [x.title, x.published])).toEqual([['Xy Docs', false]]);
  });

  it('asks which organization when the caller belongs to more than one', async () => {
    const store = join(tmp.dir, 'orgs.json');
    expect((await runCli(['spaces', 'list', '--store', store])).code).toBe(0);
    const { JsonFileStore } = await import('../../src/store/json-file-store.js');
    const { addMember, addOrg } = await import('../../src/server/admin/accounts.js');
    const { users } = await import('../../src/server/model/org.js');
    const { systemClock, randomIds } = await import('../../src/server/env.js');
    const file = JsonFileStore.open(store);
    const second = await file.write((tx) => {
      const o = addOrg({ clock: systemClock, ids: randomIds }, tx, 'Second Org');
      addMember({ clock: systemClock }, tx, o.id, (tx.all(users)[0] as { id: string }).id, 'admin');
      return o.id;
    });
    await file.close();
    const r = await inTerminal(
      ['sites', 'setup', '--title', 'Elsewhere', '--visibility', 'public', '--new-space', 'empty', '--no-publish', '--yes', '--store', store],
      [
        { expect: 'Second Org', send: `${ESC}[B\r` },
        { expect: 'Split the site into sections', send: '\r' },
      ],
    );
    expect(r.failed, r.screen).toBeNull();
    expect(r.code, r.screen).toBe(0);
    const there = await json<{ title: string }[]>(store, ['sites', 'list', '--org', second]);
    expect(there.map((x) => x.title)).toEqual(['Elsewhere']);
  });

  it('never prompts with CI set or --no-input, even in a terminal', async () => {
    const store = join(tmp.dir, 'ci.json');
    const ci = await inTerminal(['sites', 'setup', '--title', 'Docs', '--store', store], [], { CI: '1' }, 15);
    expect(ci.code, ci.screen).toBe(2);
    expect(ci.screen).toContain('missing --visibility');
    const noInput = await inTerminal(['sites', 'setup', '--no-input', '--store', store], [], {}, 15);
    expect(noInput.code, noInput.screen).toBe(2);
    expect(noInput.screen).toContain('missing --title');
    expect(await sitesIn(store)).toEqual([]);
  });

  it('creates nothing when Ctrl-C is pressed at a prompt or the plan is declined (exit 3)', async () => {
    const store = join(tmp.dir, 'cancel.json');
    const ctrlC = await inTerminal(
      ['sites', 'setup', '--store', store],
      [
        { expect: 'Site title', send: 'Docs\r' },
        { expect: 'Who can read the site', send: '\u0003' },
      ],
    );
    expect(ctrlC.code, ctrlC.screen).toBe(3);
    expect(ctrlC.screen).toContain('cancelled: nothing was created');
    const declined = await inTerminal(
      ['sites', 'setup', '--title', 'Docs', '--visibility', 'public', '--new-space', '--publish', '--store', store],
      [
        { expect: 'Split the site into sections', send: '\r' },
        { expect: 'Create this site\\?', send: 'n\r' },
      ],
    );
    expect(declined.code, declined.screen).toBe(3);
    expect(declined.screen).toContain('cancelled: nothing was created');
    expect(await sitesIn(store)).toEqual([]);
  });
});

describe.skipIf(!terminal)('gbctl sites setup over HTTP, interrupted while creating', { timeout: 120_000 }, () => {
  let s: TestServer;
  let proxy: Server;
  let proxyUrl: string;
  beforeAll(async () => {
    s = await startServer();
    const target = new URL(s.url);
    // forwards to the server; holds the publish request a while, so that Ctrl-C lands mid-setup
    proxy = createServer((req, res) => {
      const forward = () => {
        const out = request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        });
        req.pipe(out);
      };
      if (req.method === 'POST' && req.url?.endsWith('/publish')) setTimeout(forward, 1500);
      else forward();
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', () => r()));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => proxy.close(r));
    await s.stop();
  });

  it('deletes the site and the spaces it made, and says the spaces stay restorable (exit 3)', async () => {
    const r = await inTerminal(
      [
        'sites',
        'setup',
        '--endpoint',
        proxyUrl,
        '--org',
        s.org,
        '--title',
        'Interrupted',
        '--visibility',
        'public',
        '--new-space',
        'sample',
        '--section',
        'Extra part',
        '--publish',
      ],
      [
        { expect: 'Create this site\\?', send: 'y\r' },
        { expect: '→ Publishing', send: '\u0003' },
      ],
      { GITBOOK_TOKEN: s.token },
    );
    expect(r.failed, r.screen).toBeNull();
    expect(r.code, r.screen).toBe(3);
    const m = /cancelled: deleted the site (\w+); deleted the spaces (\w+), (\w+) \(each restorable for 7 days: gbctl spaces restore ID\)/.exec(
      r.screen.replace(/\s*\r?\n\s*/g, ' '),
    );
    expect(m, r.screen).not.toBeNull();
    const [, site, space1, space2] = m as unknown as [string, string, string, string];
    expect((await api(s, 'GET', `/orgs/${s.org}/sites/${site}`)).status).toBe(404);
    expect((await api(s, 'GET', `/spaces/${space1}`)).status).toBe(404);
    expect((await api(s, 'GET', `/spaces/${space2}`)).status).toBe(404);
    expect((await api(s, 'GET', `/orgs/${s.org}/sites`)).body.items).toEqual([]);
    // What the message says remains does: a deleted space comes back.
    expect((await api(s, 'POST', `/spaces/${space1}/restore`)).status).toBe(200);
  });
});
