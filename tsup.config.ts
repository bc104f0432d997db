import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { defineConfig } from 'tsup';
import type { Plugin } from 'esbuild';

/**
 * Built-in modules that take milliseconds to load and that many commands never call: commander
 * requires node:child_process for executable subcommands gbctl does not have; node:http and
 * node:net serve `gbctl serve`; node:crypto (some thirty internal modules, the stream stack among
 * them) is for the embedded store, not for `gbctl version` or a command's `--help`, yet the
 * store's modules are imported by every command. Inside the bundle each is an object whose
 * properties require the module on first use. Named imports compile to property reads at the
 * point of use (`(0, m.randomBytes)(4)`), which keeps this transparent; the names are those of
 * the Node that builds. node:tty is among them: standard output off a terminal is told apart
 * without it (src/cli/stdio.ts).
 */
const LAZY_BUILTINS = ['child_process', 'crypto', 'dns', 'dns/promises', 'http', 'https', 'net', 'stream', 'tty', 'zlib'];
const lazyBuiltins: Plugin = {
  name: 'lazy-builtins',
  setup(build) {
    const filter = new RegExp(`^(node:)?(${LAZY_BUILTINS.join('|')})$`);
    build.onResolve({ filter }, (args) =>
      args.namespace === 'gbctl-lazy'
        ? { path: `node:${args.path.replace(/^node:/, '')}`, external: true }
        : { path: args.path.replace(/^node:/, ''), namespace: 'gbctl-lazy' },
    );
    build.onLoad({ filter: /.*/, namespace: 'gbctl-lazy' }, (args) => {
      const id = `node:${args.path}`;
      // Every module that imports a built-in gets its own copy of the exports (esbuild's __toESM):
      // an object whose prototype is the module's own. That prototype is a proxy that requires the
      // built-in on the first read of any name: made in one step, where a getter per name cost
      // about 0.3 ms for node:crypto's 67 at every start. __toESM itself asks for `__esModule`,
      // which a built-in never has: that read requires nothing.
      return {
        contents:
          `let m;\nconst get = () => (m ??= require(${JSON.stringify(id)}));\n` +
          "module.exports = Object.create(new Proxy({}, { get: (_, name) => (name === '__esModule' ? undefined : get()[name]), has: (_, name) => name in get() }));\n",
        loader: 'js',
      };
    });
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
    // instead of being resolved and compiled file by file. chalk (an ES module) bundled is a
    // lazily run part of the file: imported through Node's ES module loader it cost a table on a
    // terminal the loader's start, about 20 ms.
    noExternal: ['zod', 'commander', 'chalk'],
    // Left as written: node: specifiers reach the plugins below (Node 20 requires them as they are).
    removeNodeProtocol: false,
    esbuildPlugins: [lazyBuiltins],
    esbuildOptions: (o) => {
      o.supported = { ...o.supported, 'dynamic-import': false };
      o.charset = 'ascii';
    },
    // esbuild leaves non-ASCII in comments and regular expressions. An ASCII file is read by
    // bin/load-cli.js as a one-byte string, much faster to decode and half the memory of the
    // two-byte string a single other character makes of the whole bundle. \uXXXX means the same
    // character in strings, regular expressions, identifiers and comments alike.
    // The file is written inside CommonJS's function wrapper (bin/load-cli.js's WRAPPER): compiled
    // as read, it is not first copied into a wrapped string, a copy of 1.5 MB that each run paid
    // for in page faults (about 450 on these machines, at some 3.5 µs each). Only the loader
    // runs it; `require` would evaluate the function without calling it.
    onSuccess: async () => {
      const file = 'dist/cli.cjs';
      const text = await readFile(file, 'utf8');
      const { WRAPPER } = createRequire(import.meta.url)('./bin/load-cli.js') as { WRAPPER: readonly [string, string] };
      await writeFile(file, WRAPPER[0] + text.replace(/[^\t\n\r\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) + WRAPPER[1]);
    },
  },
]);
