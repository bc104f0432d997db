import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

/** Runs the built gbctl and closes its stdout after the first line, as `| head -1` does. */
function firstLineThenClose(args: string[]): Promise<{ code: number | null; stderr: string; line: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let out = '';
    let stderr = '';
    let line = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (!line && out.includes('\n')) {
        line = out.slice(0, out.indexOf('\n'));
        child.stdout.destroy();
      }
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stderr, line }));
  });
}

describe('a reader that closes early', () => {
  it('ends the command quietly with exit 0, and --all stops fetching', async () => {
    const { seedSpaces } = (await import(join('..', '..', 'dist', 'index.mjs'))) as { seedSpaces: (p: string, n: number) => Promise<void> };
    const store = join(tmp.dir, 'pipe.json');
    await seedSpaces(store, 300);
    const r = await firstLineThenClose(['spaces', 'list', '--all', '--page-size', '5', '--store', store]);
    expect(r.line).toMatch(/Space/);
    expect(r.stderr).not.toMatch(/EPIPE|Error|at /);
    expect(r.code).toBe(0);
    const endpoints = await firstLineThenClose(['api', 'endpoints']);
    expect(endpoints.stderr).toBe('');
    expect(endpoints.code).toBe(0);
  });
});
