import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { BIN, outOfProcess } from './cli.js';

export interface Preview {
  url: string;
  stderr(): string;
  /** Sends SIGTERM and resolves to the exit code. */
  stop(): Promise<number | null>;
}

/** Starts the built `gbctl` with `args` (preview, open, get --web) and waits for the address it prints. */
export function startPreview(args: string[], env: Record<string, string>): Promise<Preview> {
  outOfProcess();
  const child: ChildProcess = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, GITBOOK_ENDPOINT: '', GITBOOK_TOKEN: '', NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address printed within 20 s: ${err}`)), 20_000);
    child.on('exit', (code) => reject(new Error(`gbctl exited ${String(code)} before printing an address: ${err}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', (line) => {
      clearTimeout(timer);
      resolve({
        url: line.trim(),
        stderr: () => err,
        stop: () => {
          child.kill('SIGTERM');
          return exited;
        },
      });
    });
  });
}
