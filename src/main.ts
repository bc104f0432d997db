import { EMBEDDED_ORIGIN } from './lib/embedded-origin.js';
import { readFileSync } from 'node:fs';
import type { Io, OpenEmbedded } from './cli/context.js';
import type { CliDeps, ShowWeb } from './cli/deps.js';
import type { Manifest } from './cli/manifest.js';
import { asReader, type ManifestReader } from './cli/manifest-reader.js';
import { builtManifest } from './cli/build-output.js';
import { runCli } from './cli/run.js';
import { processOutput } from './cli/stdio.js';
import { inProcessTransport } from './client/transport.js';
import { cliResources, serverResources } from './registry.js';
import { COMMAND_JOURNAL, openEmbedded as openStore } from './server/embedded.js';
import { BESPOKE } from '../commands/index.js';
// Every table's kept lists declared before any command writes a snapshot (store import, reset).
import './server/model/indexes.js';

/** Origin of the URLs the embedded store hands out (it has no socket). */

/** The embedded store, opened in this process: the CLI's default backend. */
const openEmbedded: OpenEmbedded = async (path, io) => {
  const translations = io.env.GBCTL_TRANSLATIONS === 'settings' ? ('settings' as const) : ('translation' as const);
  // The user's own machine: imports and OpenAPI sources may read its private addresses.
  const e = await openStore(serverResources, {
    path,
    origin: EMBEDDED_ORIGIN,
    translations,
    privateUrls: true,
    ...COMMAND_JOURNAL,
    warn: (m) => io.stderr.write(`${m}\n`),
  });
  return { transport: inProcessTransport(e.app, e.session), organization: e.organization, close: e.close };
};

/** `--web` is served by the preview command's module, loaded (through its table entry) only when asked for. */
const showWeb: ShowWeb = async (...args) => {
  const preview = await BESPOKE.find((b) => b.name === 'preview')?.load();
  if (!preview?.showWeb) throw new Error('this build of gbctl has no preview command');
  return preview.showWeb(...args);
};

/** The program's parts: the framework is handed the command tree, the bespoke commands and the resources. */
export function cliDeps(manifest: Manifest | ManifestReader): CliDeps {
  return { manifest: asReader(manifest), bespoke: BESPOKE, resources: cliResources, serverResources, openEmbedded, showWeb };
}

/**
 * A reader that closes early (`gbctl spaces list --all | head -1`) is normal in a pipeline: the
 * command ends quietly with the code it would have had, and --all stops fetching with it.
 */
function readerGone(): never {
  process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
}

function processIo(): Io {
  return {
    stdout: processOutput(1, readerGone),
    // Nobody reads what is said after standard error closes.
    stderr: processOutput(2, () => {}),
    // Asked only before a prompt: process.stdin builds a stream (and loads node:tty and
    // node:net), milliseconds of start-up that most commands never use.
    get stdinIsTTY() {
      return !!process.stdin.isTTY;
    },
    env: process.env,
    // Commands read stdin only when told to ("-"), and all of it.
    readStdin: () => readFileSync(0, 'utf8'),
  };
}

/** Runs gbctl as built (bin/gbctl.js calls this) and resolves to the exit code. */
export function run(argv: string[], io: Io = processIo()): Promise<number> {
  return runCli(argv, io, cliDeps(builtManifest()));
}
