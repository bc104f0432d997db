import type { Io } from './context.js';
import { CliError, Exit, usageError } from './exit-codes.js';
import { importEsm } from './esm.js';
import { safeText } from './terminal-text.js';
import { promptOutput } from './stdio.js';

/** Prompts only when a person is there: stdin and stdout are TTYs and neither CI nor --no-input says otherwise. */
export function canPrompt(io: Io, noInput = false): boolean {
  return !noInput && !!io.stdout.isTTY && !io.env.CI && !io.env.GBCTL_NO_INPUT && io.stdinIsTTY;
}

/** What a destructive command is about to do, said two ways. */
export interface Confirmation {
  /** The act in a few words, e.g. `delete space "Guides" (abc123)`: the refusal says it. */
  action: string;
  /** What a person at a terminal is asked; the action and its consequence. */
  question: string;
}

/**
 * Off a terminal, a destructive verb without --yes is refused before it reads or changes
 * anything (a missing object included), so the refusal is the same whatever the arguments.
 */
export function refuseWithoutTerminal(io: Io, c: Confirmation, yes: boolean, noInput = false): void {
  if (!yes && !canPrompt(io, noInput)) throw usageError(`refusing to ${c.action} without confirmation`, 'pass --yes to confirm');
}

/**
 * The one confirmation of every destructive verb: on a terminal it asks; otherwise --yes is
 * required and its absence is a usage error before anything is done. Nothing is auto-confirmed.
 */
export async function confirmOrFail(io: Io, c: Confirmation, yes: boolean, noInput = false): Promise<void> {
  if (yes) return;
  refuseWithoutTerminal(io, c, yes, noInput);
  const { confirm } = await importEsm('@inquirer/prompts');
  let ok: boolean;
  try {
    ok = await confirm({ message: safeText(c.question), default: false }, { output: promptOutput(io.stderr) as never });
  } catch {
    throw new CliError('cancelled', Exit.cancelled);
  }
  if (!ok) throw new CliError('cancelled', Exit.cancelled);
}

/** Says on stderr what a destructive command did. */
export function sayDone(io: Io, what: string): void {
  io.stderr.write(`✓ ${safeText(what)}\n`);
}
