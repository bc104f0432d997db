import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../src/contract/index.js';
import { OWN_ROUTES } from '../../src/server/controls/catalogue.js';
import { runCli } from '../helpers/cli.js';
import { startControlled, type ControlledServer } from '../helpers/controlled-server.js';
import { tempDir } from '../helpers/server.js';

/*
 * An HTTP server that answers every request with what it received, and pages through
 * /v1/items three items at a time: what gbctl api sends can be read back exactly.
 */
let echo: Server;
let url: string;
let s: ControlledServer;
const tmp = tempDir();
const ITEMS = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];

function answer(req: IncomingMessage, body: string) {
  const u = new URL(req.url ?? '/', 'http://x');
  if (u.pathname === '/v1/items') {
    const from = Number(u.searchParams.get('page') ?? 0);
    const next = from + 3 < ITEMS.length ? { next: { page: String(from + 3) } } : {};
    return { status: 200, json: { items: ITEMS.slice(from, from + 3), ...next, count: ITEMS.length } };
  }
  if (u.pathname === '/v1/missing') return { status: 404, json: { error: { code: 404, message: 'nothing here' } } };
  return { status: 200, json: { method: req.method, url: req.url, headers: req.headers, body: body ? (JSON.parse(body) as unknown) : null } };
}

beforeAll(async () => {
  echo = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      const a = answer(req, body);
      res.writeHead(a.status, { 'content-type': 'application/json', 'x-echo': 'yes' });
      res.end(JSON.stringify(a.json));
    });
  });
  await new Promise<void>((r) => echo.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
  s = await startControlled();
});
afterAll(async () => {
  echo.close();
  await s.stop();
  tmp.cleanup();
});

const api = (args: string[], input?: string) =>
  runCli(['api', ...args], { env: { GITBOOK_ENDPOINT: url, GITBOOK_TOKEN: 't' }, ...(input !== undefined ? { input } : {}) });
const sent = async (args: string[], input?: string) => {
  const r = await api(args, input);
  expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  return JSON.parse(r.stdout) as { method: string; url: string; headers: Record<string, string>; body: unknown };
};

describe('gbctl api, as gh api', () => {
  it('is a GET by default and a POST with fields or a body; -X says otherwise; METHOD PATH still works', async () => {
    expect(await sent(['/spaces/x'])).toMatchObject({ method: 'GET', url: '/v1/spaces/x', body: null });
    expect(await sent(['/orgs/o/spaces', '-F', 'title=Handbook'])).toMatchObject({ method: 'POST', body: { title: 'Handbook' } });
    expect(await sent(['/orgs/o/spaces', '--data', '{"title":"From data"}'])).toMatchObject({ method: 'POST', body: { title: 'From data' } });
    expect(await sent(['-X', 'PATCH', '/spaces/x', '-F', 'editMode=locked'])).toMatchObject({ method: 'PATCH', body: { editMode: 'locked' } });
    expect(await sent(['-X', 'GET', '/orgs/o/spaces', '-F', 'limit=5', '-f', 'page=a b'])).toMatchObject({
      method: 'GET',
      url: '/v1/orgs/o/spaces?limit=5&page=a+b',
    });
    expect(await sent(['GET', '/spaces/x'])).toMatchObject({ method: 'GET', url: '/v1/spaces/x' });
    expect(await sent(['delete', 'spaces/x'])).toMatchObject({ method: 'DELETE', url: '/v1/spaces/x' });
    expect(await sent(['/_gbctl/health'])).toMatchObject({ url: '/_gbctl/health' });
  });

  it('types -F values (JSON, @FILE, @- for stdin) and takes -f values as written', async () => {
    const file = join(tmp.dir, 'description.md');
    writeFileSync(file, '# From a file\n');
    const r = await sent(
      ['/x', '-F', 'n=3', '-F', 'on=true', '-F', 'none=null', '-F', 'list=[1,2]', '-F', 'text=plain', '-F', `doc=@${file}`, '-F', 'piped=@-', '-f', 'raw=3'],
      'from stdin\n',
    );
    expect(r.body).toEqual({ n: 3, on: true, none: null, list: [1, 2], text: 'plain', doc: '# From a file', piped: 'from stdin', raw: '3' });
  });

  it('sends -H headers, and -i prints the status line and headers before the body', async () => {
    const r = await sent(['/x', '-H', 'X-Trace: abc 123', '-H', 'Accept: application/json']);
    expect(r.headers['x-trace']).toBe('abc 123');
    expect(r.headers.authorization).toBe('Bearer t');
    const i = await api(['-i', '/x']);
    expect(i.code).toBe(0);
    expect(i.stdout).toMatch(/^HTTP\/1\.1 200 OK\ncontent-type: application\/json\n([\w-]+: .*\n)*\n\{/);
    expect(i.stdout).toMatch(/^x-echo: yes$/m);
    const bad = await api(['-H', 'no colon']);
    expect(bad.code).toBe(2);
  });

  it('-i prints a failed answer too, then exits by its status', async () => {
    const r = await api(['-i', '/missing']);
    expect(r.code).toBe(5);
    expect(r.stdout).toMatch(/^HTTP\/1\.1 404 Not Found\n/);
    expect(r.stdout).toContain('"message": "nothing here"');
    expect(r.stderr).toContain('nothing here');
    expect((await api(['/missing'])).stdout).toBe('');
  });

  it('--paginate follows next.page, printing each page; --slurp makes one array of them', async () => {
    const each = await api(['/items', '--paginate', '--jq', '.items[]']);
    expect(each.code, each.stderr).toBe(0);
    expect(each.stdout).toBe(`${ITEMS.join('\n')}\n`);
    const pages = await api(['/items', '--paginate', '--slurp']);
    const all = JSON.parse(pages.stdout) as { items: string[] }[];
    expect(all.map((p) => p.items)).toEqual([['a', 'b', 'c'], ['d', 'e', 'f'], ['g']]);
    expect((await api(['/items', '--paginate', '--slurp', '--jq', 'map(.items[]) | length'])).stdout).toBe('7\n');
    expect(JSON.parse((await api(['/items'])).stdout)).toMatchObject({ items: ['a', 'b', 'c'], next: { page: '3' } });
  });

  it('refuses what it cannot do, before sending', async () => {
    for (const args of [
      ['/items', '--slurp'],
      ['-X', 'POST', '/items', '--paginate'],
      ['FETCH', '/x'],
      ['-X', 'GET', 'POST', '/x'],
      ['/x', '-F', 'novalue'],
      ['-X', 'GET', '/x', '--data', '{"a":1}'],
      [],
    ]) {
      const r = await api(args);
      expect(r.code, args.join(' ')).toBe(2);
    }
  });

  it('works against a real server, embedded and over HTTP', async () => {
    const created = await runCli(['api', `/orgs/${s.org}/spaces`, '-F', 'title=Real', '--jq', '.title'], { env: s.env });
    expect(created.stdout).toBe('Real\n');
    const listed = await runCli(['api', `/orgs/${s.org}/spaces`, '--paginate', '--jq', '.items[].title'], { env: s.env });
    expect(listed.stdout).toContain('Real\n');
    const store = join(tmp.dir, 'embedded.json');
    const org = (await runCli(['whoami', '--jq', '.organization', '--store', store])).stdout.trim();
    const local = await runCli(['api', `/orgs/${org}/spaces`, '-f', 'title=Local', '--jq', '.title', '--store', store]);
    expect(local.stdout).toBe('Local\n');
  });
});

describe('gbctl api endpoints', () => {
  const require = createRequire(import.meta.url);
  const spec = JSON.parse(readFileSync(require.resolve('@gitbook/api/spec/openapi.json'), 'utf8')) as { paths: Record<string, Record<string, unknown>> };
  const inSpec = new Set(Object.entries(spec.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p.replace(/\{[^}]+\}/g, '{}')}`)));

  it("marks each endpoint the platform's or gbctl's own, as the platform's published spec has it, and counts them", async () => {
    for (const e of catalogue) expect(!!e.gbctlOnly, `${e.id}: ${e.method} ${e.path}`).toBe(!inSpec.has(`${e.method} ${e.path.replace(/\{[^}]+\}/g, '{}')}`));
    const r = await runCli(['api', 'endpoints', '--json', 'id,path,origin']);
    const rows = JSON.parse(r.stdout) as { id: string; path: string; origin: string }[];
    const platform = rows.filter((x) => x.origin === 'platform');
    expect(platform.length).toBe(catalogue.filter((e) => !e.gbctlOnly).length);
    expect(rows.filter((x) => x.path.startsWith('/_gbctl/')).every((x) => x.origin === 'gbctl')).toBe(true);
    expect(rows.length).toBe(catalogue.length + OWN_ROUTES.length);
    expect((await runCli(['api', 'endpoints'])).stderr).toBe('');
    const text = await runCli(['api', 'endpoints'], { tty: true });
    expect(text.stderr).toBe(`${rows.length} endpoints: ${platform.length} of the platform's API, ${rows.length - platform.length} gbctl's own\n`);
    expect(JSON.parse((await runCli(['api', 'endpoints', '--origin', 'platform', '--json', 'id'])).stdout)).toHaveLength(platform.length);
    // The README counts them as this command does.
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const said = /`gbctl api endpoints` lists (\d+) endpoints .*? the (\d+) of the platform's API .*? and (\d+) of gbctl's own/.exec(readme);
    expect(said, 'the README says how many endpoints there are').not.toBeNull();
    expect((said as RegExpExecArray).slice(1).map(Number)).toEqual([rows.length, platform.length, rows.length - platform.length]);
  });

  it("lists only routes gbctl serve answers: every one of gbctl's own is routed", async () => {
    for (const r of OWN_ROUTES) {
      const path = r.path.replace('{name}', 'nosuch').replace('{id}', 'nosuch');
      const res = await fetch(`${s.url}${path}`, {
        method: r.method,
        headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
        ...(r.method === 'POST' ? { body: path.endsWith('/clock') ? '{}' : '{"name":"listed"}' } : {}),
      });
      const text = await res.text();
      expect(text, `${r.method} ${path}`).not.toMatch(/no test control|no route|not allowed/i);
      expect(res.status, `${r.method} ${path}: ${text}`).toBeLessThan(500);
    }
  });
});
