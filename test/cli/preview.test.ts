import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/run-cli.js';
import { startPreview } from '../helpers/preview.js';
import { tempDir } from '../helpers/server.js';
import { FOLDER, writeTree } from '../gitsync/fixture.js';

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
    const p = await startPreview(['preview', site], env);
    try {
      expect(p.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/published\/[^/]+\/[^/]+$/);
      const res = await fetch(p.url);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<h1>Welcome</h1>');
    } finally {
      expect(await p.stop()).toBe(0);
    }
  });

  it('gbctl open and get --web print a sign-in link that lands on the object', async () => {
    for (const args of [['open', space], ['spaces', 'get', space, '--web']]) {
      const p = await startPreview(args, env);
      try {
        expect(p.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/app\/~\/sign-in\?code=/);
        const signIn = await fetch(p.url, { redirect: 'manual' });
        expect(signIn.status).toBe(303);
        const set = signIn.headers.getSetCookie().find((c) => c.includes('Path=/app;')) as string;
        const cookie = set.split(';')[0] as string;
        const page = await fetch(new URL(signIn.headers.get('location') as string, p.url), { headers: { cookie } });
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('Handbook');
        expect((await fetch(p.url, { redirect: 'manual' })).status).toBe(401);
      } finally {
        expect(await p.stop()).toBe(0);
      }
    }
  });
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
