import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/run-cli.js';
import { spawnCli } from '../helpers/cli.js';
import { plain, runInPty } from '../helpers/pty.js';
import { needs } from '../helpers/tools.js';

/** The terminal test drives a pseudo-terminal through python3's pty module. */
const python = needs('python3', 'apt-get install python3');
import { startPreview } from '../helpers/preview.js';
import { tempDir } from '../helpers/server.js';
import { FOLDER, writeTree } from '../helpers/sync-folder.js';

let tmp: ReturnType<typeof tempDir>;
let env: Record<string, string>;
let space: string;
let site: string;
beforeAll(async () => {
  tmp = tempDir('gbctl-preview-');
  env = { GBCTL_DATA: join(tmp.dir, 'store.json'), GBCTL_CONFIG_DIR: join(tmp.dir, 'config') };
  const gb = async (...args: string[]) => {
    const r = await runCliInProcess(args, { env });
    if (r.code !== 0) throw new Error(r.stderr);
    return r.stdout;
  };
  space = JSON.parse(await gb('spaces', 'create', '--title', 'Handbook', '--json')).id;
  await gb('content', 'import', space, '--url', pathToFileURL(writeTree(join(tmp.dir, 'src'), FOLDER)).href, '--source', 'markdown');
  site = JSON.parse(await gb('sites', 'create', '--title', 'Handbook', '--visibility', 'public', '--spaces', space, '--json')).id;
  await gb('sites', 'publish', site);
});
afterAll(() => tmp.cleanup());

describe('addresses from the embedded store open', () => {
  it('gbctl preview SITE serves the store on a loopback port and prints the published address', async () => {
    const p = await startPreview(['preview', site, '--port', '0'], env);
    try {
      expect(p.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/published\/[^/]+\/[^/]+$/);
      const res = await fetch(p.url);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<h1>Welcome</h1>');
    } finally {
      expect(await p.stop()).toBe(0);
    }
  });

  it('without a terminal, gbctl open and get --web print the address the preview serves and how to start it, and end at once', async () => {
    const help = await spawnCli(['preview', '--help'], { env });
    expect(help.stdout).toContain('(default: 7701)');
    for (const args of [
      ['open', space],
      ['spaces', 'get', space, '--web'],
      ['open', space, '--no-browser'],
    ]) {
      const started = Date.now();
      const r = await spawnCli(args, { env });
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(r.stdout).toBe(`http://127.0.0.1:7701/app/s/${space}\n`);
      expect(r.stderr).toContain(`start one with: gbctl preview gbctl://local/app/s/${space}\n`);
    }
    // A store named by --store is named in the command too.
    const named = await spawnCli(['open', space, '--store', env.GBCTL_DATA as string], { env: { ...env, GBCTL_DATA: '' } });
    expect(named.stderr).toContain(`gbctl preview gbctl://local/app/s/${space} --store ${env.GBCTL_DATA as string}`);
  });

  it('the command they print serves the object at that path, with a sign-in link that lands on it', async () => {
    const p = await startPreview(['preview', `gbctl://local/app/s/${space}`, '--port', '0'], env);
    try {
      const signIn = new URL(p.url);
      expect(signIn.pathname).toBe('/app/~/sign-in');
      expect(signIn.searchParams.get('next')).toBe(`/app/s/${space}`);
      const res = await fetch(p.url, { redirect: 'manual' });
      expect(res.status).toBe(303);
      const cookie = (res.headers.getSetCookie().find((c) => c.includes('Path=/app;')) as string).split(';')[0] as string;
      const page = await fetch(new URL(res.headers.get('location') as string, p.url), { headers: { cookie } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Handbook');
      expect((await fetch(p.url, { redirect: 'manual' })).status).toBe(401);
    } finally {
      expect(await p.stop()).toBe(0);
    }
  });

  it('a busy port is exit 8 naming the port', async () => {
    const busy = createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', r));
    const port = (busy.address() as { port: number }).port;
    try {
      const r = await spawnCli(['preview', site, '--port', String(port)], { env });
      expect(r.code).toBe(8);
      expect(r.stderr).toContain(`port ${port} on 127.0.0.1 is in use`);
    } finally {
      busy.close();
    }
  });

  it.skipIf(!python)(
    'on a terminal, --no-browser ends at once; with a browser, open serves the store and opens a sign-in link that lands on the object',
    async () => {
      const quick = await runInPty(['open', space, '--no-browser'], { env: { ...env, DISPLAY: ':0', BROWSER: '/bin/true' }, timeout: 15 });
      expect(quick.timedOut).toBe(false);
      expect(quick.code).toBe(0);
      expect(plain(quick.output)).toContain(`http://127.0.0.1:7701/app/s/${space}`);

      const opened = join(tmp.dir, 'opened.txt');
      const browser = join(tmp.dir, 'browser.sh');
      writeFileSync(browser, `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`);
      chmodSync(browser, 0o755);
      const served = await runInPty(['open', space], {
        env: { ...env, DISPLAY: ':0', BROWSER: browser },
        steps: [{ expect: 'opened in your browser', send: '\u0003' }],
        timeout: 20,
      });
      expect(served.timedOut, plain(served.output)).toBe(false);
      expect(served.code).toBe(0);
      // The browser runs on its own: give it a moment to have been handed the address.
      for (let i = 0; i < 100 && !(existsSync(opened) && readFileSync(opened, 'utf8').endsWith(space)); i++) await new Promise((r) => setTimeout(r, 50));
      const link = new URL(readFileSync(opened, 'utf8'));
      expect(link.pathname).toBe('/app/~/sign-in');
      expect(link.searchParams.get('next')).toBe(`/app/s/${space}`);
    },
  );
});

describe('addresses over HTTP', () => {
  it('preview and open print the address at once, and it opens', async () => {
    const { startServer, api } = await import('../helpers/server.js');
    const s = await startServer();
    try {
      const http = { GITBOOK_ENDPOINT: s.url, GITBOOK_TOKEN: s.token, GITBOOK_ORGANIZATION: s.org, GBCTL_CONFIG_DIR: join(tmp.dir, 'config-http') };
      const sp = (await api(s, 'POST', `/orgs/${s.org}/spaces`, { title: 'Remote' })).body.id as string;
      const st = (await api(s, 'POST', `/orgs/${s.org}/sites`, { title: 'Remote site', visibility: 'public', spaces: [sp] })).body.id as string;
      const unpublished = await runCliInProcess(['preview', st], { env: http });
      expect(unpublished.code).toBe(0);
      expect(unpublished.stderr).toContain('is not published');
      expect(unpublished.stdout.trim()).toBe(`${s.url}/app/o/${s.org}/sites/${st}`);
      await api(s, 'POST', `/orgs/${s.org}/sites/${st}/publish`);
      const r = await runCliInProcess(['preview', st], { env: http });
      expect(r.stdout.trim()).toBe(`${s.url}/published/${s.org}/${st}`);
      expect((await fetch(r.stdout.trim())).status).toBe(200);
      const o = await runCliInProcess(['open', sp], { env: http });
      expect(o.stdout.trim()).toBe(`${s.url}/app/s/${sp}`);
      const missing = await runCliInProcess(['open', 'nope'], { env: http });
      expect(missing.code).toBe(5);
    } finally {
      await s.stop();
    }
  });
});
