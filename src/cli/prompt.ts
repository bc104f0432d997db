import type { Io } from './context.js';
import { CliError, Exit, usageError } from './exit-codes.js';
import { importEsm } from './esm.js';

/** Prompts only when a person is there: stdin and stdout are TTYs and neither CI nor --no-input says otherwise. */
export function canPrompt(io: Io, noInput = false): boolean {
  return !noInput && !!io.stdout.isTTY && !io.env.CI && !io.env.GBCTL_NO_INPUT && io.stdinIsTTY;
}

/** Asks before a destructive call; without a terminal, --yes is required. Nothing is auto-confirmed. */
export async function confirmOrFail(io: Io, question: string, yes: boolean, noInput = false): Promise<void> {
  if (yes) return;
  if (!canPrompt(io, noInput)) throw usageError(`refusing to ${question.replace(/\?$/, '')} without confirmation`, 'pass --yes to confirm');
  const { confirm } = await importEsm('@inquirer/prompts');
  let ok: boolean;
  try {
    ok = await confirm({ message: question, default: false }, { output: io.stderr as NodeJS.WritableStream & { isTTY?: boolean } as never });
  } catch {
    throw new CliError('cancelled', Exit.cancelled);
  }
  if (!ok) throw new CliError('cancelled', Exit.cancelled);
}
