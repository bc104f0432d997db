import { readFile, writeFile } from 'node:fs/promises';
import { defineConfig } from 'tsup';
import type { Plugin } from 'esbuild';

/**
 * commander requires node:child_process at load time, for executable subcommands gbctl does not
 * have; child_process loads net, dgram and streams, several milliseconds of every start-up.
 * Inside the bundle, commander gets an object that requires it on first use instead.
 */
const lazyChildProcessForCommander: Plugin = {
  name: 'lazy-child-process-for-commander',
  setup(build) {
    build.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      /[\\/]commander[\\/]/.test(args.importer) ? { path: 'lazy-child-process', namespace: 'gbctl-lazy' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'gbctl-lazy' }, () => ({
      contents: "let m; const get = () => (m ??= require('node:child_process')); module.exports = { spawn: (...a) => get().spawn(...a) };",
      loader: 'js',
    }));
  },
};

export default defineConfig([
  {
    entry: { index: 'src/index.ts', gen: 'src/gen.ts' },
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    splitting: true,
    sourcemap: false,
    // The CommonJS build below writes cli.cjs and worker.cjs into the same folder at the same time.
    clean: ['!cli.cjs', '!worker.cjs'],
    shims: false,
    dts: false,
    outExtension: () => ({ js: '.mjs' }),
    // zod is ~220 small modules: bundled, start-up parses one file instead of resolving each.
    noExternal: ['zod'],
  },
  {
    // The CLI is one CommonJS file: no ESM loader starts, and bin/gbctl.js can compile it with
    // a V8 code cache. Its own dynamic imports become lazily run parts of the file, and those of
    // CommonJS packages require()s (import() cannot run in a cached vm.Script on Node 20); the
    // ES-module-only dependencies go through src/cli/esm.ts.
    // worker.cjs: what the server's worker threads run (src/server/lib/workers/source.ts).
    entry: { cli: 'src/main.ts', worker: 'src/server/worker.ts' },
    format: ['cjs'],
    target: 'node20',
    platform: 'node',
    splitting: false,
    sourcemap: false,
    clean: false,
    // import.meta.url (program.ts finds manifest.json next to the bundle) from __filename.
    shims: true,
    dts: false,
    outExtension: () => ({ js: '.cjs' }),
    // commander too: every command uses it, and bundled it is compiled from the code cache
    // instead of being resolved and compiled file by file.
    noExternal: ['zod', 'commander'],
    // Left as written: node: specifiers reach the plugin below (Node 20 requires them as they are).
    removeNodeProtocol: false,
    esbuildPlugins: [lazyChildProcessForCommander],
    esbuildOptions: (o) => {
      o.supported = { ...o.supported, 'dynamic-import': false };
      o.charset = 'ascii';
    },
    // esbuild leaves non-ASCII in comments and regular expressions. An ASCII file is read by
    // bin/load-cli.js as a one-byte string, much faster to decode and half the memory of the
    // two-byte string a single other character makes of the whole bundle. \uXXXX means the same
    // character in strings, regular expressions, identifiers and comments alike.
    onSuccess: async () => {
      const file = 'dist/cli.cjs';
      const text = await readFile(file, 'utf8');
      await writeFile(file, text.replace(/[^\t\n\r\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
    },
  },
]);
