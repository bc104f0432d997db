import type { Command } from 'commander';
import type { Io } from './context.js';
import { usageError } from './exit-codes.js';
import type { EmitOptions } from './emit.js';

/** Compiles a jq expression against null: a syntax error is a usage error before anything is sent. */
export async function checkJq(expr: string): Promise<void> {
  const { raw } = await import('jq-wasm');
  try {
    await raw('null', expr, ['-r']);
  } catch (e) {
    const message = (e as Error).message;
    // Errors at run time on null (iterating it, error("…")) are not the expression's fault.
    if (/compile error|syntax error/.test(message)) throw usageError(`--jq: ${message.replace(/\s+/g, ' ').replace(/^jq: error: /, '').trim()}`);
  }
}

/**
 * Checks the output flags of a command against the fields its response documents, before any
 * request (--jq is compiled for every command, before its action: see program.ts): an unknown
 * --json field is a usage error that lists the valid ones. Returns true when
 * the command is answered already (a bare --json on a terminal lists the fields, as gh does).
 */
export async function checkOutputFlags(io: Io, fields: readonly string[], o: EmitOptions, bareJson: boolean): Promise<boolean> {
  if (Array.isArray(o.json) && !fields.length) throw usageError('--json FIELDS: this command prints no object to pick fields from', 'use --json alone, or leave it out');
  if (Array.isArray(o.json)) {
    const unknown = o.json.filter((f) => !fields.includes(f.split('.')[0] as string));
    if (unknown.length) throw usageError(`unknown field${unknown.length > 1 ? 's' : ''} for --json: ${unknown.join(', ')}`, `valid fields: ${fields.join(', ')}`);
  }
  if (bareJson && !o.jq && io.stdout.isTTY && fields.length) {
    io.stdout.write(`Fields for --json (comma-separated):\n${fields.map((f) => `  ${f}\n`).join('')}`);
    return true;
  }
  return false;
}

/** Commands that print no JSON result (a confirmation, a token, a server's log). */
const noJson = new WeakSet<Command>();

/** Marks `cmd` as printing no JSON result: --json and --jq are refused on it rather than ignored. */
export function printsNoJson(cmd: Command): Command {
  noJson.add(cmd);
  return cmd;
}

/** Before any command's action: refuses output flags it would ignore, and a --jq that does not compile. */
export async function checkCommandOutputFlags(cmd: Command, o: { json?: unknown; jq?: string }): Promise<void> {
  if (noJson.has(cmd) && (o.json !== undefined || o.jq !== undefined)) {
    const name = [cmd.name(), ...ancestors(cmd)].reverse().join(' ');
    throw usageError(`${name} prints no JSON: --json and --jq do not apply to it`);
  }
  if (o.jq) await checkJq(o.jq);
}

function ancestors(cmd: Command): string[] {
  const out: string[] = [];
  for (let c = cmd.parent; c; c = c.parent) out.push(c.name());
  return out;
}
