import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCli } from '../../src/cli/deps.js';
import type { Manifest, ManifestCommand } from '../../src/cli/manifest.js';
import { jsonContract } from '../../src/cli/output-flags.js';
import { buildProgram } from '../../src/cli/program.js';
import { endpointById } from '../../src/contract/index.js';
import { itemSchema, objectFields } from '../../src/contract/response-fields.js';
import { cliDeps } from '../../src/main.js';
import { sourceManifest } from '../../src/manifest-source.js';
import { BIN, runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';

// Every command of the tree, checked for what a script and a person rely on.
const tmp = tempDir();
const store = join(tmp.dir, 'store.json');
let manifest: Manifest;
beforeAll(async () => {
  manifest = await sourceManifest();
  await runCli(['--store', store, 'spaces', 'list']);
});
afterAll(() => tmp.cleanup());

const argsOf = (c: ManifestCommand) => c.args.filter((a) => a.required).map((a) => a.name.toUpperCase());
const fieldsOf = (c: ManifestCommand) => {
  const e = endpointById(c.id);
  const item = c.list ? itemSchema(e?.response) : undefined;
  return objectFields(item ?? e?.response);
};

function leaves(cmd: Command, path: string[] = []): string[][] {
  const subs = cmd.commands.filter((c) => c.name() !== 'help');
  return subs.length ? subs.flatMap((c) => leaves(c, [...path, c.name()])) : [path];
}

describe('the CLI contract, command by command', () => {
  it('every command has --help with an example', async () => {
    const sink = { write: () => true, isTTY: false } as unknown as NodeJS.WritableStream;
    const program = await buildProgram(makeCli({ stdout: sink, stderr: sink, stdinIsTTY: false, env: {}, readStdin: () => '' }, cliDeps(manifest)));
    const missing: string[] = [];
    for (const path of leaves(program).filter((p) => p.length)) {
      const r = await runCli([...path, '--help']);
      if (!/Examples?:\n\s+\$ .*gbctl /.test(r.stdout)) missing.push(path.join(' '));
    }
    expect(missing).toEqual([]);
  });

  it('every command says what its --json may name, so that a field it lacks is refused before it acts', async () => {
    const sink = { write: () => true, isTTY: false } as unknown as NodeJS.WritableStream;
    const program = await buildProgram(makeCli({ stdout: sink, stderr: sink, stdinIsTTY: false, env: {}, readStdin: () => '' }, cliDeps(manifest)));
    const find = (path: string[]) => path.reduce<Command>((c, name) => c.commands.find((x) => x.name() === name) as Command, program);
    const undeclared = leaves(program)
      .filter((p) => p.length)
      .filter((p) => jsonContract(find(p)) === undefined)
      .map((p) => p.join(' '));
    expect(undeclared).toEqual([]);
  });

  it('accepts --json with every field the response documents', async () => {
    for (const c of manifest.commands) {
      const fields = fieldsOf(c);
      if (!fields.length) continue;
      const r = await runCli(['--store', store, c.noun, c.verb, ...argsOf(c), '--json', fields.join(','), '--dry-run']);
      expect(r.stderr, `${c.noun} ${c.verb}`).not.toContain('unknown field');
    }
  });

  it('refuses an unknown --json field with exit 2 and the store unchanged, byte for byte', async () => {
    const before = readFileSync(store);
    for (const c of manifest.commands) {
      const r = await runCli(['--store', store, c.noun, c.verb, ...argsOf(c), '--json', 'no_such_field', '--yes']);
      expect(r.code, `${c.noun} ${c.verb}: ${r.stderr}`).toBe(2);
      expect(readFileSync(store).equals(before), `${c.noun} ${c.verb}`).toBe(true);
    }
  });

  it('ends quietly when piped into a reader that closes after one line', async () => {
    const run = (c: ManifestCommand) =>
      new Promise<{ name: string; code: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [BIN, '--store', store, c.noun, c.verb, ...argsOf(c), '--dry-run'], { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        let stderr = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.includes('\n')) child.stdout.destroy();
        });
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        child.on('close', (code) => resolve({ name: `${c.noun} ${c.verb}`, code, stderr }));
      });
    const all = manifest.commands;
    const results: { name: string; code: number | null; stderr: string }[] = [];
    for (let i = 0; i < all.length; i += 4) results.push(...(await Promise.all(all.slice(i, i + 4).map(run))));
    for (const r of results) {
      expect(r.stderr, r.name).not.toMatch(/EPIPE|\n\s+at /);
      expect([0, 2], `${r.name}: ${r.stderr}`).toContain(r.code);
    }
  }, 120_000);
});
