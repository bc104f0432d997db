// Memory under a long read-only load: `gbctl serve` on a store of BENCH_SOAK_SPACES spaces answers
// GETs of spaces picked at random and pages of the organization's spaces from 20 connections for
// BENCH_SOAK_SECONDS (3 minutes); its RSS is sampled every second. Row: the last minute's growth
// (median of the last 5 samples less the median of the 5 before the last minute began) ≤ 1 MiB.
// Not part of the default run (it takes 3 minutes): `npm run bench -- soak`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { checkRow, failed, gbctl, ROOT, serve, stats, tempDir } from './lib.mjs';

const SPACES = Number(process.env.BENCH_SOAK_SPACES ?? 20000);
const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 180);
const tmp = tempDir('gbctl-soak-');
const rssMiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

try {
  const store = join(tmp.dir, 'soak.json');
  const lib = await import(join(ROOT, 'dist', 'index.mjs'));
  await lib.seedSpaces(store, SPACES);
  gbctl('store', 'compact', '--store', store);
  const token = gbctl('local', 'token', '--store', store).trim();
  const ids = JSON.parse(gbctl('spaces', 'list', '--all', '--json', 'id', '--store', store)).map((s) => s.id);
  const org = JSON.parse(gbctl('whoami', '--json', 'organization', '--store', store)).organization;
  const s = await serve(store);
  const headers = { authorization: `Bearer ${token}` };
  const pick = () => ids[Math.floor(Math.random() * ids.length)];
  const samples = [];
  const timer = setInterval(() => samples.push(rssMiB(s.child.pid)), 1000);
  const r = await autocannon({
    url: s.url,
    connections: 20,
    duration: SECONDS,
    requests: [
      { method: 'GET', headers, setupRequest: (q) => ({ ...q, path: `/v1/spaces/${pick()}` }) },
      { method: 'GET', headers, path: `/v1/orgs/${org}/spaces?limit=20` },
    ],
  });
  clearInterval(timer);
  await s.stop();
  if (r.non2xx || r.errors || r.timeouts) throw new Error(`soak: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  const minuteAgo = samples.length - 60;
  const before = stats(samples.slice(minuteAgo - 5, minuteAgo)).median;
  const after = stats(samples.slice(-5)).median;
  const all = stats(samples);
  console.log(
    `soak: ${SPACES} spaces, ${SECONDS} s, ${r.requests.total} requests (${r.requests.average.toFixed(0)}/s); RSS min/median/max ${all.min.toFixed(1)}/${all.median.toFixed(1)}/${all.max.toFixed(1)} MiB, ${before.toFixed(1)} MiB a minute before the end, ${after.toFixed(1)} MiB at the end`,
  );
  checkRow('serve RSS growth over the last minute of a read-only load, MiB', after - before, 1, ' MiB');
} finally {
  tmp.cleanup();
}
process.exit(failed() ? 1 : 0);
