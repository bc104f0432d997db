import { serveWeb } from '../../src/server/web/index.js';
import { serverResources } from '../../src/registry.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createApp, type App } from '../../src/server/app.js';
import { FakeClock, randomIds, type Clock } from '../../src/server/env.js';
import { listen } from '../../src/server/http.js';
import { mintAdminToken } from '../../src/server/admin/accounts.js';
import { orgs } from '../../src/server/model/org.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import type { Store } from '../../src/store/store.js';
import type { Env } from '../../src/server/context.js';
import { BIN, nodeCommand, runCli } from './cli.js';

export interface TestServer {
  url: string;
  token: string;
  org: string;
  app: App;
  env: Env;
  clock: FakeClock;
  stop(): Promise<void>;
}

/** The app on a real loopback socket (port 0), in this process, over a memory store and a fake clock. */
export async function startServer(opts: { store?: Store; clock?: FakeClock; translations?: Env['translations'] } = {}): Promise<TestServer> {
  const clock = opts.clock ?? new FakeClock();
  // On loopback, like a server bound there: imports may read this machine's test servers.
  const env: Env = {
    store: opts.store ?? new MemoryStore(),
    clock: clock as Clock,
    ids: randomIds,
    origin: '',
    translations: opts.translations ?? 'translation',
    privateUrls: true,
  };
  const token = await mintAdminToken(env);
  const org = (await env.store.read((tx) => tx.all(orgs)))[0] as { id: string };
  const app = createApp(env, serverResources, { validateResponses: true, web: serveWeb });
  const { server, url } = await listen(app, { port: 0 });
  env.origin = url;
  return {
    url,
    token,
    org: org.id,
    app,
    env,
    clock,
    stop: () => new Promise((r) => server.close(() => r())),
  };
}

/** Sends one request with the server's token and parses the JSON answer. */
export async function api(s: { url: string; token: string }, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${s.url}/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${s.token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test convenience: responses are checked field by field
  return { status: res.status, body: json as any, headers: res.headers };
}

export function tempDir(prefix = 'gbctl-test-'): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface ServeProcess {
  url: string;
  /** The store's default organization, as serve reports it on stderr. */
  org: string;
  dataFile: string;
  /** Everything serve wrote on stderr so far. */
  stderr(): string;
  token: string;
  child: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** The built `gbctl serve` as a child process on a random port over a data file. */
export async function spawnServe(dataFile: string, extra: string[] = [], opts: { fileSizeKiB?: number; mint?: boolean } = {}): Promise<ServeProcess> {
  const [command, argv] = nodeCommand([BIN, 'serve', '--port', '0', '--data', dataFile, ...extra], opts.fileSizeKiB);
  const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    rl.on('line', (line) => {
      const m = /^listening on (\S+)$/.exec(line);
      if (m) resolve(m[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${err}`)));
  });
  while (!/^organization: /m.test(err)) await new Promise((r) => setTimeout(r, 10));
  const org = (/^organization: (\S+)/m.exec(err) as RegExpExecArray)[1] as string;
  // mint: false leaves the store as serve left it (the token is then '').
  const token = opts.mint === false ? '' : (await runCli(['local', 'token', '--data', dataFile])).stdout.trim();
  return {
    url,
    org,
    dataFile,
    stderr: () => err,
    token,
    child,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      }),
  };
}
