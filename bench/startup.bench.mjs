// Start-up time of gbctl against bare node, measured in the same run: min/median/max of repeated
// runs, ratios of medians. Warm runs share a V8 code cache written by a first run; cold runs each
// get an empty cache folder, as the first run after a build does.
// Targets: --version and --help at most 1.3x bare node; an embedded `spaces list` over 1,000
// spaces at most 2x (warm). The cold run is reported beside it, without a target.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { failed, stats } from './lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin', 'gbctl.js');
const runs = Number(process.env.BENCH_RUNS ?? 21);
const dir = mkdtempSync(join(tmpdir(), 'gbctl-bench-'));
const data = join(dir, 'store.json');
const warmCache = join(dir, 'cache-warm');
let fresh = 0;

async function seed() {
  const lib = await import(join(root, 'dist', 'index.mjs'));
  await lib.seedSpaces(data, 1000);
}

function once(cmd, args, cache) {
  const t = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, NO_COLOR: '1', XDG_CACHE_HOME: cache } });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed: ${r.stderr}`);
  return Number(process.hrtime.bigint() - t) / 1e6;
}

await seed();
const list = [bin, '--store', data, 'spaces', 'list'];
const cases = [
  { name: 'node -e 0', cmd: [process.execPath, ['-e', '0']], target: 1 },
  { name: 'gbctl --version', cmd: [process.execPath, [bin, '--version']], target: 1.3 },
  { name: 'gbctl --help', cmd: [process.execPath, [bin, '--help']], target: 1.3 },
  { name: 'gbctl spaces list (1,000 spaces, embedded), warm', cmd: [process.execPath, list], target: 2 },
  // A new cache folder each time: no code cache, as after a build.
  { name: 'gbctl spaces list (1,000 spaces, embedded), cold', cmd: [process.execPath, list], cold: true },
];
// One warm-up each (the first warm run writes the code cache), then the cases in turn, so that a
// shared machine's slow and fast moments fall on every case alike.
for (const c of cases) once(...c.cmd, c.cold ? join(dir, `cache-${fresh++}`) : warmCache);
const times = cases.map(() => []);
for (let i = 0; i < runs; i++) cases.forEach((c, j) => times[j].push(once(...c.cmd, c.cold ? join(dir, `cache-${fresh++}`) : warmCache)));
const base = stats(times[0]).median;
console.log(`start-up, ${runs} runs each: min/median/max, ratio of medians to bare node`);
let over = 0;
cases.forEach((c, j) => {
  const s = stats(times[j]);
  const ratio = s.median / base;
  const verdict = c.target === undefined ? 'info' : ratio <= c.target ? 'ok  ' : 'FAIL';
  if (verdict === 'FAIL') over++;
  const span = `${s.min.toFixed(1)}/${s.median.toFixed(1)}/${s.max.toFixed(1)} ms`;
  console.log(`${verdict} ${c.name.padEnd(52)} ${span.padStart(22)}  ${ratio.toFixed(2)}x node${c.target === undefined ? '' : `  (target <= ${c.target}x)`}`);
});
rmSync(dir, { recursive: true, force: true });
process.exit(over || failed() ? 1 : 0);
