import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BIN, outOfProcess } from './cli.js';
import { needs } from './tools.js';

const DRIVER = fileURLToPath(new URL('./pty_driver.py', import.meta.url));

export interface PtyResult {
  code: number | null;
  /** What the terminal showed, control sequences included. */
  output: string;
  timedOut: boolean;
}

/**
 * Whether the tests that run the built binary in a pseudo-terminal (through python3's pty module)
 * run here: not in `npm run test:fast`, which skips them, and only where python3 is. Called at
 * the top level of a test file: `it.skipIf(!terminal)`.
 */
export function terminalTests(): boolean {
  if (process.env.GBCTL_TEST_FAST) return false;
  return needs('python3', 'apt-get install python3');
}

/** Strips terminal control sequences so assertions read the text. */
// eslint-disable-next-line no-control-regex -- terminal escape sequences are what this strips
export const plain = (s: string) => s.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').replace(/\r/g, '');

/** Runs the built CLI in a real pseudo-terminal, typing `send` each time `expect` appears. */
export function runInPty(
  args: string[],
  opts: { env?: Record<string, string | null>; steps?: { expect: string; send: string }[]; timeout?: number } = {},
): Promise<PtyResult> {
  outOfProcess();
  const spec = {
    argv: [process.execPath, BIN, ...args],
    env: {
      NO_COLOR: null,
      FORCE_COLOR: null,
      CI: null,
      GITBOOK_ENDPOINT: null,
      GITBOOK_TOKEN: null,
      GITBOOK_ORGANIZATION: null,
      GBCTL_DATA: null,
      ...opts.env,
    },
    steps: opts.steps ?? [],
    timeout: opts.timeout ?? 20,
  };
  return new Promise((resolve, reject) => {
    execFile('python3', [DRIVER, JSON.stringify(spec)], { maxBuffer: 16 * 1024 * 1024 }, (err, stdout) => {
      if (err) return reject(err);
      resolve(JSON.parse(stdout) as PtyResult);
    });
  });
}
