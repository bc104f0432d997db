import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Tests that run another process or a browser: the built binary, shells, chromium, children
 * killed mid-write. `npm run test:fast` leaves them out (everything else runs in this process
 * or on a loopback port); `npm test` runs them all.
 */
const OUT_OF_PROCESS = [
  'test/e2e/**',
  'test/server/web/{blob-browser,browser,content-forms}.test.ts',
  'test/cli/{completions,preview,preview-folder,contract,change-request-conflicts}.test.ts',
  'test/store/{crash,compaction-crash,multiprocess}.test.ts',
];

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.GBCTL_TEST_FAST ? OUT_OF_PROCESS : [])],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
