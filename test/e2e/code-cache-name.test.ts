import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
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
