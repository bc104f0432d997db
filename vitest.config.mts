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
  'test/checks.test.ts',
];

const fast = !!process.env.GBCTL_TEST_FAST;

/**
 * The files that run in this process go two at a time: they need no more than a core each. Their
 * workers are reused (no file may rely on a module's state another left: test tables are named
 * per file): a file started fresh imported the source again, 123 s of the 246 s these files took
 * on two cores, against 14 s reused. A state one file leaves that breaks another is also what
 * `gbctl serve`, which runs for days, would carry from one request to the next. The files that
 * spawn the binary, shells and browsers run after them, one at a time, so that each has the
 * machine's other core for what it starts and its waits for a child are not another file's load;
 * their worker is reused too (255 s to 223 s, the import time 31 s to 5 s).
 */
const inProcess = {
  extends: true as const,
  test: {
    name: 'in-process',
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...OUT_OF_PROCESS],
    maxWorkers: 2,
    isolate: false,
    sequence: { groupOrder: 0 },
  },
};
const outOfProcess = {
  extends: true as const,
  test: {
    name: 'out-of-process',
    include: OUT_OF_PROCESS.map((g) => (g.endsWith('**') ? `${g}/*.test.ts` : g)),
    maxWorkers: 1,
    isolate: false,
    sequence: { groupOrder: 1 },
  },
};

export default defineConfig({
  // Each project names its own files: a project that extends this configuration would add its
  // lists to any given here.
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    projects: fast ? [inProcess] : [inProcess, outOfProcess],
  },
});
