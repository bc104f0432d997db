// Start-up time of gbctl against bare node, measured in the same run (medians of repeated runs).
// Targets: --version and --help at most 1.3x bare node; an embedded `spaces list` over 1,000 spaces at most 2x.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin', 'gbctl.js');
const runs = Number(process.env.BENCH_RUNS ?? 21);
const dir = mkdtempSync(join(tmpdir(), 'gbctl-bench-'));
const data = join(dir, 'store.json');

async function seed() {
  const lib = await import(join(root, 'dist', 'index.mjs'));
  const { seedSpaces } = lib;
  await seedSpaces(data, 1000);
}

function once(cmd, args) {
  const t = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed: ${r.stderr}`);
  return Number(process.hrtime.bigint() - t) / 1e6;
}

await seed();
const cases = [
  ['node -e 0', [process.execPath, ['-e', '0']], 1],
  ['gbctl --version', [process.execPath, [bin, '--version']], 1.3],
  ['gbctl --help', [process.execPath, [bin, '--help']], 1.3],
  ['gbctl spaces list (1,000 spaces, embedded)', [process.execPath, [bin, '--store', data, 'spaces', 'list']], 2],
];
// One warm-up each (the first embedded run writes the code cache), then the cases in turn, so
// that a shared machine's slow and fast moments fall on every case alike.
for (const [, [cmd, args]] of cases) once(cmd, args);
const times = cases.map(() => []);
for (let i = 0; i < runs; i++) cases.forEach(([, [cmd, args]], j) => times[j].push(once(cmd, args)));
const median = (t) => t.sort((a, b) => a - b)[Math.floor(t.length / 2)];
const base = median(times[0]);
const rows = cases.map(([name, , target], j) => [name, median(times[j]), target]);
console.log(`start-up, median of ${runs} runs`);
for (const [name, ms, target] of rows) {
  const ratio = ms / base;
  console.log(`${name.padEnd(44)} ${ms.toFixed(1).padStart(7)} ms  ${ratio.toFixed(2)}x node  (target <= ${target}x) ${ratio <= target ? 'ok' : 'OVER'}`);
}
rmSync(dir, { recursive: true, force: true });
