import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Tests that run another process or a browser: the built binary (spawnServe, spawnCli), shells,
 * chromium, children killed mid-write. `npm run test:fast` leaves them out, and the spawning
 * helpers refuse to run there, so a file that starts spawning has to be listed here.
 */
const OUT_OF_PROCESS = [
  'test/e2e/**',
  'test/server/web/{blob-browser,browser,content-forms}.test.ts',
  'test/cli/{auth,completions,contract,change-request-conflicts,editing,preview,preview-folder,sites,spaces}.test.ts',
  'test/server/admin/hashed-admin-token.test.ts',
  'test/server/controls/{clock-bounds,controls,request-log,seeded-secrets}.test.ts',
  'test/server/http/{interop,methods,ssrf}.test.ts',
  'test/store/{crash,compaction-crash,multiprocess}.test.ts',
];

const fast = !!process.env.GBCTL_TEST_FAST;

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(fast ? OUT_OF_PROCESS : [])],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // The fast loop runs its files two at a time in workers that are reused: no file may rely on
    // a module's state another left (test tables are named per file). The whole run starts each
    // file fresh, one at a time, beside the processes and browsers it spawns.
    ...(fast ? { isolate: false, maxWorkers: 2 } : {}),
  },
});
