import { storePath, type GlobalOptions, type Io } from '../../src/cli/context.js';
import { CliError, usageError } from '../../src/cli/exit-codes.js';
import { VERSION } from '../../src/cli/version.js';
import { createControls, rememberInitial } from '../../src/server/controls/routes.js';
import { seededIds } from '../../src/server/controls/random.js';
import { RequestLog } from '../../src/server/controls/request-log.js';
import { clientToken, openEmbedded, readOnlyNotice, type Embedded } from '../../src/server/embedded.js';
import { listen, shutdown } from '../../src/server/http.js';
import { serveWeb } from '../../src/server/web/index.js';
import type { ServerResources } from '../../src/server/resources.js';
import { fileStoreDataset } from '../../src/server/store-dataset.js';
import { favourFootprint, releaseLoadGarbage } from './footprint.js';
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
  if (o.envFile !== undefined) throw usageError('--env-file is Node.js\'s own flag (it reads that file, and stops when it is missing)', 'use --write-env FILE to have serve write GITBOOK_ENDPOINT, GITBOOK_TOKEN and GITBOOK_ORGANIZATION');
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
  if (!Number.isFinite(graceSeconds) || graceSeconds < 0 || graceSeconds > 3600) throw usageError(`--shutdown-grace: "${o.shutdownGrace}" is not a number of seconds from 0 to 3600`);
  return { port, seed, maxBodyBytes, graceMs: Math.round(graceSeconds * 1000) };
}

/** `gbctl serve`: the embedded server on a socket, with the emulator's test controls, until SIGINT or SIGTERM. */
export async function serve(io: Io, resources: ServerResources, o: ServeOptions): Promise<void> {
  const { port, seed, maxBodyBytes, graceMs } = checkServeOptions(o);
  const notify = io.env[NOTIFY_ENV] === '1' && typeof process.send === 'function';
  const path = storePath(o, io.env, { dataAlias: true });
  favourFootprint(o.jit !== false);
  const log = new RequestLog(1000, o.log ? (e) => io.stderr.write(`${JSON.stringify(e)}\n`) : undefined);
  // The controls snapshot the store, which opens after them: they reach it through `opened`.
  let opened: Embedded | undefined;
  const store = () => (opened as Embedded).store;
  const controls = createControls({
    ...(seed !== undefined ? { seed } : {}),
    version: VERSION,
    jit: o.jit !== false,
    log,
    dataset: fileStoreDataset(store),
  });
  const loopback = LOOPBACK.test(o.host);
  try {
    opened = await openEmbedded(resources, {
      path,
      origin: '',
      translations: o.translations,
      clock: controls.clock,
      ...(seed !== undefined ? { ids: seededIds(seed) } : {}),
      fileUrls: loopback || !!o.allowFileUrls,
      privateUrls: loopback || !!o.allowPrivateUrls,
      warn: (m) => io.stderr.write(`${m}\n`),
      readOnly: o.readOnly ? true : 'auto',
      readOnlyWhy: 'started with --read-only',
      app: { validateResponses: !!o.validate, controls, web: serveWeb },
      preloadSearch: true,
    });
  } catch (e) {
    throw new CliError((e as Error).message);
  }
  const e = opened;
  // Minted before the initial snapshot, so that "POST /_gbctl/reset" keeps it valid.
  const token = needsToken(o) || notify ? await clientToken(e, 'serve write-env') : undefined;
  await rememberInitial(controls);
  await releaseLoadGarbage();
  let listening;
  try {
    listening = await listen(e.app, { host: o.host, port, maxBodyBytes, faults: controls.faults, log });
  } catch (err) {
    await e.close();
    throw listenError(o.host, port, err);
  }
  e.env.origin = listening.url;
  writeHandoff(o, { url: listening.url, organization: e.organization, ...(token !== undefined ? { token } : {}) });
  io.stdout.write(`listening on ${listening.url}\n`);
  io.stderr.write(`store: ${path}\norganization: ${e.organization}\n`);
  const readOnly = readOnlyNotice(e, !!o.readOnly);
  if (readOnly) io.stderr.write(`${readOnly}\n`);
  // A token is never printed: the files asked for carry one, or the way to mint one is said.
  if (o.writeEnv) io.stderr.write(`environment: ${o.writeEnv} (GITBOOK_ENDPOINT, GITBOOK_TOKEN, GITBOOK_ORGANIZATION)\n`);
  else if (!readOnly) io.stderr.write(`token: run "gbctl local token --store ${path}" to mint an admin token (printed once), or start with --write-env FILE\n`);
  if (!loopback) {
    io.stderr.write(`warning: bound to ${o.host}, reachable from other machines; anyone who can reach it and holds a token can change the store\n`);
    if (!o.allowFileUrls) io.stderr.write('file:// URLs in imports and OpenAPI sources are refused (--allow-file-urls allows them)\n');
    if (!o.allowPrivateUrls) io.stderr.write('loopback, private and link-local addresses in imports and OpenAPI sources are refused (--allow-private-urls allows them)\n');
  }
  const stopped = new Promise<void>((resolve) => {
    const stop = () => void shutdown(listening.server, graceMs).then(resolve);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  if (notify) {
    const started: Started = { url: listening.url, organization: e.organization, token: token as string, pid: process.pid, store: path };
    process.send?.(started, () => process.disconnect?.());
  }
  await stopped;
  removePidFile(o);
  await e.close();
}
