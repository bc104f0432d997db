import { readFileSync } from 'node:fs';
import type { Io, OpenEmbedded } from './cli/context.js';
import type { CliDeps } from './cli/deps.js';
import type { Manifest } from './cli/manifest.js';
import { builtManifest } from './cli/build-output.js';
import { runCli } from './cli/run.js';
import { inProcessTransport } from './client/transport.js';
import { cliResources } from './registry.js';
import { JsonFileStore } from './store/json-file-store.js';
import { createApp } from './server/app.js';
import { randomIds, systemClock } from './server/env.js';
import { ensureSeeded } from './server/admin/accounts.js';
import { embeddedSession } from './server/admin/session.js';
import { BESPOKE } from '../commands/index.js';

/** Origin of the URLs the embedded store hands out (it has no socket). */
export const EMBEDDED_ORIGIN = 'gbctl://local';

/** The embedded store, opened in this process: the CLI's default backend. */
const openEmbedded: OpenEmbedded = async (path, io) => {
  const store = JsonFileStore.open(path);
  const translations = io.env.GBCTL_TRANSLATIONS === 'settings' ? ('settings' as const) : ('translation' as const);
  const base = { store, clock: systemClock, ids: randomIds, origin: EMBEDDED_ORIGIN, translations };
  // The CLI acts as the store's admin in this process: no token is read from, or kept in, the store.
  const admin = await ensureSeeded(base);
  const { token, sessions } = embeddedSession(admin.user);
  // The user's own machine: imports and OpenAPI sources may read private addresses and files.
  const env = { ...base, sessions, fileUrls: true, privateUrls: true };
  return { transport: inProcessTransport(createApp(env)), token, organization: admin.organization, close: () => store.close() };
};

/** The program's parts: the framework is handed the command tree, the bespoke commands and the resources. */
export function cliDeps(manifest: Manifest): CliDeps {
  return { manifest, bespoke: BESPOKE, resources: cliResources, openEmbedded };
}

function processIo(): Io {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
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
