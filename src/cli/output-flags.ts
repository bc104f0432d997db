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
