import type { Io } from './context.js';

function defaultIo(): Io {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    // Asked only before a prompt: process.stdin builds a stream (and loads node:tty and
    // node:net), milliseconds of start-up that most commands never use.
    get stdinIsTTY() {
      return !!process.stdin.isTTY;
    },
    env: process.env,
  };
}

/**
 * `--json` takes an optional field list, so in `gbctl --json spaces list` it would read
 * "spaces" as fields: when the next word names a command, the flag moves to the end.
 */
export function normaliseJsonFlag(args: string[], commandNames: Set<string>): string[] {
  const i = args.indexOf('--json');
  const next = args[i + 1];
  if (i < 0 || next === undefined || !commandNames.has(next)) return args;
  return [...args.slice(0, i), ...args.slice(i + 1), '--json'];
}

/** Runs gbctl with `argv` (node, script, ...args) and resolves to the exit code. */
export async function run(argv: string[], io: Io = defaultIo()): Promise<number> {
  const args = argv.slice(2);
  if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
    const { VERSION } = await import('./version.js');
    io.stdout.write(`${VERSION}\n`);
    return 0;
  }
  const [{ buildProgram, targetNames, topLevelNames }, { reportError }] = await Promise.all([import('./program.js'), import('./errors.js')]);
  try {
    const names = await topLevelNames();
    const normalised = normaliseJsonFlag(args, names);
    const program = await buildProgram(io, targetNames(normalised, names));
    await program.parseAsync([...argv.slice(0, 2), ...normalised]);
    return 0;
  } catch (e) {
    return reportError(io, e, args);
  }
}
