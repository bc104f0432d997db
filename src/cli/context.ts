import { homedir } from 'node:os';
import { join, resolve as resolvePath } from 'node:path';
import { Client } from '../client/client.js';
import { ApiError } from '../client/errors.js';
import { httpTransport, inProcessTransport } from '../client/transport.js';
import { resolve, type Resolved } from './config.js';
import { CliError, Exit, usageError } from './exit-codes.js';
import { VERSION } from './version.js';

/** Options every command accepts that decide where gbctl talks, as whom, and how. */
export interface GlobalOptions {
  endpoint?: string;
  token?: string;
  profile?: string;
  data?: string;
  store?: string;
  org?: string;
  debug?: boolean;
  retries?: string;
  retry?: boolean;
  timeout?: string;
}

export interface Io {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  stdinIsTTY: boolean;
  env: NodeJS.ProcessEnv;
}

export interface Connection {
  client: Client;
  mode: 'embedded' | 'http';
  resolved: Resolved;
  /** Default organization: --org, GITBOOK_ORGANIZATION, the profile's, then the embedded store's own. */
  organization(): Promise<string>;
  close(): Promise<void>;
}

/** The embedded store's file: --store, --data FILE, GBCTL_DATA, then the per-user default. */
export function storePath(g: GlobalOptions, env: NodeJS.ProcessEnv): string {
  const explicit = g.store ?? (g.data && !isBodyData(g.data) ? g.data : undefined) ?? env.GBCTL_DATA;
  if (explicit) return resolvePath(explicit);
  const base = env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  return join(base, 'gbctl', 'store.json');
}

/** `--data @file`, `--data -` and inline JSON are request bodies; any other value names the store. */
export function isBodyData(v: string): boolean {
  return v === '-' || v.startsWith('@') || /^\s*[{[]/.test(v);
}

export const EMBEDDED_ORIGIN = 'gbctl://local';

/** A 401 or 403 says where the token came from and what to do; other errors pass unchanged. */
export function explainAuthFailure(e: unknown, conn: Pick<Connection, 'resolved' | 'mode'>): unknown {
  if (!(e instanceof ApiError) || (e.status !== 401 && e.status !== 403)) return e;
  const source = conn.resolved.sources.token;
  const what = e.status === 401 ? `the token (from ${source}) was not accepted` : `the token (from ${source}) lacks the role for this`;
  return new CliError(`${e.message} (HTTP ${e.status}): ${what}`, Exit.auth, source === 'none' ? 'run "gbctl auth login" or set GITBOOK_TOKEN' : 'run "gbctl auth login" to save a new token, or check GITBOOK_TOKEN');
}

function number(flag: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw usageError(`--${flag}: "${raw}" is not a non-negative number`);
  return n;
}

function clientExtras(g: GlobalOptions, io: Io) {
  const debug = !!g.debug || io.env.GBCTL_DEBUG === 'api';
  return {
    userAgent: `gbctl/${VERSION}`,
    retries: g.retry === false ? 0 : number('retries', g.retries, 3),
    onRetry: (r: { attempt: number; of: number; waitMs: number; reason: string }) =>
      io.stderr.write(`retrying in ${(r.waitMs / 1000).toFixed(1)}s after ${r.reason} (retry ${r.attempt} of ${r.of})\n`),
    ...(debug
      ? { trace: (t: { method: string; url: string; status: number | 'error'; ms: number }) => io.stderr.write(`${t.method} ${t.url} ${t.status} ${t.ms.toFixed(0)}ms\n`) }
      : {}),
  };
}

export async function connect(g: GlobalOptions, io: Io): Promise<Connection> {
  const r = resolve(g, io.env);
  const extras = clientExtras(g, io);
  if (r.endpoint) {
    let origin: string;
    try {
      origin = new URL(r.endpoint).origin;
    } catch {
      throw usageError(`endpoint "${r.endpoint}" (from ${r.sources.endpoint}) is not a URL`, 'give the host, e.g. https://api.gitbook.com or http://127.0.0.1:7700');
    }
    const timeoutMs = number('timeout', g.timeout, 30) * 1000;
    const client = new Client({ transport: httpTransport(origin, timeoutMs), token: r.token, ...extras });
    return {
      client,
      mode: 'http',
      resolved: r,
      organization: async () => {
        if (r.organization) return r.organization;
        throw usageError('no organization given', 'pass --org ORG, set GITBOOK_ORGANIZATION, or "gbctl profile set organization ORG"');
      },
      close: async () => {},
    };
  }
  const path = storePath(g, io.env);
  const [{ JsonFileStore }, { createApp }, { ensureSeeded, defaultOrganization }, envMod] = await Promise.all([
    import('../store/json-file-store.js'),
    import('../server/app.js'),
    import('../server/services/orgs.js'),
    import('../server/env.js'),
  ]);
  let store;
  try {
    store = JsonFileStore.open(path);
  } catch (e) {
    throw new CliError((e as Error).message, Exit.error);
  }
  const translations = io.env.GBCTL_TRANSLATIONS === 'settings' ? ('settings' as const) : ('translation' as const);
  const env = { store, clock: envMod.systemClock, ids: envMod.randomIds, origin: EMBEDDED_ORIGIN, translations };
  const localToken = await ensureSeeded(env);
  const app = createApp(env);
  const resolved: Resolved = r.token ? r : { ...r, token: localToken, sources: { ...r.sources, token: `the embedded store (${path})` } };
  const client = new Client({ transport: inProcessTransport(app), token: resolved.token, ...extras, retries: 0, parseResponses: false });
  return {
    client,
    mode: 'embedded',
    resolved,
    organization: async () => r.organization ?? ((await store.read((tx) => defaultOrganization(tx))) as string),
    close: () => store.close(),
  };
}
