import type { Command } from 'commander';
import type { Io } from './context.js';
import { usageError } from './exit-codes.js';
import { checkOutputConflicts, type EmitOptions, type JsonFlag } from './emit.js';
import { checkJq } from './jq.js';

/**
 * Checks the output flags of a command against the fields its response documents (`fieldsOf`,
 * asked only when a flag needs them), before any
 * request (--jq is compiled for every command, before its action: see program.ts): an unknown
 * --json field is a usage error that lists the valid ones. Returns true when
 * the command is answered already (a bare --json on a terminal lists the fields, as gh does).
 */
export async function checkOutputFlags(io: Io, fieldsOf: () => readonly string[], o: EmitOptions, bareJson: boolean): Promise<boolean> {
  if (Array.isArray(o.json)) {
    const fields = fieldsOf();
    if (!fields.length) throw usageError('--json FIELDS: this command prints no object to pick fields from', 'use --json alone, or leave it out');
    refuseUnknownFields(o.json, fields);
  }
  if (bareJson && !o.jq && io.stdout.isTTY) {
    const fields = fieldsOf();
    if (!fields.length) return false;
    io.stdout.write(`Fields for --json (comma-separated):\n${fields.map((f) => `  ${f}\n`).join('')}`);
    return true;
  }
  return false;
}

/** A usage error naming the fields of `requested` (a.b names field a) that are not among `fields`. */
function refuseUnknownFields(requested: readonly string[], fields: readonly string[]): void {
  const unknown = requested.filter((f) => !fields.includes(f.split('.')[0] as string));
  if (unknown.length) throw usageError(`unknown field${unknown.length > 1 ? 's' : ''} for --json: ${unknown.join(', ')}`, `valid fields: ${fields.join(', ')}`);
}

/**
 * What a command's --json may name, so that it is checked before the command acts: 'none' for a
 * command that prints no JSON result (a confirmation, a token, a server's log); the fields of
 * its result (or of one item of the list it prints); 'generated' for a command of the catalogue,
 * whose runner checks them against the endpoint's response schema.
 */
export type JsonContract = 'none' | 'generated' | readonly string[];
const contracts = new WeakMap<Command, JsonContract>();

/** Marks `cmd` as printing no JSON result: --json and --jq are refused on it rather than ignored. */
export function printsNoJson(cmd: Command): Command {
  contracts.set(cmd, 'none');
  return cmd;
}

/** Declares the fields `--json FIELDS` may name on `cmd`; others are refused before it acts. */
export function printsJson(cmd: Command, fields: JsonContract): Command {
  contracts.set(cmd, fields);
  return cmd;
}

/** How `cmd` declared its --json (undefined: not at all). */
export const jsonContract = (cmd: Command): JsonContract | undefined => contracts.get(cmd);

/** Every key of T, checked by the compiler: a key of T left out, or one T lacks, does not compile. */
export const keysOf = <T>(all: Record<keyof T & string, true>): string[] => Object.keys(all);

/** Before any command's action: refuses output flags it would ignore, and a --jq that does not compile. */
export async function checkCommandOutputFlags(cmd: Command, o: { json?: JsonFlag; jq?: string; format?: string }): Promise<void> {
  checkOutputConflicts(o);
  const contract = contracts.get(cmd);
  if (contract === 'none' && (o.json !== undefined || o.jq !== undefined)) {
    const name = [cmd.name(), ...ancestors(cmd)].reverse().join(' ');
    throw usageError(`${name} prints no JSON: --json and --jq do not apply to it`);
  }
  if (Array.isArray(contract) && Array.isArray(o.json)) refuseUnknownFields(o.json, contract);
  if (o.jq) await checkJq(o.jq);
}

function ancestors(cmd: Command): string[] {
  const out: string[] = [];
  for (let c = cmd.parent; c; c = c.parent) out.push(c.name());
  return out;
}
