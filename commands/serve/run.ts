import { storePath, type GlobalOptions, type Io } from '../../src/cli/context.js';
import { CliError, usageError } from '../../src/cli/exit-codes.js';
import { VERSION } from '../../src/cli/version.js';
import { createControls, rememberInitial } from '../../src/server/controls/routes.js';
import { seededIds } from '../../src/server/controls/random.js';
import { RequestLog } from '../../src/server/controls/request-log.js';
import { openEmbedded, type Embedded } from '../../src/server/embedded.js';
import { listen, shutdown } from '../../src/server/http.js';
import { serveWeb } from '../../src/server/web/index.js';
import type { ServerResources } from '../../src/server/resources.js';
import { mintOperatorToken } from '../../src/server/admin/operator-token.js';
import { mintAdminToken } from '../../src/server/admin/accounts.js';
import { releaseSavepoint, type Savepoint } from '../../src/store/savepoint.js';
import { favourFootprint, releaseLoadGarbage } from './footprint.js';
import { checkHandoffPaths, needsToken, writeHandoff } from './handoff.js';

export interface ServeOptions extends GlobalOptions {
  port: string;
  host: string;
  validate?: boolean;
  translations: 'translation' | 'settings';
  seed?: string;
  readyFile?: string;
  writeEnv?: string;
  /** Refused: Node.js owns the name (see index.ts). */
  envFile?: string;
  log?: boolean;
  maxBody: string;
  allowFileUrls?: boolean;
  allowPrivateUrls?: boolean;
  shutdownGrace: string;
  jit?: boolean;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/;

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
  if (o.envFile !== undefined) throw usageError('--env-file is Node.js\'s own flag (it reads that file, and stops when it is missing)', 'use --write-env FILE to have serve write GITBOOK_ENDPOINT, GITBOOK_TOKEN and GITBOOK_ORGANIZATION');
  const { port, seed, maxBodyBytes, graceMs } = numbers(o);
  checkHandoffPaths(o);
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
    dataset: {
      snapshot: () => store().savepoint(),
      restore: (s) => store().restoreSavepoint(s as Savepoint),
      release: (s) => releaseSavepoint(s as Savepoint),
    },
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
      app: { validateResponses: !!o.validate, controls, web: serveWeb },
      preloadSearch: true,
    });
  } catch (e) {
    throw new CliError((e as Error).message);
  }
  const e = opened;
  // Minted before the initial snapshot, so that "POST /_gbctl/reset" keeps it valid.
  const token = needsToken(o) ? (await e.store.write((tx) => mintOperatorToken(e.env, tx, 'serve write-env'))).secret : undefined;
  await rememberInitial(controls);
  await releaseLoadGarbage();
  let listening;
  try {
    listening = await listen(e.app, { host: o.host, port, maxBodyBytes, faults: controls.faults, log });
  } catch (err) {
    await e.close();
    throw new CliError(`cannot listen on ${o.host}:${port}: ${(err as Error).message}`);
  }
  e.env.origin = listening.url;
  writeHandoff(o, { url: listening.url, organization: e.organization, ...(token !== undefined ? { token } : {}) });
  io.stdout.write(`listening on ${listening.url}\n`);
  io.stderr.write(`store: ${path}\norganization: ${e.organization}\n`);
  // A new store's first admin token, shown this once (the store keeps only its hash).
  if (e.created) io.stderr.write(`admin token (shown once: the store keeps only its hash): ${await mintAdminToken(e.env)}\n`);
  io.stderr.write(o.writeEnv ? `environment: ${o.writeEnv} (GITBOOK_ENDPOINT, GITBOOK_TOKEN, GITBOOK_ORGANIZATION)\n` : `token: run "gbctl local token --store ${path}" to mint an admin token\n`);
  if (!loopback) {
    io.stderr.write(`warning: bound to ${o.host}, reachable from other machines; anyone who can reach it and holds a token can change the store\n`);
    if (!o.allowFileUrls) io.stderr.write('file:// URLs in imports and OpenAPI sources are refused (--allow-file-urls allows them)\n');
    if (!o.allowPrivateUrls) io.stderr.write('loopback, private and link-local addresses in imports and OpenAPI sources are refused (--allow-private-urls allows them)\n');
  }
  await new Promise<void>((resolve) => {
    const stop = () => void shutdown(listening.server, graceMs).then(resolve);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await e.close();
}
