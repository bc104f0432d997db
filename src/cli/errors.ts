import { CommanderError } from 'commander';
import { ApiError, InputError, NetworkError, ResponseShapeError } from '../client/errors.js';
import type { Io } from './context.js';
import { describeBodyProblem, type BodyProblem } from '../contract/body-problem.js';
import { CliError, Exit, exitForStatus } from './exit-codes.js';
import { jsonForTerminal, safeText } from './terminal-text.js';

interface Reported {
  code: number;
  status?: number;
  message: string;
  hint?: string;
}

/**
 * What a refused token means and what to do, said once for every path that meets a 401 or 403.
 * `source` is where the token came from, when the caller knows it.
 */
function authFailure(e: ApiError, source?: string): Reported {
  const what =
    source === undefined ? '' : e.status === 401 ? `: the token (from ${source}) was not accepted` : `: the token (from ${source}) lacks the role for this`;
  const hint =
    source === undefined || source === 'none'
      ? 'check the token, or run "gbctl auth login" (or set GITBOOK_TOKEN)'
      : 'run "gbctl auth login" to save a new token, or check GITBOOK_TOKEN';
  return { code: Exit.auth, status: e.status, message: `${e.message} (HTTP ${e.status})${what}`, hint };
}

/** A 401 or 403 that says where the token came from; other errors pass unchanged. */
export function explainAuthFailure(e: unknown, tokenSource: string): unknown {
  if (!(e instanceof ApiError) || (e.status !== 401 && e.status !== 403)) return e;
  const r = authFailure(e, tokenSource);
  return new CliError(r.message, r.code, r.hint, { status: e.status, cause: e });
}

/**
 * The fields a body takes, for a hint: each with the flag that sets it, where the command has one.
 * `give` for an update given nothing: at least one of them is needed.
 */
export function fieldsHint(fields: readonly string[], flags: ReadonlyMap<string, string> = new Map(), give = false): string | undefined {
  if (!fields.length) return undefined;
  const named = fields.map((f) => (flags.has(f) ? `${f} (--${flags.get(f)})` : f));
  return `${give ? 'give at least one of' : 'fields'}: ${named.join(', ')}${flags.size ? '; or --data JSON, or -F field=value' : ''}`;
}

/** A body the command was given that its endpoint would not take (body-problem.ts), as a usage error. */
export function bodyUsageError(p: BodyProblem, command: string, flags: ReadonlyMap<string, string>): CliError {
  return new CliError(describeBodyProblem(p, command), Exit.usage, fieldsHint(p.fields, flags, p.kind === 'nothing-to-change'));
}

/**
 * An invalid-input answer (from the server's 400 or the client's own check) in the words of
 * the command line: `body.title` or `limit` become the flags the user typed. An organization's
 * 404 says where to look only for commands that act in one.
 */
export function explainForCommand(e: unknown, flags: ReadonlyMap<string, string>, orgScoped: boolean): unknown {
  const rename = (message: string) =>
    message.replace(/(^|; |: )(?:body\.|query\.)?([A-Za-z][\w]*)(?=[.:])/g, (m, pre: string, field: string) =>
      flags.has(field) ? `${pre}--${flags.get(field)}` : m,
    );
  if (e instanceof InputError) return new CliError(`invalid input: ${rename(e.message)}`, Exit.usage, e.fields && fieldsHint(e.fields, flags));
  if (e instanceof ApiError && (e.status === 400 || e.status === 422))
    return new CliError(`${rename(e.message)} (HTTP ${e.status})`, Exit.usage, undefined, { status: e.status, cause: e });
  if (e instanceof ApiError && e.status === 404 && orgScoped) {
    return new CliError(`${e.message} (HTTP 404)`, Exit.notFound, 'check the id, and that you are in the right organization (--org, GITBOOK_ORGANIZATION)', {
      status: 404,
      cause: e,
    });
  }
  return e;
}

/**
 * The HTTP status of the answer behind a failure, following the errors it wraps: undefined only
 * when there was no answer (a check made here, a network failure, the embedded store's own file).
 */
export function httpStatus(e: unknown): number | undefined {
  for (let x = e, depth = 0; x instanceof Error && depth < 8; x = x.cause, depth++) {
    if (x instanceof ApiError || x instanceof ResponseShapeError) return x.status;
    if (x instanceof CliError && x.status !== undefined) return x.status;
  }
  return undefined;
}

function classify(e: unknown): Reported | undefined {
  if (e instanceof CliError) return { code: e.exitCode, status: httpStatus(e), message: e.message, ...(e.hint ? { hint: e.hint } : {}) };
  if (e instanceof InputError) {
    const hint = e.fields && fieldsHint(e.fields);
    return { code: Exit.usage, message: `invalid input: ${e.message}`, ...(hint ? { hint } : {}) };
  }
  if (e instanceof ApiError) {
    if (e.status === 401 || e.status === 403) return authFailure(e);
    return { code: exitForStatus(e.status), status: e.status, message: `${e.message} (HTTP ${e.status})` };
  }
  if (e instanceof NetworkError) return { code: Exit.server, message: e.message, hint: 'check --endpoint / GITBOOK_ENDPOINT and that the server is running' };
  if (e instanceof ResponseShapeError) return { code: Exit.error, status: e.status, message: e.message };
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
    io.stderr.write(`${jsonForTerminal({ error: { code: r.code, status: r.status ?? null, message: r.message, hint: r.hint ?? null } })}\n`);
  } else {
    io.stderr.write(`error: ${safeText(r.message)}\n${r.hint ? `hint: ${safeText(r.hint)}\n` : ''}`);
  }
  return r.code;
}
