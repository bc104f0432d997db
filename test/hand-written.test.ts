import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { HAND_WRITTEN } from '../commands/hand-written.js';

const sink = Object.assign({ write: () => true }, { isTTY: false }) as unknown as NodeJS.WritableStream;

describe('hand-written commands', () => {
  it('list the same summary in `gbctl --help` as their own help says', async () => {
    for (const h of HAND_WRITTEN) {
      const program = new Command('gbctl');
      (await h.load())(program, { stdout: sink, stderr: sink, stdinIsTTY: false, env: {} });
      for (const [name, summary] of Object.entries(h.summary ?? {})) {
        expect(program.commands.find((c) => c.name() === name)?.description(), name).toBe(summary);
      }
      for (const name of h.names) expect(program.commands.some((c) => c.name() === name), name).toBe(true);
    }
  });
});
