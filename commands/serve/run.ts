import { storePath, type GlobalOptions, type Io } from '../../src/cli/context.js';
import { CliError, usageError } from '../../src/cli/exit-codes.js';
import { VERSION } from '../../src/cli/version.js';
import { startServer } from '../../src/server/serve.js';
import type { ServerResources } from '../../src/server/embedded.js';
import { favourFootprint, favourThroughput, releaseLoadGarbage } from './footprint.js';
import { checkHandoffPaths, needsToken, removePidFile, writeHandoff, type Handoff } from './handoff.js';
import { listenError } from './listen-error.js';

export interface ServeOptions extends GlobalOptions {
  port: string;
  host: string;
  validate?: boolean;
  translations: 'translation' | 'settings';
  seed?: string;
  readyFile?: string;
  writeEnv?: string;
  pidFile?: string;
  /** Refused: Node.js owns the name (see index.ts). */
  envFile?: string;
  log?: boolean;
  maxBody: string;
  allowFileUrls?: boolean;
  allowPrivateUrls?: boolean;
  shutdownGrace: string;
  jit?: boolean;
  detach?: boolean;
  logFile?: string;
  readOnly?: boolean;
}

/** Set by `serve --detach` on the server it starts: say over IPC when listening, with the handoff. */
export const NOTIFY_ENV = 'GBCTL_SERVE_NOTIFY';

/** What a detached server tells the command that started it. */
export interface Started extends Handoff {
  pid: number;
  store: string;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/;

/** Everything about serve's command line, checked before anything is opened or started. */
export function checkServeOptions(o: ServeOptions) {
  if (o.envFile !== undefined)
    throw usageError(
      "--env-file is Node.js's own flag (it reads that file, and stops when it is missing)",
      'use --write-env FILE to have serve write GITBOOK_ENDPOINT, GITBOOK_TOKEN and GITBOOK_ORGANIZATION',
    );
  if (o.logFile !== undefined && !o.detach) throw usageError('--log-file goes with --detach: in the foreground, serve writes to its own stdout and stderr');
  const n = numbers(o);
  checkHandoffPaths(o);
  return n;
}

function numbers(o: ServeOptions) {
  const port = Number(o.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw usageError(`--port: "${o.port}" is not a port number (0-65535)`);
  const seed = o.seed === undefined ? undefined : Number(o.seed);
  if (seed !== undefined && !Number.isInteger(seed)) throw usageError(`--seed: "${o.seed}" is not a whole number`);
  const maxBodyBytes = Number(o.maxBody);
  if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 1) throw usageError(`--max-body: "${o.maxBody}" is not a number of bytes`);
  const graceSeconds = Number(o.shutdownGrace ?? '5');
  if (!Number.isFinite(graceSeconds) || graceSeconds < 0 || graceSeconds > 3600)
    throw usageError(`--shutdown-grace: "${o.shutdownGrace}" is not a number of seconds from 0 to 3600`);
  return { port, seed, maxBodyBytes, graceMs: Math.round(graceSeconds * 1000) };
}

/** `gbctl serve`: the embedded server on a socket, with the emulator's test controls, until SIGINT or SIGTERM. */
export async function serve(io: Io, resources: ServerResources, o: ServeOptions): Promise<void> {
  const { port, seed, maxBodyBytes, graceMs } = checkServeOptions(o);
  const notify = io.env[NOTIFY_ENV] === '1' && typeof process.send === 'function';
  const path = storePath(o, io.env, { dataAlias: true });
  favourFootprint(o.jit !== false);
  const loopback = LOOPBACK.test(o.host);
  let running;
  try {
    running = await startServer(resources, {
      path,
      host: o.host,
      port,
      maxBodyBytes,
      controls: { version: VERSION, jit: o.jit !== false, seed, log: o.log ? (entry) => io.stderr.write(`${JSON.stringify(entry)}\n`) : undefined },
      translations: o.translations,
      validate: !!o.validate,
      fileUrls: loopback || !!o.allowFileUrls,
      privateUrls: loopback || !!o.allowPrivateUrls,
      readOnly: o.readOnly ? true : 'auto',
      readOnlyWhy: 'started with --read-only',
      ...(needsToken(o) || notify ? { mintToken: 'serve write-env' } : {}),
      warn: (m) => io.stderr.write(`${m}\n`),
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).syscall === 'listen') throw listenError(o.host, port, err);
    throw new CliError((err as Error).message);
  }
  await releaseLoadGarbage();
  if (o.jit !== false) favourThroughput();
  const { url, organization, token } = running;
  writeHandoff(o, { url, organization, ...(token !== undefined ? { token } : {}) });
  io.stdout.write(`listening on ${url}\n`);
  io.stderr.write(`store: ${path}\norganization: ${organization}\n`);
  const readOnly = running.readOnly;
  if (readOnly) io.stderr.write(`${readOnly}\n`);
  // A token is never printed: the files asked for carry one, or the way to mint one is said.
  if (o.writeEnv) io.stderr.write(`environment: ${o.writeEnv} (GITBOOK_ENDPOINT, GITBOOK_TOKEN, GITBOOK_ORGANIZATION)\n`);
  else if (!readOnly) io.stderr.write(`token: run "gbctl local token --store ${path}" to mint an admin token (printed once), or start with --write-env FILE\n`);
  if (!loopback) {
    io.stderr.write(`warning: bound to ${o.host}, reachable from other machines; anyone who can reach it and holds a token can change the store\n`);
    if (!o.allowFileUrls) io.stderr.write('file:// URLs in imports and OpenAPI sources are refused (--allow-file-urls allows them)\n');
    if (!o.allowPrivateUrls)
      io.stderr.write('loopback, private and link-local addresses in imports and OpenAPI sources are refused (--allow-private-urls allows them)\n');
  }
  const server = running;
  const stopped = new Promise<void>((resolve) => {
    const stop = () => void server.stop(graceMs).then(resolve);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  if (notify) {
    const started: Started = { url, organization, token: token as string, pid: process.pid, store: path };
    process.send?.(started, () => process.disconnect?.());
  }
  await stopped;
  removePidFile(o);
}
