import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, nodeCommand, runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

/**
 * `gbctl serve` under V8's --trace-gc-verbose: the young generation's committed size (KiB) after
 * each collection, before and after a load of `requests` GETs over 50 connections.
 */
async function youngGenerationUnderLoad(name: string, extra: string[], requests: number): Promise<{ first: number; last: number }> {
  const data = join(tmp.dir, `${name}.json`);
  const [command, argv] = nodeCommand(['--trace-gc-verbose', BIN, 'serve', '--port', '0', '--data', data, ...extra]);
  const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  const committed: number[] = [];
  try {
    const url = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        const young = /New space,.*committed:\s*(\d+) KB/.exec(line);
        if (young) committed.push(Number(young[1]));
        const listening = /^listening on (\S+)$/.exec(line);
        if (listening) resolve(listening[1] as string);
      });
      child.once('exit', (code) => reject(new Error(`serve exited ${code}`)));
    });
    const token = (await runCli(['local', 'token', '--data', data])).stdout.trim();
    const atStart = committed.length;
    let left = requests;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (left-- > 0) {
          const res = await fetch(`${url}/v1/user`, { headers: { authorization: `Bearer ${token}` } });
          expect(res.status).toBe(200);
          await res.arrayBuffer();
        }
      }),
    );
    expect(committed.length, 'collections during the load').toBeGreaterThan(atStart + 5);
    return { first: committed[atStart - 1] ?? (committed[atStart] as number), last: committed.at(-1) as number };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once('exit', r)));
  }
}

describe('gbctl serve: the young generation', () => {
  it('grows under load once the store is loaded: fewer collections, each request holding less in the old one', { timeout: 60_000 }, async () => {
    const { first, last } = await youngGenerationUnderLoad('default', [], 6000);
    expect(last).toBeGreaterThanOrEqual(first * 2);
  });

  it('stays at its size with --no-jit, which trades speed for memory', { timeout: 60_000 }, async () => {
    const { first, last } = await youngGenerationUnderLoad('no-jit', ['--no-jit'], 6000);
    expect(last).toBe(first);
  });
});
