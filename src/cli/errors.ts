import { CommanderError } from 'commander';
import { ApiError, InputError, NetworkError, ResponseShapeError } from '../client/errors.js';
import type { Io } from './context.js';
import { CliError, Exit, exitForStatus } from './exit-codes.js';

interface Reported {
  code: number;
  status?: number;
  message: string;
  hint?: string;
}

function classify(e: unknown): Reported | undefined {
  if (e instanceof CliError) return { code: e.exitCode, message: e.message, ...(e.hint ? { hint: e.hint } : {}) };
  if (e instanceof InputError) return { code: Exit.usage, message: `invalid input: ${e.message}` };
  if (e instanceof ApiError) {
    const hint =
      e.status === 401 ? 'check the token, or run "gbctl auth login"' : e.status === 404 ? 'check the id, and that you are in the right organization' : undefined;
    return { code: exitForStatus(e.status), status: e.status, message: `${e.message} (HTTP ${e.status})`, ...(hint ? { hint } : {}) };
  }
  if (e instanceof NetworkError) return { code: Exit.server, message: e.message, hint: 'check --endpoint / GITBOOK_ENDPOINT and that the server is running' };
  if (e instanceof ResponseShapeError) return { code: Exit.error, message: e.message };
  return undefined;
}

/** Prints an error on stderr (and as JSON with --json) and returns the exit code. */
export function reportError(io: Io, e: unknown, args: string[]): number {
  if (e instanceof CommanderError) {
    if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') return Exit.ok;
    if (e.code === 'commander.executeSubCommandAsync') return Exit.error;
    return Exit.usage;
  }
  const r = classify(e) ?? { code: Exit.error, message: (e as Error)?.message ?? String(e) };
  if (args.some((a) => a === '--json' || a.startsWith('--json='))) {
    io.stderr.write(`${JSON.stringify({ error: { code: r.code, status: r.status ?? null, message: r.message, hint: r.hint ?? null } })}\n`);
  } else {
    io.stderr.write(`error: ${r.message}\n${r.hint ? `hint: ${r.hint}\n` : ''}`);
  }
  return r.code;
}
