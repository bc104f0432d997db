import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startServer, tempDir, type TestServer } from '../../helpers/server.js';
import { expectError, expectOk } from '../../helpers/sites.js';

const JSON_SPEC = { openapi: '3.0.3', info: { title: 'Pets', version: '1.0.0' }, paths: { '/pets': { get: { responses: { 200: { description: 'ok' } } } } } };
const YAML_SPEC = `openapi: 3.1.0
info:
  title: Shop
  version: "2.0"
webhooks:
  order:
    post:
      responses:
        "200":
          description: ok
`;
const SWAGGER = JSON.stringify({ swagger: '2.0', info: { title: 'Old', version: '1' }, paths: {} });

let s: TestServer;
let web: Server;
let webUrl: string;
let tmp: ReturnType<typeof tempDir>;
/** Requests to /slow wait this long before the spec is sent. */
let slowMs = 400;

beforeAll(async () => {
  s = await startServer();
  tmp = tempDir();
  web = createServer((req, res) => {
    const send = (status: number, body: string, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    if (req.url === '/pets.json') return send(200, JSON.stringify(JSON_SPEC));
    if (req.url === '/shop.yaml') return send(200, YAML_SPEC, 'application/yaml');
    if (req.url === '/broken.yaml') return send(200, 'openapi: [unclosed', 'application/yaml');
    if (req.url === '/not-openapi.json') return send(200, JSON.stringify({ hello: 'world' }));
    if (req.url === '/slow.json') return void setTimeout(() => send(200, JSON.stringify(JSON_SPEC)), slowMs);
    send(404, '{"error":"no"}');
  });
  await new Promise<void>((r) => web.listen(0, '127.0.0.1', () => r()));
  webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await s.stop();
  await new Promise((r) => web.close(r));
  tmp.cleanup();
  delete process.env.GBCTL_OPENAPI_FETCH_TIMEOUT_MS;
});

const base = () => `/orgs/${s.org}/openapi`;
const put = (slug: string, source: unknown) => api(s, 'PUT', `${base()}/${slug}`, { source });

describe('OpenAPI specs', () => {
  it('creates a spec from text, processes it and keeps an immutable version', async () => {
    const res = expectOk(await api(s, 'POST', base(), { slug: 'pets', source: { text: JSON.stringify(JSON_SPEC) } }), 201, 'OpenAPISpec').body;
    expect(res).toMatchObject({
      object: 'openapi-spec',
      slug: 'pets',
      processingState: 'complete',
      visibility: 'private',
      permissions: { view: true, edit: true },
    });
    expect(res.lastVersion).toBeTruthy();
    expect(res.lastProcessErrorCode).toBeUndefined();
    expect(res.sourceURL).toBeUndefined();
    expect(res.urls.app).toContain('/openapi/pets');
    const latest = expectOk(await api(s, 'GET', `${base()}/pets/versions/latest`), 200, 'OpenAPISpecVersion').body;
    expect(latest.id).toBe(res.lastVersion);
    const content = expectOk(await api(s, 'GET', `${base()}/pets/versions/latest/content`), 200, 'OpenAPISpecContent').body;
    expect(content.filesystem['openapi.json']).toEqual(JSON_SPEC);
    const byId = expectOk(await api(s, 'GET', `${base()}/pets/versions/${latest.id}/content`), 200, 'OpenAPISpecContent').body;
    expect(byId).toEqual(content);
    expectOk(await api(s, 'GET', `${base()}/pets/versions/${latest.id}`), 200, 'OpenAPISpecVersion');
    expectOk(await api(s, 'GET', `${base()}/pets`), 200, 'OpenAPISpec');
  });

  it('adds a version on every PUT (200 to create or update), from YAML text, file:// and http(s) URLs', async () => {
    const created = expectOk(await put('shop', { text: YAML_SPEC }), 200, 'OpenAPISpec').body;
    expect(created.processingState).toBe('complete');
    const v1 = created.lastVersion;
    const file = join(tmp.dir, 'shop.yaml');
    writeFileSync(file, YAML_SPEC.replace('"2.0"', '"2.1"'));
    const fromFile = expectOk(await put('shop', { url: pathToFileURL(file).href }), 200, 'OpenAPISpec').body;
    expect(fromFile.sourceURL).toBe(pathToFileURL(file).href);
    expect(fromFile.lastVersion).not.toBe(v1);
    const fileContent = (await api(s, 'GET', `${base()}/shop/versions/latest/content`)).body;
    expect(fileContent.filesystem['shop.yaml'].info.version).toBe('2.1');
    expect(fileContent.url).toBe(pathToFileURL(file).href);
    const fromHttp = expectOk(await put('shop', { url: `${webUrl}/pets.json` }), 200, 'OpenAPISpec').body;
    expect(fromHttp.sourceURL).toBe(`${webUrl}/pets.json`);
    const versions = expectOk(await api(s, 'GET', `${base()}/shop/versions`), 200, 'OpenAPISpecVersion', true).body;
    expect(versions.count).toBe(3);
    expect(versions.items[0].id).toBe(fromHttp.lastVersion);
    expect(versions.items[2].id).toBe(v1);
    // the first version is unchanged
    const first = (await api(s, 'GET', `${base()}/shop/versions/${v1}/content`)).body;
    expect(first.filesystem['openapi.yaml'].info.version).toBe('2.0');
    expectOk(await put('old-api', { text: SWAGGER }), 200, 'OpenAPISpec');
    expect((await api(s, 'GET', `${base()}/old-api`)).body.lastProcessErrorCode).toBeUndefined();
  });

  it('records PARSE_ERROR for a broken document and keeps the previous good version', async () => {
    const good = (await put('keep', { text: JSON.stringify(JSON_SPEC) })).body;
    for (const source of [
      { text: 'openapi: [unclosed' },
      { text: '{"openapi": "3.0.0", "info": ' },
      { text: JSON.stringify({ hello: 'world' }) },
      { url: `${webUrl}/broken.yaml` },
      { url: `${webUrl}/not-openapi.json` },
      { text: JSON.stringify({ openapi: '4.0.0', info: { title: 'x', version: '1' }, paths: {} }) },
    ]) {
      const bad = expectOk(await put('keep', source), 200, 'OpenAPISpec').body;
      expect(bad.processingState).toBe('complete');
      expect(bad.lastProcessErrorCode, JSON.stringify(source)).toBe('PARSE_ERROR');
      expect(bad.lastProcessedErrors[0].message).toBeTruthy();
      expect(bad.lastVersion).toBe(good.lastVersion);
    }
    expect((await api(s, 'GET', `${base()}/keep/versions`)).body.count).toBe(1);
    const fixed = (await put('keep', { text: JSON.stringify(JSON_SPEC) })).body;
    expect(fixed.lastProcessErrorCode).toBeUndefined();
    expect(fixed.lastVersion).not.toBe(good.lastVersion);
  });

  it('records FETCH_ERROR for an unreachable URL, a missing file or an HTTP error, and FETCH_TIMEOUT for a slow one', async () => {
    const good = (await put('fetching', { text: JSON.stringify(JSON_SPEC) })).body;
    for (const url of ['http://127.0.0.1:1/openapi.json', `${webUrl}/missing.json`, pathToFileURL(join(tmp.dir, 'nope.yaml')).href]) {
      const res = expectOk(await put('fetching', { url }), 200, 'OpenAPISpec').body;
      expect(res.lastProcessErrorCode, url).toBe('FETCH_ERROR');
      expect(res.lastVersion).toBe(good.lastVersion);
    }
    process.env.GBCTL_OPENAPI_FETCH_TIMEOUT_MS = '150';
    slowMs = 1500;
    try {
      const res = expectOk(await put('fetching', { url: `${webUrl}/slow.json` }), 200, 'OpenAPISpec').body;
      expect(res.lastProcessErrorCode).toBe('FETCH_TIMEOUT');
      expect(res.lastVersion).toBe(good.lastVersion);
    } finally {
      delete process.env.GBCTL_OPENAPI_FETCH_TIMEOUT_MS;
      slowMs = 400;
    }
    const failedOnCreate = expectOk(
      await api(s, 'POST', base(), { slug: 'never-good', source: { url: 'http://127.0.0.1:1/x.json' } }),
      201,
      'OpenAPISpec',
    ).body;
    expect(failedOnCreate.lastVersion).toBeUndefined();
    expect(failedOnCreate.lastProcessErrorCode).toBe('FETCH_ERROR');
    expectError(await api(s, 'GET', `${base()}/never-good/versions/latest`), 404, /no processed version/);
    expectError(await api(s, 'GET', `${base()}/never-good/versions/latest/content`), 404);
  });

  it('moves pending → progress → complete, one processing at a time per spec', async () => {
    await put('states', { text: JSON.stringify(JSON_SPEC) });
    slowMs = 600;
    const seen = new Set<string>();
    const first = put('states', { url: `${webUrl}/slow.json` });
    const poll = async (until: (state: string) => boolean) => {
      for (let i = 0; i < 200; i++) {
        const st = (await api(s, 'GET', `${base()}/states`)).body.processingState as string;
        seen.add(st);
        if (until(st)) return st;
        await new Promise((r) => setTimeout(r, 5));
      }
      throw new Error(`state never reached; saw ${[...seen].join(', ')}`);
    };
    await poll((st) => st === 'progress');
    const second = put('states', { text: YAML_SPEC });
    expect(await poll((st) => st === 'pending')).toBe('pending');
    const [r1, r2] = await Promise.all([first, second]);
    expect(r1.status).toBe(200);
    expect(r2.body.processingState).toBe('complete');
    expect((await api(s, 'GET', `${base()}/states`)).body.processingState).toBe('complete');
    expect(seen).toEqual(new Set(['progress', 'pending']));
    const versions = (await api(s, 'GET', `${base()}/states/versions`)).body.items;
    expect(versions).toHaveLength(3);
    expect((await api(s, 'GET', `${base()}/states/versions/latest/content`)).body.filesystem['openapi.yaml'].info.title).toBe('Shop');
    slowMs = 400;
  });

  it('lists, sets visibility, deletes (204 twice) and answers 404/400/409 where due', async () => {
    await put('listed', { text: JSON.stringify(JSON_SPEC) });
    const listed = expectOk(await api(s, 'GET', base()), 200, 'OpenAPISpec', true).body;
    expect(listed.items.map((x: { slug: string }) => x.slug)).toContain('listed');
    const pub = expectOk(await api(s, 'PATCH', `${base()}/listed`, { visibility: 'public' }), 200, 'OpenAPISpec').body;
    expect(pub.visibility).toBe('public');
    expect(pub.urls.published).toBeTruthy();
    const priv = expectOk(await api(s, 'PATCH', `${base()}/listed`, { visibility: 'private' }), 200, 'OpenAPISpec').body;
    expect(priv.urls.published).toBeUndefined();
    expectError(await api(s, 'PATCH', `${base()}/listed`, { visibility: 'secret' }), 400, /visibility/);
    expectError(await api(s, 'PATCH', `${base()}/listed`, {}), 400, /visibility/);
    expectError(await api(s, 'POST', base(), { slug: 'listed', source: { text: JSON.stringify(JSON_SPEC) } }), 409, /already exists/);
    expectError(await api(s, 'POST', base(), { slug: 'Bad_Slug', source: { text: 'x' } }), 400, /slug/);
    expectError(await api(s, 'POST', base(), { slug: 'a--b', source: { text: 'x' } }), 400, /slug/);
    expectError(await api(s, 'POST', base(), { slug: 's'.repeat(101), source: { text: 'x' } }), 400, /slug/);
    expectError(await api(s, 'POST', base(), { slug: 'no-source' }), 400, /source/);
    expectError(await api(s, 'POST', base(), { slug: 'two', source: { text: 'x', url: 'https://example.com/a.json' } }), 400, /source/);
    expectError(await api(s, 'POST', base(), { slug: 'empty', source: { text: '' } }), 400, /source/);
    expectError(await api(s, 'PUT', `${base()}/bad-url`, { source: { url: 'not a url' } }), 400, /source/);
    expectError(await api(s, 'PUT', `${base()}/Upper`, { source: { text: 'x' } }), 400, /specSlug/);
    expectError(await api(s, 'GET', `${base()}/nope`), 404, /"nope" not found/);
    expectError(await api(s, 'GET', `${base()}/listed/versions/nope`), 404, /version nope/);
    expectError(await api(s, 'GET', `${base()}/listed/versions/nope/content`), 404);
    expectError(await api(s, 'GET', `${base()}/nope/versions`), 404);
    expect((await api(s, 'DELETE', `${base()}/listed`)).status).toBe(204);
    expect((await api(s, 'DELETE', `${base()}/listed`)).status).toBe(204);
    expectError(await api(s, 'GET', `${base()}/listed`), 404);
  });
});
