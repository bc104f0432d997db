import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { cli: 'src/cli/main.ts', index: 'src/index.ts', gen: 'src/cli/gen.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  splitting: true,
  sourcemap: false,
  clean: true,
  shims: false,
  dts: false,
  outExtension: () => ({ js: '.mjs' }),
  // zod is ~220 small modules: bundled, start-up parses one file instead of resolving each.
  noExternal: ['zod'],
});
