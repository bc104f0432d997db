import type { Io } from './context.js';
import { makeCli, type CliDeps } from './deps.js';
import { reportError } from './errors.js';
import { buildProgram, helpForBareGroup, normaliseJsonFlag, rootCommand, targetOf, topLevelNames } from './program.js';

/** Runs gbctl with `argv` (node, script, ...args) over `deps`, and resolves to the exit code. */
export async function runCli(argv: string[], io: Io, deps: CliDeps): Promise<number> {
  const args = argv.slice(2);
  const cli = makeCli(io, deps);
  try {
    const names = topLevelNames(cli);
    const normalised = normaliseJsonFlag(args, names);
    const root = rootCommand(cli);
    const { names: reached, verb } = targetOf(root, normalised, names);
    const program = await buildProgram(cli, reached, root, verb);
    await program.parseAsync([...argv.slice(0, 2), ...helpForBareGroup(program, normalised)]);
    return 0;
  } catch (e) {
    return reportError(io, e, args);
  }
}
