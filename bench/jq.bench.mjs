// --jq costs time in proportion to the JSON it filters: `gbctl spaces list --all --jq` over
// 10,000 spaces against 1,000 (target ≤ 12×), and over a 5 MB document against the same JSON
// piped to Debian's jq (target ≤ 2×; skipped, saying why, where /usr/bin/jq is absent). Each
// figure is a whole gbctl run on an embedded store, as a user types it; the same command with
// --json is shown beside it, for what of the time is the listing rather than jq. Then the table a
// person sees on a terminal (`--format table`, as on one) against the same rows as TSV, over
// 10,000 spaces (target ≤ 1.3×): laying a table out costs little beside listing its rows.
//   BENCH_JQ_RUNS=5
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { BIN, ROOT, checkRow, failed, growthRow, stats, tempDir } from './lib.mjs';

const RUNS = Number(process.env.BENCH_JQ_RUNS ?? 5);
const JQ = '/usr/bin/jq';
const FILTER = '.[] | "\\(.id)\\t\\(.title)"';
const { dir, cleanup } = tempDir('gbctl-bench-jq-');

const list = (store) => [BIN, '--store', store, 'spaces', 'list', '--all', '--page-size', '1000'];
const quote = (s) => `'${s.replace(/'/g, `'\\''`)}'`;

/** Runs a command line to the end, its output thrown away; answers its time in ms. */
function timed(cmd, args, shell = false) {
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, NO_COLOR: '1' }, shell });
  if (r.status !== 0) throw new Error(`${[cmd, ...args].join(' ')} failed: ${r.stderr}`);
  return performance.now() - t0;
}

/** `n` runs of each case, taken in turns so that a busy moment of the machine falls on every case alike. */
function paired(cases, n = RUNS) {
  for (const c of cases) c(); // warm: the code cache, the page cache
  const times = cases.map(() => []);
  for (let i = 0; i < n; i++) cases.forEach((c, j) => times[j].push(c()));
  return times;
}

const fmt = (s) => `${s.min.toFixed(0)}/${s.median.toFixed(0)}/${s.max.toFixed(0)} ms`;
const info = (name, times) => console.log(`info ${name.padEnd(64)} ${fmt(stats(times))}`);

try {
  const { seedSpaces } = await import(join(ROOT, 'dist', 'index.mjs'));
  const stores = {};
  for (const [name, count] of [
    ['1k', 1000],
    ['10k', 10_000],
    ['5mb', 5500],
  ]) {
    stores[name] = join(dir, `${name}.json`);
    await seedSpaces(stores[name], count);
  }
  const jsonOf = (store) => spawnSync(process.execPath, [...list(store), '--json'], { maxBuffer: 1 << 30 }).stdout;
  const size = jsonOf(stores['5mb']).length;
  console.log(`--jq ${quote(FILTER)}, ${RUNS} runs each: min/median/max; the 5 MB case's JSON is ${(size / 1e6).toFixed(2)} MB`);

  const jq = (store) => () => timed(process.execPath, [...list(store), '--jq', FILTER]);
  const json = (store) => () => timed(process.execPath, [...list(store), '--json']);
  const [small, large, smallJson, largeJson] = paired([jq(stores['1k']), jq(stores['10k']), json(stores['1k']), json(stores['10k'])]);
  info('spaces list --json, 1,000 spaces', smallJson);
  info('spaces list --json, 10,000 spaces', largeJson);
  growthRow('spaces list --jq: 10,000 spaces over 1,000', small, large, 12);

  const as = (format) => () => timed(process.execPath, [...list(stores['10k']), '--format', format]);
  const [table, tsv] = paired([as('table'), as('tsv')]);
  info('spaces list --all --format table, 10,000 spaces', table);
  info('spaces list --all --format tsv, 10,000 spaces', tsv);
  checkRow('spaces list --all as a table over the same as TSV, 10,000 spaces', stats(table).median / stats(tsv).median, 1.3);

  if (!existsSync(JQ)) {
    console.log(`skip --jq on a 5 MB document against ${JQ}: ${JQ} is not installed (apt-get install jq)`);
  } else {
    const piped = () => timed(`${[process.execPath, ...list(stores['5mb']), '--json'].map(quote).join(' ')} | ${JQ} -r ${quote(FILTER)}`, [], true);
    const [own, pipe] = paired([jq(stores['5mb']), piped]);
    info('spaces list --jq, 5 MB', own);
    info(`spaces list --json | ${JQ}, 5 MB`, pipe);
    checkRow('spaces list --jq over the same piped to /usr/bin/jq, 5 MB', stats(own).median / stats(pipe).median, 2);
  }
} finally {
  cleanup();
}
process.exit(failed() ? 1 : 0);
