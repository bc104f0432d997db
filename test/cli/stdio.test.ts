import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { DescriptorOutput, isTerminal, processOutput, promptOutput } from '../../src/cli/stdio.js';
import { tempDir } from '../helpers/server.js';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

describe('standard output off a terminal', () => {
  it('is told from a terminal without node:tty: a file and /dev/null are not terminals', () => {
    const file = openSync(join(tmp.dir, 'plain.txt'), 'w');
    const devNull = openSync('/dev/null', 'w');
    try {
      expect(isTerminal(file)).toBe(false);
      expect(isTerminal(devNull)).toBe(false);
      expect(isTerminal(123_456)).toBe(false);
    } finally {
      closeSync(file);
      closeSync(devNull);
    }
  });

  it('writes text and bytes straight to the descriptor, in order', () => {
    const path = join(tmp.dir, 'out.txt');
    const fd = openSync(path, 'w');
    try {
      const out = new DescriptorOutput(
        fd,
        () => process.stdout,
        () => {},
      );
      expect(out.write('héllo ')).toBe(true);
      expect(out.write(new Uint8Array(Buffer.from('wörld\n')))).toBe(true);
      expect(out.write('x'.repeat(200_000))).toBe(true);
    } finally {
      closeSync(fd);
    }
    expect(readFileSync(path, 'utf8')).toBe(`héllo wörld\n${'x'.repeat(200_000)}`);
  });

  it('hands a full non-blocking pipe to the stream, which waits for it: nothing lost, nothing out of order', async () => {
    const path = join(tmp.dir, 'piped.txt');
    // A reader that starts late: the pipe fills (64 KiB) and a write to it would block.
    const reader = spawn('sh', ['-c', 'sleep 0.3; cat > "$0"', path], { stdio: ['pipe', 'ignore', 'inherit'] });
    const fd = (reader.stdin as unknown as { _handle: { fd: number } })._handle.fd;
    const text = Array.from({ length: 20_000 }, (_, i) => `line ${i}\n`).join('');
    let handed = false;
    const out = new DescriptorOutput(
      fd,
      () => {
        handed = true;
        return reader.stdin as unknown as NodeJS.WriteStream;
      },
      () => {},
    );
    for (let i = 0; i < text.length; i += 10_000) out.write(text.slice(i, i + 10_000));
    reader.stdin.end();
    await new Promise((r) => reader.on('close', r));
    expect(handed).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe(text);
  });

  it('says when the reader has gone (EPIPE) instead of throwing', async () => {
    // A reader that closes its end of the pipe and stays.
    const reader = spawn('sh', ['-c', 'exec 0<&-; echo closed; sleep 5'], { stdio: ['pipe', 'pipe', 'ignore'] });
    const fd = (reader.stdin as unknown as { _handle: { fd: number } })._handle.fd;
    await new Promise((r) => reader.stdout.once('data', r));
    let gone = 0;
    const out = new DescriptorOutput(
      fd,
      () => process.stdout,
      () => gone++,
    );
    expect(out.write('nobody reads this\n')).toBe(false);
    expect(gone).toBe(1);
    reader.kill();
  });

  it('gives prompts a stream to draw on', () => {
    const fake = new Writable({ write: (_c, _e, cb) => cb() });
    expect(promptOutput(fake)).toBe(fake);
    expect(
      promptOutput(
        new DescriptorOutput(
          2,
          () => process.stderr,
          () => {},
        ),
      ),
    ).toBe(process.stderr);
    // This test's own standard output is no terminal: it is written straight to its descriptor.
    if (!isTerminal(1)) expect(processOutput(1, () => {})).toBeInstanceOf(DescriptorOutput);
  });
});
