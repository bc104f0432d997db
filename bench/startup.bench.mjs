// Start-up time of gbctl against bare node (`node -e 0`), measured pair by pair: each run of a
// gbctl command is paired with a run of bare node right before or after it (the order swapped
// each round), and the row gives the ratio of each pair by its minimum and median, with the
// min/median/max of both. Warm runs share a V8 code cache written by a first run; cold runs each
// get an empty cache folder, as the first run after a build does.
// Targets (median of the pair ratios): --version and --help ≤ 1.1×; an embedded `spaces list`
// over 1,000 spaces ≤ 1.5× (warm). The cold run is reported beside it, without a target.
//   BENCH_RUNS=21
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stats } from './lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin', 'gbctl.js');
const runs = Number(process.env.BENCH_RUNS ?? 21);
const dir = mkdtempSync(join(tmpdir(), 'gbctl-bench-'));
const data = join(dir, 'store.json');
const warmCache = join(dir, 'cache-warm');
let fresh = 0;

function once(cmd, args, cache) {
  const t = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, NO_COLOR: '1', XDG_CACHE_HOME: cache } });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed: ${r.stderr}`);
  return Number(process.hrtime.bigint() - t) / 1e6;
}

const lib = await import(join(root, 'dist', 'index.mjs'));
await lib.seedSpaces(data, 1000);
once(process.execPath, [bin, '--store', data, 'store', 'compact'], warmCache);
const node = [process.execPath, ['-e', '0']];
const list = [bin, '--store', data, 'spaces', 'list'];
const cases = [
  { name: 'gbctl --version', cmd: [process.execPath, [bin, '--version']], target: 1.1 },
  { name: 'gbctl --help', cmd: [process.execPath, [bin, '--help']], target: 1.1 },
  { name: 'gbctl spaces list (1,000 spaces, embedded), warm', cmd: [process.execPath, list], target: 1.5 },
  // A new cache folder each time: no code cache, as after a build.
  { name: 'gbctl spaces list (1,000 spaces, embedded), cold', cmd: [process.execPath, list], cold: true },
];
const cacheOf = (c) => (c.cold ? join(dir, `cache-${fresh++}`) : warmCache);
// One warm-up each (the first warm run writes the code cache).
once(...node, warmCache);
for (const c of cases) once(...c.cmd, cacheOf(c));
const times = cases.map(() => ({ node: [], cmd: [], ratio: [] }));
for (let i = 0; i < runs; i++) {
  cases.forEach((c, j) => {
    const pair =
      i % 2 ? [() => once(...c.cmd, cacheOf(c)), () => once(...node, warmCache)] : [() => once(...node, warmCache), () => once(...c.cmd, cacheOf(c))];
    const [first, second] = pair.map((f) => f());
    const [n, t] = i % 2 ? [second, first] : [first, second];
    times[j].node.push(n);
    times[j].cmd.push(t);
    times[j].ratio.push(t / n);
  });
}
const span = (s) => `${s.min.toFixed(1)}/${s.median.toFixed(1)}/${s.max.toFixed(1)} ms`;
console.log(
  `start-up, ${runs} pairs each: ratio of each pair (gbctl / bare node) by median, min and max (a wide spread is a busy machine); times min/median/max`,
);
let over = 0;
cases.forEach((c, j) => {
  const r = stats(times[j].ratio);
  const verdict = c.target === undefined ? 'info' : r.median <= c.target ? 'ok  ' : 'FAIL';
  if (verdict === 'FAIL') over++;
  console.log(
    `${verdict} ${c.name.padEnd(52)} median ${r.median.toFixed(2)}× min ${r.min.toFixed(2)}× max ${r.max.toFixed(2)}×${c.target === undefined ? '' : ` (target ≤ ${c.target}×)`}` +
      `  gbctl ${span(stats(times[j].cmd))}  node ${span(stats(times[j].node))}`,
  );
});
rmSync(dir, { recursive: true, force: true });
process.exit(over ? 1 : 0);
