import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, nodeCommand } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';

const tmp = tempDir();
afterAll(() => tmp.cleanup());
const store = join(tmp.dir, 'store.json');
let runs = 0;
beforeAll(async () => {
  const { seedSpaces } = (await import(join('..', '..', 'dist', 'index.mjs'))) as { seedSpaces: (p: string, n: number) => Promise<void> };
  await seedSpaces(store, 60);
});

/**
 * The built-in modules Node loads for one run of the built gbctl beyond those it starts with, its
 * output and errors going to pipes as in a script.
 */
function loadedBy(args: string[]): Promise<{ code: number; loaded: string[]; packages: string[]; stdout: string }> {
  const report = join(tmp.dir, `modules-${++runs}.json`);
  const script = `
    const before = new Set(process.moduleLoadList);
    const { load, commandOf } = require(${JSON.stringify(join(BIN, '..', 'load-cli.js'))});
    const args = ${JSON.stringify(args)};
    load(${JSON.stringify(join(BIN, '..', '..', 'dist', 'cli.cjs'))}, commandOf(args))
      .run([process.execPath, 'gbctl', ...args])
      .then((code) => require('node:fs').writeFileSync(${JSON.stringify(report)}, JSON.stringify({
        code,
        loaded: process.moduleLoadList.filter((m) => !before.has(m)),
        packages: Object.keys(require.cache).filter((f) => f.includes('node_modules')),
      })));
  `;
  return new Promise((resolve, reject) => {
    const [command, argv] = nodeCommand(['-e', script]);
    const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', GBCTL_NO_CODE_CACHE: '1' } });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', () => resolve({ ...(JSON.parse(readFileSync(report, 'utf8')) as { code: number; loaded: string[]; packages: string[] }), stdout }));
  });
}

describe('a command that reads the embedded store, piped', () => {
  it('loads neither crypto nor the stream, socket and terminal modules: no secret to make, no stream to build', async () => {
    for (const args of [
      ['--store', store, 'spaces', 'list'],
      ['--store', store, 'spaces', 'list', '--json', 'id'],
    ]) {
      const r = await loadedBy(args);
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.stdout.split('\n').length, args.join(' ')).toBeGreaterThan(10);
      expect(r.loaded.filter((m) => /crypto|stream|^NativeModule (net|tty)$|_wrap$/.test(m))).toEqual([]);
      // Every package a listing needs is in the bundle; the others (string-width for a table's
      // wide characters, undici for HTTP…) are required when first used.
      expect(r.packages, args.join(' ')).toEqual([]);
    }
  });

  it("reads a space's content without loading what imports need (the Git Sync reader and yaml)", async () => {
    const space = (await loadedBy(['--store', store, 'spaces', 'list', '--limit', '1', '--json', 'id', '--jq', '.[0].id'])).stdout.trim();
    const r = await loadedBy(['--store', store, 'content', 'revision', space, '--json', 'id']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('"id"');
    expect(r.packages).toEqual([]);
  });
});

describe("the CLI's bundle", () => {
  const bundle = readFileSync(join(BIN, '..', '..', 'dist', 'cli.cjs'), 'latin1');
  it('holds only the parts of zod gbctl calls: no namespace object, code generator, fromJSONSchema or other locale', () => {
    // zod's namespace (import { z }) holds every export by a getter, so all of them would be bundled and set up at each start.
    expect(bundle).not.toMatch(/__export\(external_exports\d*,/);
    expect(bundle).not.toContain('z.compile does not support');
    expect(bundle).not.toContain('RECOGNIZED_KEYS');
    expect(bundle).toContain('node_modules/zod/v4/locales/en.js');
    expect(bundle).not.toContain('node_modules/zod/v4/locales/fr.js');
  });

  it('makes each built-in it requires on first use one proxy, not a getter for each of its names', () => {
    const crypto = bundle.slice(bundle.indexOf('"gbctl-lazy:crypto"'), bundle.indexOf('"gbctl-lazy:crypto"') + 600);
    expect(crypto).toContain('new Proxy(');
    expect(crypto).not.toMatch(/"randomBytes": \{ get:/);
  });
});

describe('--version and --help', () => {
  it('write to the descriptor and build no stream: process.stdout would cost a third of what Node takes to start', async () => {
    for (const flag of ['--version', '--help']) {
      const report = join(tmp.dir, `shim-${++runs}.json`);
      const preload = join(tmp.dir, `preload-${runs}.cjs`);
      writeFileSync(
        preload,
        `const before = new Set(process.moduleLoadList);
         process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(report)}, JSON.stringify(process.moduleLoadList.filter((m) => !before.has(m)))));`,
      );
      const [command, argv] = nodeCommand(['-r', preload, BIN, flag]);
      const stdout = await new Promise<string>((resolve, reject) => {
        const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'inherit'] });
        let out = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.on('error', reject);
        child.on('close', () => resolve(out));
      });
      expect(stdout, flag).toMatch(flag === '--version' ? /^\d+\.\d+\.\d+\n$/ : /^Usage: gbctl/);
      const loaded = JSON.parse(readFileSync(report, 'utf8')) as string[];
      expect(
        loaded.filter((m) => /stream|^NativeModule (net|tty)$|_wrap$/.test(m)),
        flag,
      ).toEqual([]);
    }
  });
});
