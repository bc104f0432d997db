import type { Command } from 'commander';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCli } from '../../src/cli/deps.js';
import type { Manifest, ManifestCommand } from '../../src/cli/manifest.js';
import { jsonContract } from '../../src/cli/output-flags.js';
import { buildProgram } from '../../src/cli/program.js';
import { endpointById } from '../../src/contract/index.js';
import { cliDeps } from '../../src/main.js';
import { sourceManifest } from '../../src/manifest-source.js';
import { runCli } from '../helpers/cli.js';
import { startControlled, type ControlledServer } from '../helpers/controlled-server.js';
import { tempDir } from '../helpers/server.js';
import { RAW_CONTROL } from '../helpers/tsv.js';

// Piped, every command that prints data prints strict tab-separated values: one record a line,
// the same number of fields on every line (a one-line answer may be a single value), no padding.
const tmp = tempDir('gbctl-piped-');
const store = join(tmp.dir, 'store.json');
let manifest: Manifest;
let served: ControlledServer;
const ids: Record<string, string> = {};
const gb = async (...args: string[]) => {
  const r = await runCli(['--store', store, ...args]);
  expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r.stdout.trim();
};

beforeAll(async () => {
  manifest = await sourceManifest();
  served = await startControlled();
  ids.spaceId = await gb('spaces', 'create', '--title', 'Docs', '--jq', '.id');
  ids.collectionId = await gb('collections', 'create', '--title', 'Shelf', '--jq', '.id');
  ids.changeRequestId = await gb('change-requests', 'create', ids.spaceId, '--subject', 'Edit', '--jq', '.number');
  await gb('pages', 'create', ids.spaceId, ids.changeRequestId, '--title', 'Intro', '--markdown', 'Hello  world\twith a tab');
  await gb('change-requests', 'merge', ids.spaceId, ids.changeRequestId);
  ids.pageId = await gb('pages', 'list', ids.spaceId, '--jq', '.pages[0].id');
  ids.commentId = await gb('comments', 'create', ids.spaceId, '--markdown', 'A comment', '--jq', '.id');
  ids.commentReplyId = await gb('replies', 'create', ids.spaceId, ids.commentId, '--markdown', 'A reply', '--jq', '.id');
  ids.siteId = await gb('sites', 'create', '--title', 'Site', '--spaces', ids.spaceId, '--jq', '.id');
  ids.query = 'hello';
});
afterAll(async () => {
  await served.stop();
  tmp.cleanup();
});

/** Why `stdout` is not strict tab-separated values, or undefined when it is. */
function notStrict(stdout: string): string | undefined {
  if (!stdout) return undefined;
  if (!stdout.endsWith('\n')) return 'no final newline';
  const lines = stdout.slice(0, -1).split('\n');
  if (RAW_CONTROL.test(stdout)) return 'a raw control character';
  const widths = new Set(lines.map((l) => l.split('\t').length));
  if (lines.length > 1 && (widths.size !== 1 || widths.has(1))) return `lines of ${[...widths].join(', ')} fields`;
  const padded = lines.find((l) => l.split('\t').some((f) => / {2,}$|^ {2,}/.test(f)));
  return padded === undefined ? undefined : `padded: ${JSON.stringify(padded)}`;
}

function leaves(cmd: Command, path: string[] = []): [string[], Command][] {
  const subs = cmd.commands.filter((c) => c.name() !== 'help');
  return subs.length ? subs.flatMap((c) => leaves(c, [...path, c.name()])) : [[path, cmd]];
}

/** A generated command that only reads, with its arguments filled from the fixture; undefined when one is not there. */
function readingArgs(c: ManifestCommand): string[] | undefined {
  if (endpointById(c.id)?.method !== 'GET') return undefined;
  const args: string[] = [];
  for (const a of c.args.filter((x) => x.required)) {
    const v = ids[a.param ?? a.field ?? ''];
    if (v === undefined) return undefined;
    args.push(v);
  }
  return [c.noun, c.verb, ...args];
}

describe('piped output', () => {
  it('is strict tab-separated values for every catalogue command that reads, lists and objects alike', async () => {
    const ran: string[] = [];
    const bad: string[] = [];
    for (const c of manifest.commands) {
      const args = readingArgs(c);
      if (!args) continue;
      for (const extra of [[], ['--format', 'tsv']].filter((x) => !x.length || c.list)) {
        const r = await runCli(['--store', store, ...args, ...extra]);
        if (r.code !== 0) continue;
        ran.push(args.slice(0, 2).join(' '));
        const why = notStrict(r.stdout);
        if (why) bad.push(`${args.join(' ')} ${extra.join(' ')}: ${why}`);
      }
    }
    expect(bad).toEqual([]);
    expect(new Set(ran).size).toBeGreaterThanOrEqual(25);
    expect(ran).toEqual(expect.arrayContaining(['spaces get', 'spaces list', 'pages get', 'sites get', 'comments list']));
  });

  it('is strict tab-separated values for every hand-written command that prints data and only reads', async () => {
    const sink = { write: () => true, isTTY: false } as unknown as NodeJS.WritableStream;
    const program = await buildProgram(makeCli({ stdout: sink, stderr: sink, stdinIsTTY: false, env: {}, readStdin: () => '' }, cliDeps(manifest)));
    const reading = /^(list|info|status|whoami|endpoints|version|health|clock|faults|requests)$/;
    const ran: string[] = [];
    const bad: string[] = [];
    for (const [path, cmd] of leaves(program)) {
      const contract = jsonContract(cmd);
      if (!Array.isArray(contract) || !reading.test(cmd.name()) || cmd.registeredArguments.some((a) => a.required)) continue;
      // On the embedded store, and against a served one (the emulator's commands need it).
      for (const opts of [{ args: ['--store', store] }, { args: [], env: served.env }]) {
        const r = await runCli([...opts.args, ...path], opts.env ? { env: opts.env } : {});
        if (r.code !== 0) continue;
        ran.push(path.join(' '));
        const why = notStrict(r.stdout);
        if (why) bad.push(`${path.join(' ')}${opts.env ? ' (served)' : ''}: ${why}`);
      }
    }
    expect(bad).toEqual([]);
    expect(ran).toEqual(
      expect.arrayContaining([
        'whoami',
        'auth status',
        'api endpoints',
        'profile list',
        'store info',
        'version',
        'local users list',
        'emulator health',
        'emulator requests',
      ]),
    );
  });

  it('follows an explicit --format whatever stdout is, and refuses output flags that ask for two things', async () => {
    const table = await runCli(['--store', store, 'spaces', 'list', '--format', 'table']);
    expect(table.stdout).toMatch(/^ ?ID\s+TITLE/);
    const rows = await runCli(['--store', store, 'spaces', 'list', '--format', 'tsv'], { tty: true });
    expect(rows.stdout).toMatch(new RegExp(`^${ids.spaceId}\\tDocs\\t`));
    const json = await runCli(['--store', store, 'spaces', 'list', '--format', 'json', '--jq', '.[0].title']);
    expect(json.stdout).toBe('Docs\n');
    for (const flags of [
      ['--format', 'tsv', '--json'],
      ['--format', 'table', '--json', 'id'],
      ['--format', 'table', '--jq', '.'],
      ['--format', 'ndjson', '--jq', '.'],
      ['--format', 'tsv', '--jq', '.'],
    ]) {
      const r = await runCli(['--store', store, 'spaces', 'list', ...flags]);
      expect(r.code, flags.join(' ')).toBe(2);
      expect(r.stderr).toContain('ask for two different outputs');
      expect(r.stdout).toBe('');
    }
  });

  it('takes a request field called format for what it is, not for an output format: it goes with --jq and --json', async () => {
    const jq = await runCli(['--store', store, 'pages', 'get', ids.spaceId as string, ids.pageId as string, '--format', 'markdown', '--jq', '.markdown']);
    expect(jq.code, jq.stderr).toBe(0);
    expect(jq.stdout).toContain('Hello');
    const doc = await runCli(['--store', store, 'pages', 'get', ids.spaceId as string, ids.pageId as string, '--format', 'document', '--json', 'document']);
    expect(doc.code, doc.stderr).toBe(0);
    expect(JSON.parse(doc.stdout).document.object).toBe('document');
    // Bare --json on a terminal lists the fields, that field called format given or not.
    const fields = await runCli(['--store', store, 'pages', 'get', ids.spaceId as string, ids.pageId as string, '--format', 'markdown', '--json'], {
      tty: true,
    });
    expect(fields.stdout).toMatch(/^Fields for --json/);
  });
});
