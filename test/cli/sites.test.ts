import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { spawnServe, tempDir, type ServeProcess } from '../helpers/server.js';
import { publishedErrors } from '../helpers/published-schema.js';

const SPEC = 'openapi: 3.0.3\ninfo:\n  title: Pets\n  version: 1.0.0\npaths: {}\n';

let tmp: ReturnType<typeof tempDir>;
let web: Server;
let webUrl: string;
beforeAll(async () => {
  tmp = tempDir();
  writeFileSync(join(tmp.dir, 'pets.yaml'), SPEC);
  writeFileSync(join(tmp.dir, 'broken.yaml'), 'openapi: [');
  writeFileSync(join(tmp.dir, 'not-openapi.json'), '{"hello": "world"}');
  web = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/yaml' });
    res.end(SPEC);
  });
  await new Promise<void>((r) => web.listen(0, '127.0.0.1', () => r()));
  webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}/pets.yaml`;
});
afterAll(async () => {
  await new Promise((r) => web.close(r));
  tmp.cleanup();
});

/** Runs gbctl on an embedded store file and parses --json output. */
async function json<T = Record<string, unknown>>(store: string, args: string[], env: Record<string, string> = {}): Promise<T> {
  const r = await runCli([...args, '--store', store, '--json'], { env });
  expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  return JSON.parse(r.stdout) as T;
}

describe('site commands (embedded)', { timeout: 120_000 }, () => {
  it('creates, structures, publishes and inspects a site', async () => {
    const store = join(tmp.dir, 'sites.json');
    const a = (await json<{ id: string }>(store, ['spaces', 'create', '--title', 'Guide'])).id;
    const b = (await json<{ id: string }>(store, ['spaces', 'create', '--title', 'API'])).id;
    const site = await json<{ id: string; siteSpaces: number }>(store, ['sites', 'create', '--title', 'Docs', '--visibility', 'unlisted', '--spaces', a]);
    expect(publishedErrors('Site', site)).toBeUndefined();
    expect(site.siteSpaces).toBe(1);
    const sec = await json<{ id: string }>(store, ['sections', 'create', site.id, '--space', b, '--title', 'API reference']);
    const sections = await json<{ id: string; title: string }[]>(store, ['sections', 'list', site.id]);
    expect(sections.map((x) => x.title)).toEqual(['Docs', 'API reference']);
    await json(store, ['sections', 'move', site.id, sec.id, '--before', sections[0]?.id as string]);
    expect((await json<{ id: string }[]>(store, ['sections', 'list', site.id]))[0]?.id).toBe(sec.id);
    const up = await json<{ proxy?: { origin: string } }>(store, ['sites', 'update', site.id, '--proxy', 'example.com/docs', '--adaptive', 'on']);
    expect(up.proxy?.origin).toBe('example.com/docs');
    const cleared = await json<{ proxy?: unknown; adaptiveContent: { enabled: boolean } }>(store, ['sites', 'update', site.id, '--proxy', 'null']);
    expect(cleared.proxy).toBeUndefined();
    expect(cleared.adaptiveContent.enabled).toBe(true);
    const bad = await runCli(['sites', 'update', site.id, '--proxy', 'nope', '--store', store]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/proxy/);
    const pub = await runCli(['sites', 'publish', site.id, '--store', store]);
    expect(pub.code).toBe(0);
    expect(pub.stdout.trim()).toMatch(/^gbctl:\/\/local\/published\//);
    const tsv = await runCli(['sites', 'list', '--store', store]);
    expect(tsv.stdout).toContain(`${site.id}\tDocs\tunlisted\ttrue\t2`);
    const missing = await runCli(['sites', 'get', 'nope', '--store', store]);
    expect(missing.code).toBe(5);
    const del = await runCli(['sites', 'delete', site.id, '--store', store]);
    expect(del.code).toBe(2);
    expect((await runCli(['sites', 'delete', site.id, '--yes', '--store', store])).code).toBe(0);
  });

  it('publishes OpenAPI specs from a file or a URL like the platform CLI, checking files first', async () => {
    const store = join(tmp.dir, 'openapi.json');
    const file = await runCli(['openapi', 'publish', join(tmp.dir, 'pets.yaml'), '--spec', 'pets', '--store', store]);
    expect(file.code, file.stderr).toBe(0);
    expect(file.stdout.trim()).toMatch(/^gbctl:\/\/local\/app\/o\/\w+\/openapi\/pets$/);
    const fromUrl = await runCli(['openapi', 'publish', webUrl, '--spec', 'pets', '--store', store, '--json']);
    expect(fromUrl.code, fromUrl.stderr).toBe(0);
    const spec = JSON.parse(fromUrl.stdout);
    expect(publishedErrors('OpenAPISpec', spec)).toBeUndefined();
    expect(spec.sourceURL).toBe(webUrl);
    const versions = await json<{ url: string }[]>(store, ['openapi', 'versions', 'pets']);
    expect(versions).toHaveLength(2);
    expect(versions[0]?.url).toBe(webUrl);
    for (const bad of ['broken.yaml', 'not-openapi.json', 'missing.yaml']) {
      const r = await runCli(['openapi', 'publish', join(tmp.dir, bad), '--spec', 'pets', '--store', store]);
      expect(r.code, bad).toBe(2);
    }
    expect(await json<unknown[]>(store, ['openapi', 'versions', 'pets'])).toHaveLength(2);
    const unreachable = await runCli(['openapi', 'publish', 'http://127.0.0.1:1/x.yaml', '--spec', 'pets', '--store', store]);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(/FETCH_ERROR/);
    const noSpec = await runCli(['openapi', 'publish', join(tmp.dir, 'pets.yaml'), '--store', store]);
    expect(noSpec.code).toBe(2);
    expect(noSpec.stderr).toMatch(/--spec/);
    const badSlug = await runCli(['openapi', 'publish', join(tmp.dir, 'pets.yaml'), '--spec', 'Bad Slug', '--store', store]);
    expect(badSlug.code).toBe(2);
    const viaFlag = await json<{ slug: string; lastVersion: string }>(store, ['openapi', 'create', '--slug', 'shop', '--file', join(tmp.dir, 'pets.yaml')]);
    expect(viaFlag.lastVersion).toBeTruthy();
    const content = await json<{ filesystem: Record<string, { info: { title: string } }> }>(store, ['openapi', 'latest-content', 'shop']);
    expect(content.filesystem['openapi.yaml']?.info.title).toBe('Pets');
  });

  it('manages SAML providers from a certificate file', async () => {
    const store = join(tmp.dir, 'saml.json');
    const pem = join(tmp.dir, 'idp.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=idp', '-days', '1', '-keyout', '/dev/null', '-out', pem], {
      stdio: 'ignore',
    });
    const p = await json<{ id: string; status: string }>(store, [
      'saml',
      'create',
      '--label',
      'Okta',
      '--entity-id',
      'urn:okta',
      '--sso-url',
      'https://idp.example.com/sso',
      '--certificate-file',
      pem,
    ]);
    expect(publishedErrors('OrganizationSAMLProvider', p)).toBeUndefined();
    expect(p.status).toBe('active');
    const sso = await runCli(['sso', 'list', '--store', store]);
    expect(sso.stdout).toContain(`${p.id}\tOkta\tgbctl://local/auth/saml/`);
    const bad = await runCli(['saml', 'create', '--label', 'Bad', '--certificate-file', join(tmp.dir, 'pets.yaml'), '--store', store]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/certificate: must be a PEM X\.509 certificate.*HTTP 400/);
  });

  it('creates and runs translations; GBCTL_TRANSLATIONS=settings serves the settings shape', async () => {
    const store = join(tmp.dir, 'tr.json');
    const site = await json<{ id: string }>(store, ['sites', 'create', '--title', 'Sample', '--spaces', 'sample']);
    const ss = await json<{ space: { id: string } }[]>(store, ['site-spaces', 'list', site.id]);
    const src = ss[0]?.space.id as string;
    const t = await json<{ id: string; status: string; instructions: { nodes: unknown[] } }>(store, [
      'translations',
      'create',
      '--language',
      'fr',
      '--source-space',
      src,
      '--source-language',
      'en',
      '--instructions-text',
      'Be formal.\nKeep code as is.',
    ]);
    expect(publishedErrors('Translation', t)).toBeUndefined();
    expect(t.instructions.nodes).toHaveLength(2);
    expect((await runCli(['translations', 'run', t.id, '--store', store])).code).toBe(0);
    const done = await json<{ status: string; stats: { latestPages: number }; result: { space: string } }>(store, ['translations', 'get', t.id]);
    expect(done.status).toBe('completed');
    expect(done.stats.latestPages).toBe(3);
    const table = await runCli(['translations', 'list', '--store', store]);
    expect(table.stdout).toContain(`${t.id}\tfr\t${src} (en)\tcompleted\t1`);

    const settingsStore = join(tmp.dir, 'tr-settings.json');
    const env = { GBCTL_TRANSLATIONS: 'settings' };
    const st = await json<{ id: string; object: string }>(settingsStore, ['translations', 'create', '--title', 'Languages', '--languages', 'fr,de'], env);
    expect(st.object).toBe('translation-settings');
    const rows = await runCli(['translations', 'list', '--store', settingsStore], { env });
    expect(rows.stdout).toContain(`${st.id}\tLanguages\tfr,de`);
    const run = await runCli(['translations', 'run', st.id, '--store', settingsStore], { env });
    expect(run.code).toBe(5);
  });
});

describe('site commands over HTTP (gbctl serve)', { timeout: 120_000 }, () => {
  let serve: ServeProcess;
  let orgId: string;
  beforeAll(async () => {
    const file = join(tmp.dir, 'served.json');
    // seed the store (and learn its organization) before the server owns the file
    const seeded = await runCli(['spaces', 'create', '--title', 'Seed', '--store', file, '--json', 'organization']);
    orgId = JSON.parse(seeded.stdout).organization as string;
    serve = await spawnServe(file, ['--translations', 'settings', '--validate']);
  });
  afterAll(async () => {
    await serve.stop();
  });
  const http = (args: string[]) => runCli([...args, '--endpoint', serve.url], { env: { GITBOOK_TOKEN: serve.token } });

  it('serves sites, specs and the translation-settings shape to the CLI', async () => {
    const withOrg = (args: string[]) => http([...args, '--org', orgId]);
    const site = await withOrg(['sites', 'create', '--title', 'Served', '--spaces', 'empty', '--json']);
    expect(site.code, site.stderr).toBe(0);
    const siteId = JSON.parse(site.stdout).id as string;
    expect((await withOrg(['sites', 'publish', siteId])).stdout.trim()).toMatch(new RegExp(`^${serve.url}/published/`));
    const spec = await withOrg(['openapi', 'publish', join(tmp.dir, 'pets.yaml'), '--spec', 'served']);
    expect(spec.code, spec.stderr).toBe(0);
    expect(spec.stdout.trim()).toBe(`${serve.url}/app/o/${orgId}/openapi/served`);
    const tr = await withOrg(['translations', 'create', '--title', 'Langs', '--languages', 'ja', '--json']);
    expect(tr.code, tr.stderr).toBe(0);
    expect(JSON.parse(tr.stdout).object).toBe('translation-settings');
    const run = await withOrg(['translations', 'run', JSON.parse(tr.stdout).id]);
    expect(run.code).toBe(5);
    expect(run.stderr).toMatch(/no run/);
    // The token's user is in one organization: it is the one used when none is given.
    const noOrg = await http(['sites', 'list']);
    expect(noOrg.code, noOrg.stderr).toBe(0);
  });
});
