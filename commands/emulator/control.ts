import type { Command } from 'commander';
import type * as z from 'zod';
import { chooseBackend, type GlobalOptions, type JsonFlag } from '../../src/cli/context.js';
import { resolve } from '../../src/cli/config.js';
import type { Cli } from '../../src/cli/deps.js';
import { emitOrText } from '../../src/cli/emit.js';
import { explainAuthFailure } from '../../src/cli/errors.js';
import { CliError, usageError } from '../../src/cli/exit-codes.js';

export type ControlOpts = GlobalOptions & { json?: JsonFlag; jq?: string; yes?: boolean; input?: boolean };

export const opts = (cmd: Command) => cmd.optsWithGlobals() as ControlOpts;

const NEEDS_SERVE = 'the emulator controls need a running "gbctl serve": they act on a server, and the embedded store has none';
const SERVE_HINT = 'start one (e.g. gbctl serve --port 0 --write-env gbctl.env) and point gbctl at it with GITBOOK_ENDPOINT or --endpoint';

/**
 * The backend a control would reach, decided before anything is opened: the embedded store has
 * no controls, and opening it would create a store file for a command that cannot use it.
 */
export function checkServed(cli: Cli, o: ControlOpts): string {
  const backend = chooseBackend(o, cli.io.env, resolve(o, cli.io.env));
  if (backend.kind !== 'http') throw usageError(NEEDS_SERVE, SERVE_HINT);
  return backend.endpoint;
}

/**
 * Sends one request to `/_gbctl/PATH` of the configured server with the configured token, and
 * answers its JSON read through `answer` (the control's schema, from the controls' door): an
 * answer of another shape is a server that is not gbctl serve, said so.
 */
export async function control<S extends z.ZodType>(
  cli: Cli,
  o: ControlOpts,
  method: string,
  path: string,
  answer: S,
  body?: unknown,
  how: { retry?: boolean } = {},
): Promise<z.output<S>> {
  checkServed(cli, o);
  const conn = await cli.connect(o);
  try {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await conn.client.send(
      { method, path: `/_gbctl/${path}`, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) },
      // A control changes the server's state once; repeating it after a lost answer could apply it
      // twice. A readiness check answers now: a retry would hide that the server is down.
      { idempotent: method === 'GET' && how.retry !== false },
    );
    return answerOf(answer, `${method} /_gbctl/${path}`, res.body);
  } catch (e) {
    if (e instanceof CliError) throw e;
    throw explainAuthFailure(e, conn.resolved.sources.token);
  } finally {
    await conn.close();
  }
}

/** A control's answer read through its schema; one that is not JSON, or of another shape, is refused with what it was. */
export function answerOf<S extends z.ZodType>(answer: S, route: string, body: string): z.output<S> {
  let json: unknown;
  try {
    json = body ? JSON.parse(body) : undefined;
  } catch {
    throw new CliError(`the answer to ${route} is not JSON: is the server gbctl serve?`);
  }
  const read = answer.safeParse(json);
  if (!read.success)
    throw new CliError(
      `the answer to ${route} is not what gbctl serve answers (${read.error.issues[0]?.message ?? 'another shape'}): is the server gbctl serve, and of this version?`,
    );
  return read.data;
}

/** Prints the answer as JSON (whole, some fields, or through --jq), or as `text` when no JSON was asked for. */
export async function show<T>(cli: Cli, o: ControlOpts, data: T, text: (data: T) => string): Promise<void> {
  await emitOrText(cli.io, o, data, () => text(data));
}

/** Help text every verb ends with: where the command sends, and its examples. */
export function examples(...lines: string[]): string {
  return `\nSends to the server GITBOOK_ENDPOINT (or --endpoint, or the profile) names, with its token.\n\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}`;
}
