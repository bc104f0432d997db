// An embedded command costs what it reads: `spaces list` (one page), `spaces get`, a page read
// and a one-page edit, each run as a whole `gbctl` process on a store of 100,000 spaces and on
// one of 1,000, in alternating turns (timePaired). Rows: the large case's median over the small
// case's, for the time (wall, and CPU from getrusage, which a shared machine's load moves less)
// and for the peak resident memory of the process (getrusage). Targets ≤ 1.3×.
//   BENCH_RUNS=15 (runs of each command at each size)  BENCH_SPACES=1000,100000
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, failed, growthRow, ROOT, tempDir, timePaired } from './lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const [SMALL, LARGE] = (process.env.BENCH_SPACES ?? '1000,100000').split(',').map(Number);
const PRELOAD = join(ROOT, 'bench', 'maxrss.mjs');
const tmp = tempDir('gbctl-embedded-');
const rssFile = join(tmp.dir, 'rss');
const lib = await import(join(ROOT, 'dist', 'index.mjs'));

function gbctl(store, args, input) {
  const r = spawnSync(process.execPath, ['--import', PRELOAD, BIN, '--store', store, ...args], {
    encoding: 'utf8',
    input,
    env: { ...process.env, NO_COLOR: '1', BENCH_RSS_FILE: rssFile, XDG_CACHE_HOME: join(tmp.dir, 'cache') },
  });
  if (r.status !== 0) throw new Error(`gbctl ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return { out: r.stdout, ...JSON.parse(readFileSync(rssFile, 'utf8')) };
}

/** A store of `n` spaces with one page in the first, merged, and an open change request to edit it in. */
async function prepare(n) {
  const store = join(tmp.dir, `spaces-${n}.json`);
  await lib.seedSpaces(store, n);
  const space = JSON.parse(gbctl(store, ['spaces', 'list', '--limit', '1', '--json', 'id']).out)[0].id;
  const cr = JSON.parse(gbctl(store, ['change-requests', 'create', space, '--subject', 'page', '--json', 'number']).out).number;
  const page = JSON.parse(
    gbctl(store, ['pages', 'create', space, String(cr), '--title', 'Guide', '--markdown', '# Guide\n\nA page to read.\n', '--json', 'id']).out,
  ).id;
  gbctl(store, ['change-requests', 'merge', space, String(cr)]);
  const edits = JSON.parse(gbctl(store, ['change-requests', 'create', space, '--subject', 'edits', '--json', 'number']).out).number;
  gbctl(store, ['store', 'compact']);
  return { store, space, page, edits: String(edits) };
}

const small = await prepare(SMALL);
const large = await prepare(LARGE);
const commands = {
  'spaces list (one page)': () => ['spaces', 'list'],
  'spaces get': (c) => ['spaces', 'get', c.space],
  'pages get (a page read)': (c) => ['pages', 'get', c.space, c.page],
  'pages update (a one-page edit)': (c, i) => ['pages', 'update', c.space, c.edits, c.page, '--markdown', `# Guide\n\nEdit ${i}.\n`],
};
console.log(`embedded commands, ${LARGE.toLocaleString('en')} vs ${SMALL.toLocaleString('en')} spaces, ${RUNS} runs of each in alternating turns`);
try {
  for (const [name, args] of Object.entries(commands)) {
    const rss = { [SMALL]: [], [LARGE]: [] };
    const cpu = { [SMALL]: [], [LARGE]: [] };
    const run = (c, n) => (i) => {
      const r = gbctl(c.store, args(c, i));
      rss[n].push(r.rssKiB / 1024);
      cpu[n].push(r.cpuMs);
    };
    const [a, b] = await timePaired(RUNS, run(small, SMALL), run(large, LARGE), 2, 6);
    // Figures of the timed runs only (the warm-up runs come first).
    const counted = (list) => list.slice(list.length - RUNS);
    growthRow(`embedded ${name}, time (${LARGE} / ${SMALL} spaces)`, a, b, 1.3);
    growthRow(`embedded ${name}, CPU time (${LARGE} / ${SMALL} spaces)`, counted(cpu[SMALL]), counted(cpu[LARGE]), 1.3);
    growthRow(`embedded ${name}, peak RSS (${LARGE} / ${SMALL} spaces)`, counted(rss[SMALL]), counted(rss[LARGE]), 1.3, 'MiB');
  }
} finally {
  tmp.cleanup();
}
process.exit(failed() ? 1 : 0);
