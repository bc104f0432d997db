import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';

/*
 * Every README block fenced as "```sh runnable" runs as written, offline: bash with
 * `set -euo pipefail`, the built gbctl first on PATH, a store and a config of its own (in a new
 * folder, the block's working directory), CI=true and no terminal. Blocks that need the hosted service, a prompt or npm stay plain "```sh".
 */
const RUNNABLE = /^```sh runnable\n([\s\S]*?)^```$/gm;

function runnableBlocks(markdown: string): { line: number; code: string }[] {
  return [...markdown.matchAll(RUNNABLE)].map((m) => ({ line: markdown.slice(0, m.index).split('\n').length, code: m[1] as string }));
}

const tmp = tempDir('gbctl-readme-');
afterAll(() => tmp.cleanup());
const bin = join(tmp.dir, 'bin');
mkdirSync(bin);
symlinkSync(BIN, join(bin, 'gbctl'));

function runBlock(code: string, dir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: Record<string, string> = {
    PATH: `${bin}:${process.env.PATH ?? ''}`,
    HOME: dir,
    CI: 'true',
    NO_COLOR: '1',
    // The default store's place, not GBCTL_DATA: a block that sources serve's GITBOOK_ENDPOINT
    // would otherwise name two backends, which a user's shell does not.
    XDG_DATA_HOME: join(dir, 'data'),
    GBCTL_CONFIG_DIR: join(dir, 'config'),
    XDG_CACHE_HOME: join(dir, 'cache'),
    TMPDIR: dir,
  };
  return new Promise((resolve) => {
    // Its own process group, so that a server a block left running goes with it.
    const child = spawn('bash', ['-c', `set -euo pipefail\n${code}`], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => process.kill(-(child.pid as number), 'SIGKILL'), 50_000);
    child.on('exit', (status) => {
      clearTimeout(timer);
      try {
        process.kill(-(child.pid as number), 'SIGTERM');
      } catch {
        // the group is gone already
      }
      resolve({ code: status, stdout, stderr });
    });
  });
}

const blocks = runnableBlocks(readFileSync(new URL('../../README.md', import.meta.url), 'utf8'));

describe('README commands run as written', () => {
  it('marks its offline blocks runnable', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(4);
  });

  for (const [i, block] of blocks.entries()) {
    it(`block ${i + 1} (README.md line ${block.line})`, { timeout: 60_000 }, async () => {
      const dir = join(tmp.dir, `block-${i + 1}`);
      mkdirSync(dir);
      const r = await runBlock(block.code, dir);
      expect(r.code, `README.md line ${block.line}:\n${block.code}\nexit ${r.code}; stderr:\n${r.stderr}`).toBe(0);
    });
  }
});
