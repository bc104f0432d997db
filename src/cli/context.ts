import { homedir } from 'node:os';
import { join, resolve as resolvePath } from 'node:path';
import { Client } from '../client/client.js';
import { httpTransport, type Transport } from '../client/transport.js';
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

/** The process's streams and environment, passed in so that the CLI can run inside a test. */
export interface Io {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  stdinIsTTY: boolean;
  env: NodeJS.ProcessEnv;
  /** All of standard input, read when a command is told to ("-"). */
  readStdin(): string;
}

/** The embedded store opened in this process, as a connection needs it. */
export interface EmbeddedBackend {
  transport: Transport;
  /** The store's admin token, used when no token is configured. */
  token: string;
  /** The store's default organization. */
  organization: string;
  close(): Promise<void>;
}

/** Opens the embedded store file at `path` (given to the CLI by the composition root). */
export type OpenEmbedded = (path: string, io: Io) => Promise<EmbeddedBackend>;

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

/** A client for the configured endpoint, or for the embedded store when there is none. */
export async function connect(g: GlobalOptions, io: Io, openEmbedded: OpenEmbedded): Promise<Connection> {
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
    const client = new Client({ transport: httpTransport(origin, timeoutMs, io.env), token: r.token, ...extras });
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
  let backend: EmbeddedBackend;
  try {
    backend = await openEmbedded(path, io);
  } catch (e) {
    throw e instanceof CliError ? e : new CliError((e as Error).message, Exit.error);
  }
  const resolved: Resolved = r.token ? r : { ...r, token: backend.token, sources: { ...r.sources, token: `the embedded store (${path})` } };
  const client = new Client({ transport: backend.transport, token: resolved.token, ...extras, retries: 0, parseResponses: false });
  return {
    client,
    mode: 'embedded',
    resolved,
    organization: async () => r.organization ?? backend.organization,
    close: () => backend.close(),
  };
}
