import { Writable } from 'node:stream';
import type { Io } from '../../src/cli/context.js';
import type { Manifest } from '../../src/cli/manifest.js';
import { runCli as runWith } from '../../src/cli/run.js';
import { cliDeps } from '../../src/main.js';
import { sourceManifest } from '../../src/manifest-source.js';
import type { CliResult } from './cli.js';

/** This process's environment for a gbctl run, without the settings that would point it elsewhere (and `undefined` as unset). */
export function cleanEnv(extra: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    GITBOOK_ENDPOINT: undefined,
    GITBOOK_TOKEN: undefined,
    GITBOOK_ORGANIZATION: undefined,
    GBCTL_DATA: undefined,
    NO_COLOR: '1',
    ...extra,
  };
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
  return env as Record<string, string>;
}

let manifest: Promise<Manifest> | undefined;

/** A stream that keeps what is written to it, seen as a terminal or not. */
function capture(isTTY: boolean): Writable & { isTTY: boolean; text(): string } {
  const chunks: string[] = [];
  const w = new Writable({
    write(chunk: Buffer | string, _enc, cb) {
      chunks.push(chunk.toString());
      cb();
    },
  });
  return Object.assign(w, { isTTY, text: () => chunks.join('') });
}

/**
 * Runs gbctl inside this process, from source (the command tree derived afresh, never a stale
 * build), with no terminal and the same clean environment the spawned helper gives.
 */
export async function runCliInProcess(
  args: string[],
  opts: { env?: Record<string, string | undefined>; input?: string; cwd?: string; tty?: boolean } = {},
): Promise<CliResult> {
  manifest ??= sourceManifest();
  const env = cleanEnv(opts.env);
  const stdout = capture(!!opts.tty);
  const stderr = capture(!!opts.tty);
  const io: Io = { stdout, stderr, stdinIsTTY: !!opts.tty, env: env as NodeJS.ProcessEnv, readStdin: () => opts.input ?? '' };
  const before = process.cwd();
  if (opts.cwd) process.chdir(opts.cwd);
  try {
    const code = await runWith(['node', 'gbctl', ...args], io, cliDeps(await manifest));
    return { code, stdout: stdout.text(), stderr: stderr.text() };
  } finally {
    if (opts.cwd) process.chdir(before);
  }
}
