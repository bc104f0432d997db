import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sourceManifest } from '../../src/manifest-source.js';
import { catalogue, endpointById } from '../../src/contract/index.js';
import { targetReader } from '../../src/cli/confirm-endpoint.js';
import type { Command } from 'commander';
import { makeCli } from '../../src/cli/deps.js';
import { buildProgram } from '../../src/cli/program.js';
import { cliDeps } from '../../src/main.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';

const tmp = tempDir();
const store = join(tmp.dir, 'store.json');
const gb = (args: string[]) => runCli(['--store', store, ...args]);
const id = async (args: string[]) => JSON.parse((await gb([...args, '--json', 'id'])).stdout).id as string;
afterAll(() => tmp.cleanup());

/** A value for each body field the endpoint requires: bodies are checked before anything else. */
async function requiredBody(noun: string, verb: string): Promise<string[]> {
  const c = (await sourceManifest()).commands.find((x) => x.noun === noun && x.verb === verb);
  const shape = (c ? endpointById(c.id)?.body?.shape : undefined) ?? {};
  const flagOf = (field: string) => c?.options.find((o) => o.field === field)?.flag ?? field;
  return Object.entries(shape)
    .filter(([, z]) => !z.safeParse(undefined).success)
    .flatMap(([field]) => [`--${flagOf(field)}`, 'nosuch']);
}

describe('one confirmation for every destructive verb', () => {
  it('marks every DELETE, transfer and unpublish destructive, and every such command takes --yes', async () => {
    for (const e of catalogue) {
      if (e.method === 'DELETE' || /\.(transfer|unpublish)$/.test(e.id)) expect(e.destructive, e.id).toBe(true);
    }
    const manifest = await sourceManifest();
    for (const c of manifest.commands.filter((x) => x.destructive)) {
      const help = await runCli([c.noun, c.verb, '--help']);
      expect(help.stdout, `${c.noun} ${c.verb}`).toContain('--yes');
    }
  });

  it('refuses without --yes off a terminal, in plain words, deleting nothing', async () => {
    const site = await id(['sites', 'create', '--title', 'Site one']);
    const space = await id(['spaces', 'create', '--title', 'In site']);
    const ss = await id(['site-spaces', 'create', site, '--space', space]);
    const before = readFileSync(store);
    const r = await gb(['site-spaces', 'delete', site, ss]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: refusing to delete site space \S+ without confirmation\nhint: pass --yes to confirm\n$/);
    expect(readFileSync(store).equals(before)).toBe(true);
    const ok = await gb(['site-spaces', 'delete', site, ss, '--yes']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stderr).toMatch(/^✓ .+\n$/);
  });

  it('accepts --yes on section-groups remove-section and says what was done', async () => {
    const site = await id(['sites', 'create', '--title', 'Site two']);
    const space = await id(['spaces', 'create', '--title', 'Sec']);
    const section = await id(['sections', 'create', site, '--space', space, '--title', 'Alpha']);
    const group = await id(['section-groups', 'create', site, '--title', 'Grp']);
    expect((await gb(['section-groups', 'add-section', site, group, '--section', section])).code).toBe(0);
    const r = await gb(['section-groups', 'remove-section', site, group, section, '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^✓ /);
  });

  it('refuses before connecting: a store file that does not exist is not made', async () => {
    const fresh = join(tmp.dir, 'never.json');
    const r = await runCli(['--store', fresh, 'spaces', 'delete', 'abc']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('refusing to delete space abc without confirmation');
    expect(existsSync(fresh)).toBe(false);
    expect((await runCli(['--store', fresh, 'spaces', 'delete', 'abc', '--dry-run'])).code).toBe(0);
  });

  it('says on stderr what a delete did', async () => {
    const space = await id(['spaces', 'create', '--title', 'Gone']);
    const r = await gb(['spaces', 'delete', space, '--yes']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(space);
  });

  it('reads the object first for every destructive endpoint, so a missing one is exit 5 (the API answers its DELETE 204)', async () => {
    for (const e of catalogue.filter((x) => x.destructive)) {
      const r = targetReader(e.id);
      expect(r, e.id).toBeDefined();
      expect(endpointById('get' in (r as object) ? (r as { get: string }).get : (r as { list: string }).list), e.id).toBeDefined();
    }
    const manifest = await sourceManifest();
    for (const c of manifest.commands.filter((x) => x.destructive)) {
      for (const v of [undefined, ...c.variants]) {
        const args = [
          c.noun,
          c.verb,
          ...c.args.map(() => 'nosuch'),
          ...(v ? [`--${v.option}`, 'nosuch'] : []),
          ...(await requiredBody(c.noun, c.verb)),
          '--yes',
        ];
        const r = await gb(args);
        expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(5);
        expect(r.stderr, args.join(' ')).not.toContain('✓');
      }
    }
  });

  it('says a missing object of an existing site is not found, for the objects read from a list', async () => {
    const site = await id(['sites', 'create', '--title', 'Site three']);
    const space = await id(['spaces', 'create', '--title', 'Three']);
    const section = await id(['sections', 'create', site, '--space', space, '--title', 'Beta']);
    const group = await id(['section-groups', 'create', site, '--title', 'Grp3']);
    for (const [args, message] of [
      [['sections', 'delete', site, 'nosuch'], 'no section nosuch in site'],
      [['section-groups', 'delete', site, 'nosuch'], 'no section group nosuch in site'],
      [['section-groups', 'remove-section', site, group, section], `no section in that group ${section}`],
      [['site-spaces', 'delete', site, 'nosuch'], 'no site space nosuch in site'],
    ] as const) {
      const r = await gb([...args, '--yes']);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(5);
      expect(r.stderr).toContain(message);
    }
    // Twice: the second delete finds nothing to delete.
    expect((await gb(['spaces', 'delete', space, '--yes'])).code).toBe(0);
    const again = await gb(['spaces', 'delete', space, '--yes']);
    expect(again.code).toBe(5);
    expect(again.stderr).not.toContain('Deleted');
  });

  it('every verb that deletes, removes, revokes, resets or restores over data takes --yes and refuses without a terminal', async () => {
    const sink = { write: () => true, isTTY: false } as unknown as NodeJS.WritableStream;
    const program = await buildProgram(
      makeCli({ stdout: sink, stderr: sink, stdinIsTTY: false, env: {}, readStdin: () => '' }, cliDeps(await sourceManifest())),
    );
    const verbs: { path: string[]; cmd: Command }[] = [];
    const walk = (cmd: Command, path: string[]) => {
      if (!cmd.commands.length) verbs.push({ path, cmd });
      for (const c of cmd.commands) walk(c, [...path, c.name()]);
    };
    walk(program, []);
    const destructiveWord = /^(delete|remove|revoke|reset|restore|unpublish|transfer)(-|$)/;
    // Verbs whose name does not say it, and names that do not mean it.
    const also = new Set(['store import']);
    const not = new Map([['spaces restore', 'brings a deleted space back; nothing is overwritten']]);
    // Options a verb checks itself rather than through commander.
    const needs: Record<string, string[]> = { 'local members remove': ['--org', 'nosuch', '--user', 'nosuch'] };
    const chosen = verbs.filter(({ path }) => (destructiveWord.test(path.at(-1) as string) || also.has(path.join(' '))) && !not.has(path.join(' ')));
    expect(chosen.length).toBeGreaterThan(20);
    for (const { path, cmd } of chosen) {
      const name = path.join(' ');
      expect(
        cmd.options.some((o) => o.long === '--yes'),
        `${name} takes --yes`,
      ).toBe(true);
      const args = cmd.registeredArguments.map(() => 'nosuch');
      const mandatory = cmd.options.filter((o) => o.mandatory).flatMap((o) => [o.long as string, 'nosuch']);
      const backend = path[0] === 'emulator' ? ['--endpoint', 'http://127.0.0.1:9'] : ['--store', store];
      const body = path.length === 2 ? await requiredBody(path[0] as string, path[1] as string) : [];
      const r = await runCli([...path, ...args, ...mandatory, ...body, ...(needs[name] ?? []), ...backend]);
      expect(r.code, `${name}: ${r.stderr}`).toBe(2);
      expect(r.stderr, name).toMatch(/refusing to .* without confirmation\nhint: pass --yes to confirm/);
    }
  });
});
