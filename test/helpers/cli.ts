import { cleanEnv } from './run-cli.js';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../bin/gbctl.js', import.meta.url));

/**
 * Refuses to start the built binary in `npm run test:fast`, which leaves out the files that do
 * (OUT_OF_PROCESS in vitest.config.mts): a file that starts spawning is then listed, not slowed.
 */
export function outOfProcess(): void {
  if (process.env.GBCTL_TEST_FAST) throw new Error('this test starts the built gbctl in another process: list its file in OUT_OF_PROCESS (vitest.config.mts)');
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The command that runs node on `args`; under a limit on the size of the files it writes
 * (`ulimit -f`, in KiB) when one is given, so that a write past it fails as on a full disk.
 */
export function nodeCommand(args: string[], fileSizeKiB?: number): [string, string[]] {
  outOfProcess();
  if (fileSizeKiB === undefined) return [process.execPath, args];
  return ['bash', ['-c', `ulimit -f ${fileSizeKiB}; exec "$0" "$@"`, process.execPath, ...args]];
}

/** Runs the built CLI as a child process with no TTY and a clean gbctl environment (end-to-end paths). */
export function spawnCli(
  args: string[],
  opts: { env?: Record<string, string | undefined>; input?: string; cwd?: string; fileSizeKiB?: number } = {},
): Promise<CliResult> {
  const env = cleanEnv(opts.env);
  return new Promise((resolve) => {
    const [command, argv] = nodeCommand([BIN, ...args], opts.fileSizeKiB);
    const child = spawn(command, argv, { env: env as NodeJS.ProcessEnv, cwd: opts.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdin.end(opts.input ?? '');
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs gbctl in this process from source: what most CLI tests use (see run-cli.ts). */
export { runCliInProcess as runCli } from './run-cli.js';
