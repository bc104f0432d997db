import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: { index: 'src/index.ts', gen: 'src/cli/gen.ts' },
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    splitting: true,
    sourcemap: false,
    // The CommonJS build below writes cli.cjs into the same folder at the same time.
    clean: ['!cli.cjs'],
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
    entry: { cli: 'src/cli/main.ts' },
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
    noExternal: ['zod'],
    esbuildOptions: (o) => {
      o.supported = { ...o.supported, 'dynamic-import': false };
    },
  },
]);
