import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeCli } from '../../src/cli/deps.js';
import { rootCommand } from '../../src/cli/program.js';
import { cliDeps } from '../../src/main.js';
import { sourceManifest } from '../../src/manifest-source.js';

// bin/load-cli.js names a command's code cache from its arguments, before any of gbctl is loaded.
const loader = createRequire(import.meta.url)('../../bin/load-cli.js') as {
  commandOf(args: string[]): string;
  VALUED_GLOBALS: Set<string>;
};

describe('the command a code cache is named for', () => {
  it('skips exactly the values of the global options that take one', async () => {
    const sink = { write: () => true, isTTY: false };
    const root = rootCommand(makeCli({ stdout: sink, stderr: sink, stdinIsTTY: false, env: {}, readStdin: () => '' }, cliDeps(await sourceManifest())));
    const valued = root.options.filter((o) => o.required).map((o) => o.long);
    expect([...loader.VALUED_GLOBALS].sort()).toEqual(valued.sort());
  });

  it('is the first two words, wherever the global options are', () => {
    expect(loader.commandOf(['spaces', 'list'])).toBe('spaces-list');
    expect(loader.commandOf(['--store', 'data', 'spaces', 'list', '--all'])).toBe('spaces-list');
    expect(loader.commandOf(['--org', 'acme', '--json', 'spaces', 'get', 'abc'])).toBe('spaces-get');
    expect(loader.commandOf(['content', 'export', 'Xy12', 'docs'])).toBe('content-export');
    expect(loader.commandOf(['version'])).toBe('version');
    expect(loader.commandOf([])).toBe('none');
    // Nothing from an argument reaches the file name but letters and dashes.
    expect(loader.commandOf(['../../etc', 'x'])).toBe('none');
  });
});

describe('the bundle the loader compiles', () => {
  const { load, WRAPPER } = createRequire(import.meta.url)('../../bin/load-cli.js') as {
    load(file: string, command?: string): { answer?: number };
    WRAPPER: [string, string];
  };
  const dir = mkdtempSync(join(tmpdir(), 'gbctl-wrapped-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const loaded = (name: string, text: string) => {
    const file = join(dir, name);
    writeFileSync(file, text);
    process.env.GBCTL_NO_CODE_CACHE = '1';
    try {
      return load(file);
    } finally {
      delete process.env.GBCTL_NO_CODE_CACHE;
    }
  };

  it('is written by the build inside CommonJS’s wrapper, which is Node’s own', () => {
    expect(Module.wrap('X')).toBe(`${WRAPPER[0]}X${WRAPPER[1]}`);
    const bundle = readFileSync(new URL('../../dist/cli.cjs', import.meta.url), 'latin1');
    expect(bundle.startsWith(WRAPPER[0]) && bundle.endsWith(WRAPPER[1])).toBe(true);
  });

  it('runs a file written wrapped as it is, and wraps one that is not', () => {
    const body = 'module.exports = { answer: typeof require === "function" && typeof __dirname === "string" ? 42 : 0 };';
    expect(loaded('wrapped.cjs', `${WRAPPER[0]}${body}${WRAPPER[1]}`).answer).toBe(42);
    expect(loaded('plain.cjs', body).answer).toBe(42);
  });
});
