// Runs every benchmark in bench/ (or the ones named on the command line), one after another.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const named = process.argv.slice(2);
const all = readdirSync(dir).filter((f) => f.endsWith('.bench.mjs')).sort();
const chosen = named.length ? all.filter((f) => named.some((n) => f.startsWith(n))) : all;
let failed = 0;
for (const f of chosen) {
  console.log(`\n== ${f}`);
  const r = spawnSync(process.execPath, [`${dir}${f}`], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
