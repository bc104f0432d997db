import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, nodeCommand } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';
import { needs } from '../helpers/tools.js';

const python = needs('python3', 'apt-get install python3');

const tmp = tempDir();
afterAll(() => tmp.cleanup());
const store = join(tmp.dir, 'store.json');
beforeAll(async () => {
  const { seedSpaces } = (await import(join('..', '..', 'dist', 'index.mjs'))) as { seedSpaces: (p: string, n: number) => Promise<void> };
  await seedSpaces(store, 300);
});

/**
 * Runs the command with its standard output on a pipe that is non-blocking and already full, as
 * a parent that shares its own non-blocking output can leave it, and reads it only after a while:
 * the shim's first write gets EAGAIN. A Python parent, as Node's own child_process makes a child's
 * standard output blocking before it starts. Prints, as JSON, the exit code, what stderr got and
 * what came through the pipe after the filler.
 */
const PARENT = `
import fcntl, json, os, subprocess, sys, time
r, w = os.pipe()
os.set_blocking(w, False)
filled = 0
try:
    while True:
        filled += os.write(w, b'x' * 4096)
except BlockingIOError:
    pass
child = subprocess.Popen(sys.argv[1:], stdout=w, stderr=subprocess.PIPE)
os.close(w)
time.sleep(0.3)
out = b''
while True:
    chunk = os.read(r, 65536)
    if not chunk:
        break
    out += chunk
err = child.stderr.read().decode()
print(json.dumps({'code': child.wait(), 'stderr': err, 'out': out[filled:].decode()}))
`;

function throughFullPipe(args: string[]): { code: number; stderr: string; out: string } {
  const [command, argv] = nodeCommand([BIN, ...args]);
  const r = spawnSync('python3', ['-c', PARENT, command, ...argv], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 1 << 26 });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { code: number; stderr: string; out: string };
}

describe.skipIf(!python)('gbctl writing to a pipe left non-blocking and full', () => {
  it('gives the rest of the help to the stream, which waits for the reader: the whole help arrives, once', () => {
    const got = throughFullPipe(['--help']);
    expect(got.stderr).toBe('');
    expect(got.code).toBe(0);
    expect(got.out).toBe(readFileSync(join(BIN, '..', '..', 'dist', 'help.txt'), 'utf8'));
  });

  it("loses nothing of a command's large answer either", () => {
    const args = ['--store', store, 'spaces', 'list', '--all', '--json'];
    const got = throughFullPipe(args);
    expect(got.stderr).toBe('');
    expect(got.code).toBe(0);
    const [command, argv] = nodeCommand([BIN, ...args]);
    const direct = spawnSync(command, argv, { encoding: 'utf8', maxBuffer: 1 << 26 });
    expect(got.out.length).toBeGreaterThan(200_000);
    expect(got.out).toBe(direct.stdout);
  });
});
