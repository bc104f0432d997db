import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { makeCli } from '../../src/cli/deps.js';
import { buildProgram } from '../../src/cli/program.js';
import { addedText } from '../../src/cli/reference.js';
import { cliDeps } from '../../src/main.js';
import { sourceManifest } from '../../src/manifest-source.js';

function all(cmd: Command): Command[] {
  return [cmd, ...cmd.commands.flatMap(all)];
}

/** The command an example line calls: the longest run of words that names a command. */
function target(root: Command, words: string[]): Command {
  let at = root;
  for (const w of words) {
    const next = at.commands.find((c) => c.name() === w || c.aliases().includes(w));
    if (!next) break;
    at = next;
  }
  return at;
}

describe('the examples in --help', () => {
  it('use only options the command they call takes', async () => {
    const sink = { write: () => true, isTTY: false } as unknown as NodeJS.WritableStream;
    const root = await buildProgram(makeCli({ stdout: sink, stderr: sink, stdinIsTTY: false, env: {}, readStdin: () => '' }, cliDeps(await sourceManifest())));
    const global = new Set(root.options.flatMap((o) => [o.long, o.short]).filter(Boolean));
    let checked = 0;
    const wrong: string[] = [];
    for (const cmd of all(root)) {
      const text = addedText(cmd, 'after');
      for (const line of text.split('\n').filter((l) => /^\s*\$ gbctl /.test(l))) {
        // Only the gbctl command itself: not what a pipe or && runs after it.
        const own = line.replace(/^\s*\$ gbctl /, '').split(/\s(?:\||&&|;|>)\s/)[0] as string;
        const words = own.split(/\s+/);
        const called = target(root, words);
        const takes = new Set([...global, ...called.options.flatMap((o) => [o.long, o.short])]);
        for (const flag of words.filter((w) => /^--?[a-zA-Z]/.test(w)).map((w) => w.split('=')[0] as string)) {
          if (!takes.has(flag)) wrong.push(`${line.trim()}: ${flag} is not an option of "${called.name()}"`);
          checked++;
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });
});
