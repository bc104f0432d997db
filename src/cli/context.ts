import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '../client/client.js';
import { httpTransport, inProcessTransport } from '../client/transport.js';
import { CliError, Exit, usageError } from './exit-codes.js';
import { VERSION } from './version.js';

/** Options every command accepts that decide where gbctl talks and as whom. */
export interface GlobalOptions {
  endpoint?: string;
  token?: string;
  data?: string;
  store?: string;
  org?: string;
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
  /** Default organization: --org, GITBOOK_ORGANIZATION, then the embedded store's own. */
  organization(): Promise<string>;
  /** Where the token came from, for messages. */
  tokenSource: string;
  close(): Promise<void>;
}

/** The embedded store's file: --store, --data FILE, GBCTL_DATA, then the per-user default. */
export function storePath(g: GlobalOptions, env: NodeJS.ProcessEnv): string {
  const explicit = g.store ?? (g.data && !isBodyData(g.data) ? g.data : undefined) ?? env.GBCTL_DATA;
  if (explicit) return resolve(explicit);
  const base = env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  return join(base, 'gbctl', 'store.json');
}

/** `--data @file`, `--data -` and inline JSON are request bodies; any other value names the store. */
export function isBodyData(v: string): boolean {
  return v === '-' || v.startsWith('@') || /^\s*[{[]/.test(v);
}

export const EMBEDDED_ORIGIN = 'gbctl://local';

export async function connect(g: GlobalOptions, io: Io): Promise<Connection> {
  const endpoint = g.endpoint ?? io.env.GITBOOK_ENDPOINT;
  const token = g.token ?? io.env.GITBOOK_TOKEN;
  const orgFlag = g.org ?? io.env.GITBOOK_ORGANIZATION;
  const userAgent = `gbctl/${VERSION}`;
  if (endpoint) {
    let origin: string;
    try {
      origin = new URL(endpoint).origin;
    } catch {
      throw usageError(`--endpoint: "${endpoint}" is not a URL`, 'give the host, e.g. https://api.gitbook.com or http://127.0.0.1:4000');
    }
    const tokenSource = g.token ? '--token' : io.env.GITBOOK_TOKEN ? 'GITBOOK_TOKEN' : 'none';
    const client = new Client({ transport: httpTransport(origin), token, userAgent });
    return {
      client,
      mode: 'http',
      tokenSource,
      organization: async () => {
        if (orgFlag) return orgFlag;
        throw usageError('no organization given', 'pass --org ORG or set GITBOOK_ORGANIZATION');
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
  const env = { store, clock: envMod.systemClock, ids: envMod.randomIds, origin: EMBEDDED_ORIGIN, translations: 'translation' as const };
  const localToken = await ensureSeeded(env);
  const app = createApp(env);
  const client = new Client({ transport: inProcessTransport(app), token: token ?? localToken, userAgent });
  return {
    client,
    mode: 'embedded',
    tokenSource: token ? (g.token ? '--token' : 'GITBOOK_TOKEN') : `the embedded store ${path}`,
    organization: async () => orgFlag ?? ((await store.read((tx) => defaultOrganization(tx))) as string),
    close: () => store.close(),
  };
}
