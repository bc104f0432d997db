import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Io } from '../../src/cli/context.js';
import { CliError, Exit } from '../../src/cli/exit-codes.js';
import { writeEnvText } from './handoff.js';
import { checkServeOptions, NOTIFY_ENV, type ServeOptions, type Started } from './run.js';

/** How long a detached server may take to listen (a large store loads in well under a second). */
const START_LIMIT_MS = 60_000;

/** The server's own last words, `error: …` and `hint: …`, as the error this command ends with. */
function failure(text: string, code: number | null, signal: string | null): CliError {
  const error = /^error: (.*)$/m.exec(text)?.[1];
  const hint = /^hint: (.*)$/m.exec(text)?.[1];
  if (error) return new CliError(error, code ?? Exit.error, hint);
  return new CliError(
    `the server stopped before listening (${signal ? `signal ${signal}` : `exit ${String(code)}`})${text.trim() ? `: ${text.trim()}` : ''}`,
    code ?? Exit.error,
  );
}

/** The command line of the server itself: serve's, without the flags that only this command reads. */
function serverArgs(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '--detach' || a.startsWith('--log-file=')) continue;
    if (a === '--log-file') {
      i++;
      continue;
    }
    out.push(a);
  }
  return out;
}

/**
 * `gbctl serve --detach`: starts the same command as a server of its own (a new process group,
 * its output in the log file) and returns once it listens: the environment lines on stdout,
 * or, with --write-env, the one "listening on" line. A server that cannot start (a broken store,
 * a busy port) makes this fail with the server's own error and exit code.
 */
export async function detach(io: Io, o: ServeOptions, args: string[]): Promise<void> {
  checkServeOptions(o);
  const log = resolve(o.logFile ?? join(tmpdir(), `gbctl-serve-${process.pid}-${Date.now()}.log`));
  let fd: number;
  try {
    fd = openSync(log, 'a', 0o600);
  } catch (e) {
    throw new CliError(`--log-file: cannot write ${log} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, Exit.usage);
  }
  const from = statSync(log).size;
  const script = process.argv[1] as string;
  const child = spawn(process.execPath, [...process.execArgv, script, ...serverArgs(args)], {
    detached: true,
    stdio: ['ignore', fd, fd, 'ipc'],
    env: { ...io.env, [NOTIFY_ENV]: '1' },
  });
  closeSync(fd);
  const started = await new Promise<Started>((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new CliError(`the server did not listen within ${START_LIMIT_MS / 1000} s; stopped it (its output: ${log})`, Exit.server));
    }, START_LIMIT_MS);
    child.once('message', (m) => {
      clearTimeout(timer);
      resolvePromise(m as Started);
    });
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(new CliError(`cannot start the server: ${e.message}`));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      const said = readFileSync(log, 'utf8').slice(from);
      // Its output is in the error now; a log file of gbctl's own naming would only be litter.
      if (o.logFile === undefined) rmSync(log, { force: true });
      reject(failure(said, code, signal));
    });
  });
  child.removeAllListeners('exit');
  if (child.connected) child.disconnect();
  child.unref();
  io.stdout.write(o.writeEnv ? `listening on ${started.url}\n` : writeEnvText(started as Started & { token: string }));
  io.stderr.write(
    `listening on ${started.url} in the background (pid ${started.pid}; stop it with: kill ${started.pid})\n` +
      `store: ${started.store}\norganization: ${started.organization}\n` +
      (o.writeEnv ? `environment: ${o.writeEnv} (GITBOOK_ENDPOINT, GITBOOK_TOKEN, GITBOOK_ORGANIZATION)\n` : '') +
      `log: ${log}\n`,
  );
}
