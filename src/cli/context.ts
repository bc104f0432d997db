import { homedir } from 'node:os';
import { join, resolve as resolvePath } from 'node:path';
import { Client, retryMessage, type RetryInfo } from '../client/client.js';
import { redactEndpoint } from '../client/redact.js';
import { httpTransport, type Transport } from '../client/transport.js';
import { resolve, type Resolved } from './config.js';
import { CliError, Exit, usageError } from './exit-codes.js';
import { checkTuning } from './global-flags.js';
import { soleOrganization } from './sole-organization.js';
import { VERSION } from './version.js';
import type { Output } from './stdio.js';

/** --json as commander parsed it (see jsonFields in emit.ts): true for the whole value, the fields named, or absent. */
export type JsonFlag = true | string[] | undefined;

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
  stdout: Output;
  stderr: Output;
  stdinIsTTY: boolean;
  env: NodeJS.ProcessEnv;
  /** All of standard input, read when a command is told to ("-"). */
  readStdin(): string;
}

/** The embedded store opened in this process, as a connection needs it. */
export interface EmbeddedBackend {
  /** Acts as the store's admin when no token is configured: in process, no secret is needed. */
  transport: Transport;
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

/** The store file named by --store or GBCTL_DATA, with where it was named; undefined when neither is given. */
export function explicitStore(g: GlobalOptions, env: NodeJS.ProcessEnv, opts: { dataAlias?: boolean } = {}): { path: string; source: string } | undefined {
  if (g.store !== undefined) return { path: resolvePath(g.store), source: '--store' };
  if (opts.dataAlias && g.data !== undefined && !isBodyData(g.data)) return { path: resolvePath(g.data), source: '--data' };
  if (env.GBCTL_DATA) return { path: resolvePath(env.GBCTL_DATA), source: 'GBCTL_DATA' };
  return undefined;
}

/**
 * The embedded store file: --store, GBCTL_DATA, else the default under XDG_DATA_HOME. `serve`,
 * `local` and `store` also take --data FILE for it (`dataAlias`); elsewhere --data is a body.
 */
export function storePath(g: GlobalOptions, env: NodeJS.ProcessEnv, opts: { dataAlias?: boolean } = {}): string {
  const explicit = explicitStore(g, env, opts);
  if (explicit) return explicit.path;
  const base = env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  return join(base, 'gbctl', 'store.json');
}

/** --data carries a request body; a bare file name there is refused, never taken for a store file. */
export function checkDataFlag(g: GlobalOptions): void {
  if (g.data !== undefined && !isBodyData(g.data)) {
    throw usageError(
      `--data "${g.data}": --data takes a request body (@FILE, - for stdin, or inline JSON)`,
      `for a body in a file write --data @${g.data}; for a store file use --store ${g.data} (or GBCTL_DATA)`,
    );
  }
}

const RANK = { flag: 3, env: 2, profile: 1 } as const;
const levelOf = (source: string) => RANK[source.startsWith('--') ? 'flag' : source.startsWith('profile') ? 'profile' : 'env'];

export type Backend = { kind: 'http'; endpoint: string; source: string } | { kind: 'embedded'; path: string; source: string };

/**
 * Which backend a command talks to. An explicit store (--store or GBCTL_DATA) and an endpoint
 * (--endpoint, GITBOOK_ENDPOINT or the profile's) are weighed by where each was given, flags
 * over environment over profile; two at the same level are a usage error, never a guess.
 */
export function chooseBackend(g: GlobalOptions, env: NodeJS.ProcessEnv, r: Resolved, opts: { dataAlias?: boolean } = {}): Backend {
  const store = explicitStore(g, env, opts);
  if (!r.endpoint) return store ? { kind: 'embedded', ...store } : { kind: 'embedded', path: storePath(g, env, opts), source: 'the default location' };
  if (!store) return { kind: 'http', endpoint: r.endpoint, source: r.sources.endpoint };
  const s = levelOf(store.source);
  const e = levelOf(r.sources.endpoint);
  if (s === e)
    throw usageError(
      `${store.source} and ${r.sources.endpoint} name two backends: the store file ${store.path} and the endpoint ${r.endpoint}`,
      'give one of them',
    );
  return s > e ? { kind: 'embedded', ...store } : { kind: 'http', endpoint: r.endpoint, source: r.sources.endpoint };
}

/** `--data @file`, `--data -` and inline JSON are request bodies; any other value names the store. */
export function isBodyData(v: string): boolean {
  return v === '-' || v.startsWith('@') || /^\s*[{[]/.test(v);
}

function clientExtras(g: GlobalOptions, io: Io, retries: number) {
  const debug = !!g.debug || io.env.GBCTL_DEBUG === 'api';
  return {
    userAgent: `gbctl/${VERSION}`,
    retries,
    onRetry: (r: RetryInfo) => io.stderr.write(`${retryMessage(r)}\n`),
    ...(debug
      ? {
          trace: (t: { method: string; url: string; status: number | 'error'; ms: number }) =>
            io.stderr.write(`${t.method} ${t.url} ${t.status} ${t.ms.toFixed(0)}ms\n`),
        }
      : {}),
  };
}

/** A client for the configured endpoint, or for the embedded store when there is none. */
export async function connect(g: GlobalOptions, io: Io, openEmbedded: OpenEmbedded): Promise<Connection> {
  const tuning = checkTuning(g);
  checkDataFlag(g);
  const r = resolve(g, io.env);
  const extras = clientExtras(g, io, tuning.retries);
  const backend = chooseBackend(g, io.env, r);
  if (g.debug || io.env.GBCTL_DEBUG === 'api') {
    io.stderr.write(
      backend.kind === 'http'
        ? `backend: ${redactEndpoint(backend.endpoint)} (from ${backend.source})\n`
        : `backend: embedded store ${backend.path} (from ${backend.source})\n`,
    );
  }
  if (backend.kind === 'http') {
    let origin: string;
    try {
      origin = new URL(backend.endpoint).origin;
    } catch {
      throw usageError(
        `endpoint "${redactEndpoint(backend.endpoint)}" (from ${backend.source}) is not a URL`,
        'give the host, e.g. https://api.gitbook.com or http://127.0.0.1:7700',
      );
    }
    const client = new Client({ transport: httpTransport(origin, tuning.timeoutMs, io.env), token: r.token, ...extras });
    let sole: Promise<string> | undefined;
    return {
      client,
      mode: 'http',
      resolved: r,
      organization: async () => r.organization ?? (sole ??= soleOrganization(client)),
      close: async () => {},
    };
  }
  const { path } = backend;
  // A token or organization meant for the endpoint is not the store's: the store's own admin acts.
  const fromProfile = (source: string) => source.startsWith('profile');
  const local: Resolved = {
    ...r,
    ...(r.endpoint && fromProfile(r.sources.token) ? { token: undefined } : {}),
    ...(r.endpoint && fromProfile(r.sources.organization) ? { organization: undefined } : {}),
  };
  let embedded: EmbeddedBackend;
  try {
    embedded = await openEmbedded(path, io);
  } catch (e) {
    throw e instanceof CliError ? e : new CliError((e as Error).message, Exit.error);
  }
  const resolved: Resolved = local.token ? local : { ...local, sources: { ...local.sources, token: `none needed: the embedded store's admin acts (${path})` } };
  const client = new Client({ transport: embedded.transport, token: resolved.token, ...extras, retries: 0, parseResponses: false });
  return {
    client,
    mode: 'embedded',
    resolved,
    organization: async () => local.organization ?? embedded.organization,
    close: () => embedded.close(),
  };
}
