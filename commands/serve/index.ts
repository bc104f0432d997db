import { Option, type Command } from 'commander';
import type { BespokeModule, Cli } from '../../src/cli/deps.js';
import { serve, type ServeOptions } from './run.js';

export const command: BespokeModule = {
  summary: 'Serve the API over HTTP from the embedded store (a local emulator for offline work and CI)',
  register: (program, cli) => registerServe(program, cli),
};

function registerServe(program: Command, cli: Cli): void {
  const { io } = cli;
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
    .action((_o: unknown, cmd: Command) => serve(io, cli.deps.serverResources, cmd.optsWithGlobals() as ServeOptions));
}
