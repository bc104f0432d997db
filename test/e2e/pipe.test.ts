import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

/**
 * Runs the built gbctl and closes its stdout after the first line, as `| head -1` does; with
 * `closed`, before it writes anything, as a reader that is gone already.
 */
function firstLineThenClose(args: string[], closed = false): Promise<{ code: number | null; stderr: string; line: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    if (closed) child.stdout.destroy();
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

  it('leaves no lock and no temp file when the command it ends was compacting the store', async () => {
    const store = join(tmp.dir, 'push.json');
    const folder = join(tmp.dir, 'folder');
    mkdirSync(folder, { recursive: true });
    // Enough text that the write which opens the change request grows the journal past what a
    // command compacts at (256 KiB): the compaction runs while the command prints its address.
    const names = Array.from({ length: 40 }, (_, i) => `page-${i}.md`);
    for (const n of names) writeFileSync(join(folder, n), `# ${n}\n\n${'Words of a page. '.repeat(900)}\n`);
    writeFileSync(join(folder, 'SUMMARY.md'), `# Summary\n\n${names.map((n) => `* [${n}](${n})`).join('\n')}\n`);
    const gb = (...args: string[]) =>
      spawnSync(process.execPath, [BIN, '--store', store, ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    const space = gb('spaces', 'create', '--title', 'Docs', '--json', 'id', '--jq', '.id').stdout.trim();
    const r = await firstLineThenClose(['--store', store, 'content', 'push', folder, space, '--no-input'], true);
    expect(r.code).toBe(0);
    expect(readdirSync(tmp.dir).filter((f) => f.endsWith('.tmp') || f.endsWith('.lock'))).toEqual([]);
    // The next command finds nothing to clean up or take over, and the change request is there.
    const next = gb('change-requests', 'list', space, '--status', 'draft', '--json', 'number');
    expect(next.stderr).toBe('');
    expect(JSON.parse(next.stdout)).toEqual([{ number: 1 }]);
  });
});
