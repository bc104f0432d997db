import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { plain, runInPty, terminalTests } from '../helpers/pty.js';

const terminal = terminalTests();
import { tempDir } from '../helpers/server.js';

const tmp = tempDir();
const data = join(tmp.dir, 'store.json');
const run = (args: string[], env: Record<string, string | undefined> = {}) =>
  runCli(['--store', data, ...args], { env: { GBCTL_CONFIG_DIR: join(tmp.dir, 'cfg'), ...env } });

beforeAll(async () => {
  for (let i = 1; i <= 7; i++) expect((await run(['spaces', 'create', '--title', `Space ${i}`])).code).toBe(0);
});
afterAll(() => tmp.cleanup());

describe('output contract', () => {
  it('prints tab-separated rows with ISO times off a terminal, no colour even with --color defaults', async () => {
    const r = await run(['spaces', 'list', '--page-size', '3']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    for (const l of lines) expect(l).toMatch(/^\w+\tSpace \d\tprivate\t\d{4}-\d\d-\d\dT[\d:.]+Z$/);
    expect(r.stdout).not.toContain('\x1b[');
    // The rows are the data; the way to the next page is said apart from them.
    expect(r.stderr).toMatch(/^more results: add --page \S+ for the next page, or --all for every one\n$/);
  });

  it.skipIf(!terminal)('prints a table with headers on a terminal, coloured unless NO_COLOR', async () => {
    const tty = await runInPty(['--store', data, 'spaces', 'list', '--page-size', '2']);
    expect(tty.code).toBe(0);
    expect(plain(tty.output)).toMatch(/ID\s+TITLE\s+VISIBILITY\s+UPDATED\b/);
    expect(plain(tty.output)).toMatch(/Space 1\s+private\s+(just now|\d+ (second|minute)s? ago)/);
    expect(plain(tty.output)).not.toMatch(/\d{4}-\d\d-\d\dT/);
    expect(tty.output).toContain('\x1b[1m');
    const noColor = await runInPty(['--store', data, 'spaces', 'list', '--page-size', '2'], { env: { NO_COLOR: '' } });
    expect(noColor.output).not.toContain('\x1b[1m');
    const flag = await runInPty(['--store', data, 'spaces', 'list', '--page-size', '2', '--no-color']);
    expect(flag.output).not.toContain('\x1b[1m');
  });

  it('keeps the fields asked for with --json a,b and names the valid ones on a typo', async () => {
    const r = await run(['spaces', 'list', '--json', 'id,title']);
    const rows = JSON.parse(r.stdout) as Record<string, unknown>[];
    expect(Object.keys(rows[0] as object)).toEqual(['id', 'title']);
    const bad = await run(['spaces', 'list', '--json', 'id,titel']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('titel');
    expect(bad.stderr).toMatch(/valid fields: .*title/);
    const front = await run(['--json', 'spaces', 'list']);
    expect(JSON.parse(front.stdout)).toHaveLength(7);
    const fieldsFirst = await run(['--json', 'id,title', 'spaces', 'list']);
    expect(fieldsFirst.code, fieldsFirst.stderr).toBe(0);
    expect(Object.keys((JSON.parse(fieldsFirst.stdout) as object[])[0] as object)).toEqual(['id', 'title']);
  });

  it('filters with --jq, printing strings raw', async () => {
    const r = await run(['spaces', 'list', '--jq', '.[0:2][].title']);
    expect(r.stdout).toBe('Space 1\nSpace 2\n');
    const n = await run(['spaces', 'list', '--all', '--page-size', '2', '--jq', 'length']);
    expect(n.stdout).toBe('7\n');
    const bad = await run(['spaces', 'list', '--jq', '.[']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--jq');
  });

  it('follows every page with --all, caps with --limit, and streams ndjson', async () => {
    const all = await run(['spaces', 'list', '--all', '--page-size', '2', '--format', 'ndjson']);
    const lines = all.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { title: string });
    expect(lines.map((l) => l.title)).toEqual(['Space 1', 'Space 2', 'Space 3', 'Space 4', 'Space 5', 'Space 6', 'Space 7']);
    const capped = await run(['spaces', 'list', '--limit', '5', '--page-size', '2', '--json', 'title']);
    expect(JSON.parse(capped.stdout)).toEqual([1, 2, 3, 4, 5].map((i) => ({ title: `Space ${i}` })));
    const array = await run(['spaces', 'list', '--all', '--page-size', '3', '--json']);
    expect((JSON.parse(array.stdout) as unknown[]).length).toBe(7);
    const rows = await run(['spaces', 'list', '--all', '--page-size', '3']);
    expect(rows.stdout.trim().split('\n')).toHaveLength(7);
    const onePage = await run(['spaces', 'list', '--page-size', '2', '--format', 'json']);
    expect((JSON.parse(onePage.stdout) as { title: string }[]).map((x) => x.title)).toEqual(['Space 1', 'Space 2']);
    const tsv = await run(['spaces', 'list', '--page-size', '2', '--format', 'tsv']);
    expect(tsv.stdout.trim().split('\n')).toHaveLength(2);
  });

  it('exits 0 with nothing on stdout for an empty list', async () => {
    const r = await run(['collections', 'list']);
    expect(r).toMatchObject({ code: 0, stdout: '' });
  });
});

describe('safety in scripts', () => {
  it('refuses a delete without --yes under CI=true, at once and without a prompt', async () => {
    const id = JSON.parse((await run(['spaces', 'create', '--json', 'id'])).stdout).id as string;
    const r = await run(['spaces', 'delete', id], { CI: 'true' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--yes');
    expect((await run(['spaces', 'get', id])).code).toBe(0);
  });

  it.skipIf(!terminal)('asks on a terminal; answering no cancels with exit 3 and changes nothing', async () => {
    const id = JSON.parse((await run(['spaces', 'create', '--title', 'Named one', '--json', 'id'])).stdout).id as string;
    const r = await runInPty(['--store', data, 'spaces', 'delete', id], { steps: [{ expect: 'restored', send: 'n\r' }] });
    expect(r.code).toBe(3);
    // The question names the object by its title as well as its id.
    expect(r.output).toContain(`Delete space "Named one" (${id})?`);
    expect((await run(['spaces', 'get', id])).code).toBe(0);
    const yes = await runInPty(['--store', data, 'spaces', 'delete', id], { steps: [{ expect: 'restored', send: 'y\r' }] });
    expect(yes.code).toBe(0);
    expect((await run(['spaces', 'get', id])).code).toBe(5);
  });

  it('prints the request with --dry-run and sends nothing', async () => {
    const before = (await run(['spaces', 'list', '--all', '--jq', 'length'])).stdout;
    const r = await run(['spaces', 'create', '--title', 'Never', '--dry-run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^POST \$\{GITBOOK_ENDPOINT\}\/v1\/orgs\/\w+\/spaces\n\{\n {2}"title": "Never"\n\}\n$/);
    const curl = await run(['spaces', 'create', '--title', 'Never', '--dry-run=curl']);
    expect(curl.stdout).toContain('curl -sS -X POST');
    expect(curl.stdout).toContain('Bearer ${GITBOOK_TOKEN}');
    expect((await run(['spaces', 'list', '--all', '--jq', 'length'])).stdout).toBe(before);
  });

  it('takes bodies from --data @file, --data - and -F, validated before sending', async () => {
    const { writeFileSync } = await import('node:fs');
    const file = join(tmp.dir, 'body.json');
    writeFileSync(file, JSON.stringify({ title: 'From file' }));
    const a = await run(['spaces', 'create', '--data', `@${file}`, '--json', 'title']);
    expect(JSON.parse(a.stdout)).toEqual({ title: 'From file' });
    const b = await runCli(['--store', data, 'spaces', 'create', '--data', '-', '--json', 'title'], { input: '{"title":"From stdin"}' });
    expect(JSON.parse(b.stdout)).toEqual({ title: 'From stdin' });
    const c = await run(['spaces', 'create', '-F', 'title=Typed', '-F', 'editMode=locked', '--json', 'title,editMode']);
    expect(JSON.parse(c.stdout)).toEqual({ title: 'Typed', editMode: 'locked' });
    const bad = await run(['spaces', 'create', '-F', 'editMode=frozen']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/"live"\|"locked"|live.*locked/);
    const unknown = await run(['spaces', 'create', '-F', 'colour=red']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('fields: title');
  });
});

describe('network behaviour against a server told to fail', () => {
  let server: Server;
  let url: string;
  const seen: { method: string; ua: string | undefined; auth: string | undefined }[] = [];
  let failures = 0;
  let failWith = 503;
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ method: req.method ?? '', ua: req.headers['user-agent'], auth: req.headers.authorization });
      if (failures > 0) {
        failures--;
        res.writeHead(failWith, { 'content-type': 'application/json', 'retry-after': '0' });
        res.end(JSON.stringify({ error: { code: failWith, message: 'try later' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  const http = (args: string[]) => runCli(args, { env: { GITBOOK_ENDPOINT: url, GITBOOK_TOKEN: 'secret-token', GBCTL_CONFIG_DIR: join(tmp.dir, 'cfg') } });

  it('retries idempotent requests on 503 and 429, announcing the wait', async () => {
    seen.length = 0;
    failures = 2;
    failWith = 503;
    const r = await http(['api', 'GET', '/spaces/x']);
    expect(r.code, r.stderr).toBe(0);
    expect(seen).toHaveLength(3);
    // The server asks for no wait (Retry-After: 0), and the announcement says so.
    expect(r.stderr.match(/retrying now after HTTP 503 \(retry \d of 3\)/g)).toHaveLength(2);
    expect(seen[0]?.ua).toMatch(/^gbctl\/\d+\.\d+\.\d+$/);
    failures = 10;
    failWith = 429;
    const limited = await http(['api', 'GET', '/spaces/x', '--retries', '2']);
    expect(limited.code).toBe(7);
    failures = 0;
  });

  it('never retries a POST, and --no-retry turns retries off', async () => {
    seen.length = 0;
    failures = 1;
    failWith = 503;
    const post = await http(['api', 'POST', '/orgs/o/spaces', '-F', 'title=x']);
    expect(post.code).toBe(8);
    expect(seen).toHaveLength(1);
    failures = 1;
    const off = await http(['api', 'GET', '/spaces/x', '--no-retry']);
    expect(off.code).toBe(8);
    failures = 0;
  });

  it('goes through HTTP_PROXY unless NO_PROXY names the host', async () => {
    const tunnels: string[] = [];
    const proxy = createServer();
    proxy.on('connect', (req, client, head) => {
      tunnels.push(req.url ?? '');
      const [host, port] = (req.url ?? '').split(':');
      const upstream = connect(Number(port), host as string, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', () => client.destroy());
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', () => r()));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    try {
      const via = await runCli(['api', 'GET', '/spaces/x'], { env: { GITBOOK_ENDPOINT: url, GITBOOK_TOKEN: 't', HTTP_PROXY: proxyUrl, NO_PROXY: '' } });
      expect(via.code, via.stderr).toBe(0);
      expect(tunnels).toEqual([url.replace('http://', '')]);
      const direct = await runCli(['api', 'GET', '/spaces/x'], {
        env: { GITBOOK_ENDPOINT: url, GITBOOK_TOKEN: 't', HTTP_PROXY: proxyUrl, NO_PROXY: '127.0.0.1' },
      });
      expect(direct.code, direct.stderr).toBe(0);
      expect(tunnels).toHaveLength(1);
    } finally {
      await new Promise<void>((r) => proxy.close(() => r()));
    }
  });

  it('traces requests with --debug or GBCTL_DEBUG=api without showing the token', async () => {
    const r = await http(['api', 'GET', '/spaces/x', '--debug']);
    expect(r.stderr).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/v1\/spaces\/x 200 \d+ms$/m);
    expect(r.stderr).not.toContain('secret-token');
    const env = await runCli(['api', 'GET', '/spaces/x'], { env: { GITBOOK_ENDPOINT: url, GITBOOK_TOKEN: 'secret-token', GBCTL_DEBUG: 'api' } });
    expect(env.stderr).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/v1\/spaces\/x 200 \d+ms$/m);
  });

  it('gives up after --timeout seconds and names the endpoint (exit 8)', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    const target = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      const r = await runCli(['api', 'GET', '/spaces/x', '--timeout', '1', '--no-retry'], { env: { GITBOOK_ENDPOINT: target, GITBOOK_TOKEN: 't' } });
      expect(r.code).toBe(8);
      expect(r.stderr).toContain(target);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((r) => silent.close(() => r()));
    }
  });
});

describe('help', () => {
  it('documents exit codes, formatting and environment', async () => {
    expect((await runCli(['help', 'exit-codes'])).stdout).toMatch(/7\s+rate limited/);
    expect((await runCli(['help', 'formatting'])).stdout).toContain('--jq');
    const env = (await runCli(['help', 'environment'])).stdout;
    for (const v of ['GITBOOK_TOKEN', 'GITBOOK_ENDPOINT', 'GITBOOK_ORGANIZATION', 'GBCTL_PROFILE', 'GBCTL_DATA', 'NO_COLOR', 'HTTPS_PROXY'])
      expect(env).toContain(v);
    expect((await runCli(['help', 'nope'])).code).toBe(2);
  });

  it('answers --version and --help from the build without changing what they say', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect((await runCli(['--version'])).stdout).toBe(`${version}\n`);
    const fast = await runCli(['--help']);
    const live = await runCli(['--help'], { env: { GBCTL_NO_FAST_HELP: '1' } });
    expect(fast.code).toBe(0);
    expect(fast.stdout).toBe(live.stdout);
    expect(fast.stdout).toContain('Commands:');
  });

  it('gives every catalogue command a summary, arguments, enum values and an example', async () => {
    const h = (await runCli(['spaces', 'update', '--help'])).stdout;
    expect(h).toContain('Update a space');
    expect(h).toContain('<space>');
    expect(h).toMatch(/choices: "live",\s+"locked"/);
    expect(h).toContain('Examples:');
  });
});
