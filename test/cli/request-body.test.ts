import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest, ManifestCommand } from '../../src/cli/manifest.js';
import { endpointById } from '../../src/contract/index.js';
import { sourceManifest } from '../../src/manifest-source.js';
import { runCli } from '../helpers/cli.js';
import { startControlled, type ControlledServer } from '../helpers/controlled-server.js';
import { tempDir } from '../helpers/server.js';

// However a body is given, a field its endpoint does not take, or an update that names nothing,
// is refused (exit 2, the field named, the fields listed) before any request is sent.
const tmp = tempDir('gbctl-body-');
const store = join(tmp.dir, 'store.json');
let manifest: Manifest;
let served: ControlledServer;
beforeAll(async () => {
  manifest = await sourceManifest();
  served = await startControlled();
  expect((await runCli(['--store', store, 'spaces', 'create', '--title', 'Kept'])).code).toBe(0);
});
afterAll(async () => {
  await served.stop();
  tmp.cleanup();
});

interface Target {
  name: string;
  args: string[];
  fields: string[];
  method: string;
}

/**
 * Every command and scope variant whose endpoint takes a body, with placeholders for its
 * arguments; not the aliases, which send a fixed body and refuse any other (aliases.test.ts).
 */
function withBodies(): Target[] {
  const out: Target[] = [];
  const argsOf = (c: ManifestCommand) => c.args.filter((a) => a.required).map((a) => a.name.toUpperCase());
  for (const c of manifest.commands) {
    if (c.fixed) continue;
    for (const [id, scope] of [[c.id, []], ...c.variants.map((v) => [v.id, [`--${v.option}`, '1']] as const)] as const) {
      const e = endpointById(id);
      if (!e?.body) continue;
      out.push({
        name: `${c.noun} ${c.verb}${scope.length ? ` ${scope[0]}` : ''}`,
        args: [c.noun, c.verb, ...argsOf(c), ...scope],
        fields: Object.keys(e.body.shape),
        method: e.method,
      });
    }
  }
  return out;
}

/** A near miss of the endpoint's first field: what a typo makes. */
const misspelt = (t: Target) => `${t.fields[0]}x`;

describe('a request body', () => {
  it('with a misspelt field is refused before any request, however it is given (over HTTP)', async () => {
    const targets = withBodies();
    expect(targets.length).toBeGreaterThan(30);
    const file = join(tmp.dir, 'body.json');
    for (const t of targets) {
      const field = misspelt(t);
      const body = JSON.stringify({ [field]: 'x' });
      writeFileSync(file, body);
      const ways: [string, string[], string?][] = [
        ['--data inline', ['--data', body]],
        ['--data @file', ['--data', `@${file}`]],
        ['--data -', ['--data', '-'], body],
        ['-F', ['-F', `${field}=x`]],
      ];
      for (const [way, flags, input] of ways) {
        served.controls.log.clear();
        const r = await runCli([...t.args, ...flags], { env: served.env, ...(input !== undefined ? { input } : {}) });
        const what = `${t.name} ${way}: ${r.stderr}`;
        expect(r.code, what).toBe(2);
        expect(r.stderr, what).toContain(`"${field}" is not a field of gbctl ${t.args[0]} ${t.args[1]}`);
        expect(r.stderr, what).toMatch(new RegExp(`hint: fields: ${t.fields[0]}\\b`));
        expect(served.controls.log.entries(), what).toEqual([]);
      }
    }
  });

  it('with a misspelt field changes nothing in the embedded store, dry run included', async () => {
    const before = readFileSync(store);
    for (const t of withBodies()) {
      for (const extra of [[], ...(t.method === 'GET' ? [] : [['--dry-run']])]) {
        const r = await runCli(['--store', store, ...t.args, '--data', JSON.stringify({ [misspelt(t)]: 1 }), ...extra]);
        expect(r.code, `${t.name} ${extra.join(' ')}: ${r.stderr}`).toBe(2);
        expect(r.stdout).toBe('');
      }
    }
    expect(readFileSync(store).equals(before)).toBe(true);
  });

  it('names every unknown field at once, and one nested inside a known field', async () => {
    const space = (await runCli(['--store', store, 'spaces', 'list', '--jq', '.[0].id'])).stdout.trim();
    const two = await runCli(['--store', store, 'spaces', 'update', space, '--data', '{"titel":"x","emoij":"y","title":"ok"}']);
    expect(two.code).toBe(2);
    expect(two.stderr).toContain('"titel", "emoij" are not fields of gbctl spaces update');
    const nested = await runCli(['--store', store, 'spaces', 'move', space, '--data', '{"position":{"befor":"x"}}']);
    expect(nested.code).toBe(2);
    expect(nested.stderr).toContain('"position.befor" is not a field of gbctl spaces move');
  });

  it('of an update that names no field is refused, embedded and over HTTP, and the object is not touched', async () => {
    const updates = withBodies().filter(
      (t) =>
        (t.method === 'PATCH' || t.method === 'PUT') &&
        endpointById(manifest.commands.find((c) => c.noun === t.args[0] && c.verb === t.args[1])?.id ?? '')?.body?.safeParse({}).success,
    );
    expect(updates.map((t) => t.name)).toEqual(expect.arrayContaining(['spaces update', 'collections update', 'sites update', 'comments update']));
    for (const t of updates) {
      served.controls.log.clear();
      for (const extra of [[], ['--data', '{}']]) {
        const r = await runCli([...t.args, ...extra], { env: served.env });
        expect(r.code, `${t.name}: ${r.stderr}`).toBe(2);
        expect(r.stderr).toContain(`nothing to change: gbctl ${t.args[0]} ${t.args[1]} was given no field to update`);
        expect(r.stderr).toMatch(/hint: give at least one of: /);
      }
      expect(served.controls.log.entries(), t.name).toEqual([]);
    }
    const space = (await runCli(['--store', store, 'spaces', 'list', '--jq', '.[0].id'])).stdout.trim();
    const before = readFileSync(store);
    const r = await runCli(['--store', store, 'spaces', 'update', space]);
    expect(r.code).toBe(2);
    expect(readFileSync(store).equals(before)).toBe(true);
    const done = await runCli(['--store', store, 'spaces', 'update', space, '--title', 'Renamed', '--json', 'title']);
    expect(JSON.parse(done.stdout)).toEqual({ title: 'Renamed' });
  });

  it('for a command that takes none is refused', async () => {
    const r = await runCli(['--store', store, 'spaces', 'duplicate', 'ABC', '--data', '{"title":"x"}']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('gbctl spaces duplicate takes no request body');
  });
});
