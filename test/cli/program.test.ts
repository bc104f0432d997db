import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { makeCli } from '../../src/cli/deps.js';
import { buildProgram } from '../../src/cli/program.js';
import { cliDeps } from '../../src/main.js';
import { sourceManifest } from '../../src/manifest-source.js';
import { runCli } from '../helpers/cli.js';

/** Every command with subcommands and no arguments of its own, as the words that name it. */
function groups(cmd: Command, path: string[] = []): string[][] {
  const here = cmd.commands.length && !cmd.registeredArguments.length ? [path] : [];
  return [...here, ...cmd.commands.flatMap((c) => groups(c, [...path, c.name()]))];
}

describe('a group named without a verb', () => {
  it('prints its help on stdout with exit 0, at every level and after global flags', async () => {
    const sink = { write: () => true, isTTY: false } as unknown as NodeJS.WritableStream;
    const program = await buildProgram(
      makeCli({ stdout: sink, stderr: sink, stdinIsTTY: false, env: {}, readStdin: () => '' }, cliDeps(await sourceManifest())),
    );
    const all = groups(program);
    expect(all).toContainEqual([]);
    expect(all).toContainEqual(['local', 'tokens']);
    for (const words of [...all, ['--store', 'x.json'], ['--store', 'x.json', 'local', 'tokens'], ['--no-color', 'spaces']]) {
      const r = await runCli(words);
      expect(r.code, words.join(' ')).toBe(0);
      expect(r.stderr, words.join(' ')).toBe('');
      expect(r.stdout, words.join(' ')).toMatch(/^Usage: gbctl/);
    }
  });

  it('leaves a command with arguments of its own to its action (gbctl api needs a path)', async () => {
    const r = await runCli(['api']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
  });
});

describe('the command tree a run builds', () => {
  const sink = { write: () => true, isTTY: false } as unknown as NodeJS.WritableStream;
  const cli = async () => makeCli({ stdout: sink, stderr: sink, stdinIsTTY: false, env: {}, readStdin: () => '' }, cliDeps(await sourceManifest()));
  const names = (c: Command) => c.commands.map((k) => k.name());

  it('is the invoked command alone when the run names a known noun and one of its verbs', async () => {
    const program = await buildProgram(await cli(), new Set(['spaces']), undefined, 'list');
    expect(names(program).filter((n) => n !== 'help')).toEqual(['spaces']);
    expect(names(program.commands.find((c) => c.name() === 'spaces') as Command)).toEqual(['list']);
  });

  it("is the noun's every command for a verb it lacks, and every name for a word no command has", async () => {
    const noun = await buildProgram(await cli(), new Set(['spaces']), undefined, 'lst');
    expect(names(noun.commands.find((c) => c.name() === 'spaces') as Command)).toEqual(expect.arrayContaining(['list', 'get', 'create']));
    const unknown = await buildProgram(await cli(), new Set(['spcaes']), undefined, 'list');
    expect(names(unknown)).toEqual(expect.arrayContaining(['spaces', 'sites', 'serve', 'content']));
  });

  it('still suggests the command meant, at either level', async () => {
    const verb = await runCli(['spaces', 'lst']);
    expect(verb.code).not.toBe(0);
    expect(verb.stderr).toMatch(/Did you mean list\?/);
    const noun = await runCli(['spcaes', 'list']);
    expect(noun.code).not.toBe(0);
    expect(noun.stderr).toMatch(/Did you mean spaces\?/);
  });
});
