import { Option, type Command } from 'commander';
import { storePath, type GlobalOptions } from '../../src/cli/context.js';
import type { BespokeModule, Cli } from '../../src/cli/deps.js';
import { CliError, usageError } from '../../src/cli/exit-codes.js';
import type { Savepoint } from '../../src/store/savepoint.js';

interface ServeOptions extends GlobalOptions {
  port: string;
  host: string;
  validate?: boolean;
  translations: 'translation' | 'settings';
  seed?: string;
  readyFile?: string;
  log?: boolean;
  maxBody: string;
  allowFileUrls?: boolean;
  jit?: boolean;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/;

/**
 * A server's memory is mostly its store; V8's defaults favour throughput over footprint:
 * - it grows the young generation to 32 MiB while a large store loads (every record survives)
 *   and never gives it back, though a small one collects a server's short-lived garbage as well;
 * - it lets the old generation grow to about twice what is live before collecting it;
 * - its optimising compiler keeps the code it makes and, on its worker threads, memory it used
 *   to make it: about 15 MiB for an emulator whose requests wait mostly on the disk (--jit keeps it).
 * These are read at run time, so they are set here, before the store loads.
 */
async function favourFootprint(jit: boolean): Promise<void> {
  const v8 = await import('node:v8');
  v8.setFlagsFromString('--semi-space-growth-factor=1');
  v8.setFlagsFromString('--heap-growing-percent=10');
  if (!jit) v8.setFlagsFromString('--no-opt');
}

/**
 * Loading a store reads the whole snapshot (and scans or parses it): V8 would keep that garbage,
 * the file's bytes among it, until its next full collection. Two once loaded give it back.
 */
async function releaseLoadGarbage(): Promise<void> {
  const [v8, vm] = await Promise.all([import('node:v8'), import('node:vm')]);
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  gc();
  await new Promise((r) => setImmediate(r));
  gc();
}

export const command: BespokeModule = {
  summary: 'Serve the API over HTTP from the embedded store (a local emulator for offline work and CI)',
  register: (program, cli) => registerServe(program, cli),
};

function registerServe(program: Command, { io }: Cli): void {
  program
    .command('serve')
    .description(command.summary as string)
    .option('--port <n>', 'port to listen on; 0 picks a free one', '7700')
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option('--validate', 'check every response against its schema (answers 500 on a mismatch)')
    .addOption(
      new Option('--translations <shape>', 'translation objects served: translation (runs that translate a space) or settings (titled language lists)')
        .choices(['translation', 'settings'])
        .default(io.env.GBCTL_TRANSLATIONS === 'settings' ? 'settings' : 'translation'),
    )
    .option('--seed <n>', 'deterministic mode: ids and timestamps repeat run to run for the same requests')
    .option('--ready-file <path>', 'write the URL to this file once listening (for CI)')
    .option('--log', 'print every request as an NDJSON line on stderr')
    .option('--max-body <bytes>', 'largest request body accepted; larger ones get 413', String(1024 * 1024))
    .option('--allow-file-urls', 'let imports and OpenAPI sources read file:// URLs even when bound to a non-loopback address')
    .option('--jit', "let V8 optimise hot code: more requests a second under heavy load, about 15 MiB more memory")
    .addHelpText(
      'after',
      `
On start it prints one line to stdout: "listening on http://HOST:PORT".
Requests need "Authorization: Bearer <token>"; print the store's admin token with "gbctl local token".
SIGTERM or SIGINT stops accepting connections, finishes requests in flight, flushes the store
and exits 0.

Test controls (emulator only, not part of the platform API), under /_gbctl/, for admins of the
store's default organization (the token "gbctl local token" prints):
  GET  /_gbctl/health                      status, version, uptime, --jit, resident memory
  GET  /_gbctl/clock                       the server's time; POST {"advance":"7d"}, {"set":ISO},
                                           {"freeze":true|false}
  POST /_gbctl/snapshots {"id":"name"}     snapshot the whole dataset; GET lists them
  POST /_gbctl/snapshots/NAME/restore      put it back (atomic); POST /_gbctl/reset: as at start
  POST /_gbctl/faults RULE                 inject faults: {"method":"GET","path":"/v1/spaces/*",
                                           "status":503|429, "retryAfter":2, "latencyMs":200 or
                                           [min,max], "reset":true, "count":3, "probability":0.5}
                                           GET lists, DELETE /_gbctl/faults[/ID] removes
  GET  /_gbctl/requests?limit=N            the most recent requests (a ring of 1000)

Examples:
  $ gbctl serve --port 0 --data ./ci-store.json --ready-file ./ready --seed 42
  $ GITBOOK_ENDPOINT=http://127.0.0.1:7700 GITBOOK_TOKEN=$(gbctl local token) gbctl spaces list
  $ curl -H "Authorization: Bearer $GITBOOK_TOKEN" -d '{"advance":"8d"}' http://127.0.0.1:7700/_gbctl/clock`,
    )
    .action(async (_o: unknown, cmd: Command) => {
      const o = cmd.optsWithGlobals() as ServeOptions;
      const port = Number(o.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw usageError(`--port: "${o.port}" is not a port number (0-65535)`);
      const seed = o.seed === undefined ? undefined : Number(o.seed);
      if (seed !== undefined && !Number.isInteger(seed)) throw usageError(`--seed: "${o.seed}" is not a whole number`);
      const maxBodyBytes = Number(o.maxBody);
      if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 1) throw usageError(`--max-body: "${o.maxBody}" is not a number of bytes`);
      const path = storePath(o, io.env);
      await favourFootprint(!!o.jit);
      const [{ JsonFileStore }, { releaseSavepoint }, { createApp }, { listen }, { ensureSeeded, defaultOrganization }, controlsMod, { seededIds }, { RequestLog }, envMod, { VERSION }] = await Promise.all([
        import('../../src/store/json-file-store.js'),
        import('../../src/store/savepoint.js'),
        import('../../src/server/app.js'),
        import('../../src/server/http.js'),
        import('../../src/server/admin/accounts.js'),
        import('../../src/server/controls/routes.js'),
        import('../../src/server/controls/random.js'),
        import('../../src/server/controls/request-log.js'),
        import('../../src/server/env.js'),
        import('../../src/cli/version.js'),
      ]);
      let store: import('../../src/store/json-file-store.js').JsonFileStore;
      try {
        store = JsonFileStore.open(path);
      } catch (e) {
        throw new CliError((e as Error).message);
      }
      const log = new RequestLog(1000, o.log ? (e) => io.stderr.write(`${JSON.stringify(e)}\n`) : undefined);
      const controls = controlsMod.createControls({
        ...(seed !== undefined ? { seed } : {}),
        version: VERSION,
        jit: !!o.jit,
        log,
        dataset: {
          snapshot: () => store.savepoint(),
          restore: (s) => store.restoreSavepoint(s as Savepoint),
          release: (s) => releaseSavepoint(s as Savepoint),
        },
      });
      const loopback = LOOPBACK.test(o.host);
      const env = {
        store,
        clock: controls.clock,
        ids: seed !== undefined ? seededIds(seed) : envMod.randomIds,
        origin: '',
        translations: o.translations,
        fileUrls: loopback || !!o.allowFileUrls,
      };
      await ensureSeeded(env);
      await controlsMod.rememberInitial(controls);
      await releaseLoadGarbage();
      const organization = await store.read((tx) => defaultOrganization(tx));
      const app = createApp(env, { validateResponses: !!o.validate, controls });
      let listening;
      try {
        listening = await listen(app, { host: o.host, port, maxBodyBytes, faults: controls.faults, log });
      } catch (e) {
        await store.close();
        throw new CliError(`cannot listen on ${o.host}:${port}: ${(e as Error).message}`);
      }
      env.origin = listening.url;
      if (o.readyFile) {
        const { writeFileSync, renameSync } = await import('node:fs');
        writeFileSync(`${o.readyFile}.tmp`, `${listening.url}\n`);
        renameSync(`${o.readyFile}.tmp`, o.readyFile);
      }
      io.stdout.write(`listening on ${listening.url}\n`);
      io.stderr.write(`store: ${path}\norganization: ${organization}\ntoken: run "gbctl local token --store ${path}" to print the admin token\n`);
      if (!loopback) {
        io.stderr.write(`warning: bound to ${o.host}, reachable from other machines; anyone who can reach it and holds a token can change the store\n`);
        if (!o.allowFileUrls) io.stderr.write('file:// URLs in imports and OpenAPI sources are refused (--allow-file-urls allows them)\n');
      }
      await new Promise<void>((resolve) => {
        const stop = () => {
          // close() stops accepting and waits for requests in flight; idle keep-alive sockets go now.
          listening.server.close(() => resolve());
          listening.server.closeIdleConnections();
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      await store.close();
    });
}
