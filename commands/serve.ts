import { Option, type Command } from 'commander';
import type { Io, GlobalOptions } from '../src/cli/context.js';
import { storePath } from '../src/cli/context.js';
import { CliError, usageError } from '../src/cli/exit-codes.js';

interface ServeOptions extends GlobalOptions {
  port: string;
  host: string;
  validate?: boolean;
  translations: 'translation' | 'settings';
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/;

export function registerServe(program: Command, io: Io): void {
  program
    .command('serve')
    .description('Serve the API over HTTP from the embedded store (a local emulator for offline work and CI)')
    .option('--port <n>', 'port to listen on; 0 picks a free one', '7700')
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option('--validate', 'check every response against its schema (answers 500 on a mismatch)')
    .addOption(
      new Option('--translations <shape>', 'translation objects served: translation (runs that translate a space) or settings (titled language lists)')
        .choices(['translation', 'settings'])
        .default(io.env.GBCTL_TRANSLATIONS === 'settings' ? 'settings' : 'translation'),
    )
    .addHelpText(
      'after',
      `
On start it prints one line to stdout: "listening on http://HOST:PORT".
Requests need "Authorization: Bearer <token>"; print the store's admin token with "gbctl local token".

Examples:
  $ gbctl serve --port 0 --data ./ci-store.json
  $ GITBOOK_ENDPOINT=http://127.0.0.1:7700 GITBOOK_TOKEN=$(gbctl local token) gbctl spaces list`,
    )
    .action(async (_o: unknown, cmd: Command) => {
      const o = cmd.optsWithGlobals() as ServeOptions;
      const port = Number(o.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw usageError(`--port: "${o.port}" is not a port number (0-65535)`);
      const path = storePath(o, io.env);
      const [{ JsonFileStore }, { createApp }, { listen }, { ensureSeeded, defaultOrganization }, envMod] = await Promise.all([
        import('../src/store/json-file-store.js'),
        import('../src/server/app.js'),
        import('../src/server/http.js'),
        import('../src/server/services/orgs.js'),
        import('../src/server/env.js'),
      ]);
      let store;
      try {
        store = JsonFileStore.open(path);
      } catch (e) {
        throw new CliError((e as Error).message);
      }
      const env = { store, clock: envMod.systemClock, ids: envMod.randomIds, origin: '', translations: o.translations };
      await ensureSeeded(env);
      const organization = await store.read((tx) => defaultOrganization(tx));
      const app = createApp(env, { validateResponses: !!o.validate });
      let listening;
      try {
        listening = await listen(app, { host: o.host, port });
      } catch (e) {
        throw new CliError(`cannot listen on ${o.host}:${port}: ${(e as Error).message}`);
      }
      env.origin = listening.url;
      io.stdout.write(`listening on ${listening.url}\n`);
      io.stderr.write(`store: ${path}\norganization: ${organization}\ntoken: run "gbctl local token --store ${path}" to print the admin token\n`);
      if (!LOOPBACK.test(o.host)) io.stderr.write(`warning: bound to ${o.host}, reachable from other machines\n`);
      await new Promise<void>((resolve) => {
        const stop = () => {
          listening.server.close(() => resolve());
          listening.server.closeIdleConnections();
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      await store.close();
    });
}
