// Runs every benchmark in bench/ (or the ones named on the command line), one after another.
// Prints the machine first: the figures are its.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const named = process.argv.slice(2);
const all = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.mjs'))
  .sort();
// Benchmarks too long for every run, run only when named (`npm run bench -- soak`).
const OPT_IN = ['soak.bench.mjs'];
const chosen = named.length ? all.filter((f) => named.some((n) => f.startsWith(n))) : all.filter((f) => !OPT_IN.includes(f));
const { cpus } = await import('node:os');
console.log(`machine: ${cpus().length} CPUs (nproc), ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`);
// Unset for every benchmark's processes (bench/lib.mjs says why); said here so a run shows it.
const { unsetForTiming } = await import('./lib.mjs');
if (unsetForTiming.length)
  console.log(`unset for the benchmarks' processes: ${unsetForTiming.join(', ')} (set here; each changes how long Node takes to start)`);
let failed = 0;
for (const f of chosen) {
  console.log(`\n== ${f}`);
  const r = spawnSync(process.execPath, [`${dir}${f}`], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
