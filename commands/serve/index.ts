import { Option, type Command } from 'commander';
import type { BespokeModule, Cli } from '../../src/cli/deps.js';
import { serve, type ServeOptions } from './run.js';
import { detach } from './detach.js';
import { printsNoJson } from '../../src/cli/output-flags.js';

export const command: BespokeModule = {
  summary: 'Serve the API over HTTP from the embedded store (a local emulator for offline work and CI)',
  register: (program, cli) => registerServe(program, cli),
};

function registerServe(program: Command, cli: Cli): void {
  const { io } = cli;
  printsNoJson(program.command('serve'))
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
    .option('--ready-file <path>', 'once listening, write the URL to this file; a name ending in .json gets {"url","organization","token"} instead (mode 0600)')
    .option('--write-env <path>', "once listening, write GITBOOK_ENDPOINT, GITBOOK_TOKEN and GITBOOK_ORGANIZATION lines for the store's admin (mode 0600)")
    // Node.js reads --env-file itself wherever it appears and stops when the file is missing, so
    // gbctl cannot own that name; when it does get through (the file exists), say which to use.
    .addOption(new Option('--env-file <path>').hideHelp())
    .option('--pid-file <path>', 'once listening, write the server\'s process id to this file (removed when it stops): kill "$(cat FILE)" stops it')
    .option(
      '--detach',
      'start the server in the background and return once it listens: the environment lines on stdout (or, with --write-env, "listening on URL"); a server that cannot start fails with its own error and exit code',
    )
    .option('--log-file <path>', 'with --detach: where the server writes its output (default: a new file in the temporary folder, named on stderr)')
    .option('--log', 'print every request as an NDJSON line on stderr')
    .option('--max-body <bytes>', 'largest request body accepted; larger ones get 413', String(1024 * 1024))
    .option(
      '--read-only',
      'serve the store without writing to it: reads are answered, every write is 503 (chosen with a warning when the store cannot be written here)',
    )
    .option('--allow-file-urls', 'let imports and OpenAPI sources read file:// URLs even when bound to a non-loopback address')
    .option(
      '--allow-private-urls',
      'let imports and OpenAPI sources fetch loopback, private and link-local addresses even when bound to a non-loopback address',
    )
    .option('--shutdown-grace <seconds>', 'on SIGTERM or SIGINT, how long requests in flight or unfinished may take before their connections are closed', '5')
    .option('--jit', 'let V8 optimise hot code (the default)')
    .option(
      '--no-jit',
      "turn V8's optimising compiler off and keep its young generation small: about 20 MiB less memory under load, several times slower search and lists",
    )
    .addHelpText(
      'after',
      `
On start it prints one line to stdout: "listening on http://HOST:PORT"; the store and its
organization go to stderr. Requests need "Authorization: Bearer <token>"; serve never prints
one: --write-env writes one, and "gbctl local token" mints one and prints it once.
A port in use (or any address it cannot listen on) is exit 8, naming the port.

--read-only serves a store that must not change (a fixture, a copy on read-only media): it
takes no lock and writes no file, answers reads, and answers every write (test-control
restores and resets too) 503 {"error":{"code":503,"message":"… is read-only …"}}: the
request was well formed, the server cannot take it now. A store on a read-only file system,
or whose folder, snapshot or journal this user may not write (or nobody may: chmod a-w), is
served read-only too, with a warning on stderr. No token can be minted into a read-only
store: use one minted before, or --write-env FILE (or a .json --ready-file), which then
carries a token good for as long as this server runs.

While it runs, serve watches the store's files: a journal or snapshot changed by something
other than gbctl (cut short, edited in place, replaced) makes it stop writing, say so on
stderr, and answer every later write 503 with what was found and what to do; reads are then
answered from the data as it was before the change, and the files are left as they are.
Another gbctl writing to the same store (serve, or a CLI command with --store) is no change.

--detach runs the server in the background (its own process group; its output goes to
--log-file) and returns once it listens, so a CI step needs no polling loop: stdout carries
GITBOOK_ENDPOINT, GITBOOK_TOKEN and GITBOOK_ORGANIZATION lines (for "set -a; eval" or
>> "$GITHUB_ENV"), or, with --write-env FILE, the file is written and stdout says "listening
on URL". A server that cannot start (a broken store, a busy port) makes it fail with the
server's own error and exit code. Stop it with "kill PID" (the pid is on stderr, and in
--pid-file FILE when given).

For CI, --write-env FILE (and a --ready-file ending in .json) carry a token minted at start-up
for the store's admin, labelled "serve write-env" (a restart replaces it); it is never printed.
(Not --env-file: Node.js takes that flag for itself and stops when the file does not exist.)
Files are written whole (temporary name, then rename) once the server listens, so a job can wait
for the file to appear. "gbctl local token" mints an admin token and prints it once instead.

Bound to loopback (the default), imports and OpenAPI sources may read file:// URLs and fetch
from loopback, private and link-local addresses, as anyone on this machine could. Bound to any
other address, both are refused (a 400 naming the rule) unless --allow-file-urls or
--allow-private-urls: a token holder must not reach what only the server can.
SIGTERM or SIGINT stops accepting connections, closes idle ones, lets requests in flight finish
for up to --shutdown-grace seconds (5), then closes every connection left (a client that never
finished its request included), flushes the store and exits 0.

Test controls (emulator only, not part of the platform API), under /_gbctl/, for admins of the
store's default organization; "gbctl emulator …" wraps each:
  GET  /_gbctl/health                      status, version, uptime, --jit, resident memory
                                                                          gbctl emulator health
  GET  /_gbctl/clock                       the server's time; POST {"advance":"7d"}, {"set":ISO},
                                           {"freeze":true|false}          gbctl emulator clock
  POST /_gbctl/snapshots {"name":"NAME"}   snapshot the whole dataset ("id" is accepted too);
                                           GET lists them                 gbctl emulator snapshot
  POST /_gbctl/snapshots/NAME/restore      put it back (atomic)           gbctl emulator restore
  POST /_gbctl/reset                       dataset and clock as at start  gbctl emulator reset
  POST /_gbctl/faults RULE                 inject faults: {"method":"GET","path":"/v1/spaces/*",
                                           "status":503|429, "retryAfter":2, "latencyMs":200 or
                                           [min,max], "reset":true, "count":3, "probability":0.5}
                                           a bad rule is a 400 naming the field; GET lists,
                                           DELETE /_gbctl/faults[/ID] removes
                                                                          gbctl emulator faults
  GET  /_gbctl/requests?limit=N            the most recent requests (a ring of 1000); DELETE
                                           clears them                    gbctl emulator requests

Examples:
  $ gbctl serve --detach --port 0 --store ./ci-store.json --write-env ./gbctl.env --pid-file ./gbctl.pid --seed 42
  $ set -a; . ./gbctl.env; set +a; gbctl spaces list; kill "$(cat ./gbctl.pid)"
  $ gbctl serve --detach --port 0 --store ./ci-store.json >> "$GITHUB_ENV"
  $ gbctl serve --read-only --port 0 --store ./fixture.json --write-env ./gbctl.env
  $ gbctl emulator clock --advance 8d
  $ curl -H "Authorization: Bearer $GITBOOK_TOKEN" -d '{"advance":"8d"}' "$GITBOOK_ENDPOINT/_gbctl/clock"`,
    )
    .action((_o: unknown, cmd: Command) => {
      const o = cmd.optsWithGlobals() as ServeOptions;
      return o.detach ? detach(io, o, process.argv.slice(2)) : serve(io, cli.deps.serverResources, o);
    });
}
