import type { Io } from './context.js';

function defaultIo(): Io {
  return { stdout: process.stdout, stderr: process.stderr, stdinIsTTY: !!process.stdin.isTTY, env: process.env };
}

/** Runs gbctl with `argv` (node, script, ...args) and resolves to the exit code. */
export async function run(argv: string[], io: Io = defaultIo()): Promise<number> {
  const args = argv.slice(2);
  if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
    const { VERSION } = await import('./version.js');
    io.stdout.write(`${VERSION}\n`);
    return 0;
  }
  const [{ buildProgram }, { reportError }] = await Promise.all([import('./program.js'), import('./errors.js')]);
  try {
    const program = buildProgram(io);
    await program.parseAsync(argv);
    return 0;
  } catch (e) {
    return reportError(io, e, args);
  }
}
