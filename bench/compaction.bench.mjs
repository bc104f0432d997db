// What a compaction costs a server's clients: the journal is folded into a new snapshot and index
// once it outgrows an eighth of the snapshot, and nothing else runs meanwhile. On stores of
// 10,000 and 100,000 comments, 50 writers create comments for BENCH_SECONDS; the line gives the
// creates a second, the longest any create waited, and the seconds in which none was answered.
// On the larger store, 20 readers (GET of the space) beside 10 writers: the longest a read
// waited, reads being answered while a compaction writes. Beside it, `gbctl store compact` of
// the larger store, whole command (min/median/max of 3).
// Information, without a target: the issue this measures (a server standing still while it
// compacts) has none yet.
//   BENCH_SECONDS=12  BENCH_SIZES=10000,100000
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { BIN, importStore, newId, seedTables, serve, stats, tempDir } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const tmp = tempDir('gbctl-compaction-');

try {
  const seed = seedTables(tmp.dir);
  const now = new Date().toISOString();
  const comment = (i) => ({
    id: newId(),
    space: seed.space.id,
    page: null,
    body: { markdown: `Comment ${i}: a few words, as people write them.` },
    postedBy: seed.user,
    postedAt: now,
    updatedAt: now,
    status: 'open',
    replies: 0,
  });
  const body = JSON.stringify({ body: { markdown: 'A comment of a few words, as people write them.' } });
  let largest;
  for (const n of SIZES) {
    const store = importStore(tmp.dir, `c${n}`, { ...seed.tables, comments: Array.from({ length: n }, (_, i) => comment(i)) });
    largest = store;
    const mib = statSync(store).size / 1048576;
    const s = await serve(store);
    const perSecond = [];
    const run = autocannon({
      url: `${s.url}/v1/spaces/${seed.space.id}/comments`,
      method: 'POST',
      connections: 50,
      headers: { authorization: `Bearer ${seed.token}`, 'content-type': 'application/json' },
      body,
      duration: SECONDS,
    });
    run.on('tick', (c) => perSecond.push(c.counter));
    const r = await run;
    await s.stop();
    if (r.non2xx || r.errors) throw new Error(`creates failed: ${r.non2xx} non-2xx, ${r.errors} errors`);
    const still = perSecond.filter((x) => x === 0).length;
    console.log(
      `${n.toLocaleString('en')} comments (${mib.toFixed(1)} MiB): ${Math.round(r.requests.average)} creates/s over ${SECONDS} s, p99 ${r.latency.p99} ms, ` +
        `longest wait ${r.latency.max} ms, ${still} s with no answer (info)`,
    );
  }
  {
    const s = await serve(largest);
    const auth = { authorization: `Bearer ${seed.token}` };
    const [reads, writes] = await Promise.all([
      autocannon({ url: `${s.url}/v1/spaces/${seed.space.id}`, connections: 20, headers: auth, duration: SECONDS }),
      autocannon({
        url: `${s.url}/v1/spaces/${seed.space.id}/comments`,
        method: 'POST',
        connections: 10,
        headers: { ...auth, 'content-type': 'application/json' },
        body,
        duration: SECONDS,
      }),
    ]);
    await s.stop();
    if (reads.non2xx || reads.errors || writes.non2xx || writes.errors) throw new Error('reads or creates failed beside each other');
    console.log(
      `20 readers beside 10 writers, ${SIZES.at(-1).toLocaleString('en')} comments and more: reads ${Math.round(reads.requests.average)}/s, p99 ${reads.latency.p99} ms, ` +
        `longest read wait ${reads.latency.max} ms; creates ${Math.round(writes.requests.average)}/s, longest wait ${writes.latency.max} ms (info)`,
    );
  }
  const times = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const r = spawnSync(process.execPath, [BIN, '--store', largest, 'store', 'compact'], { stdio: ['ignore', 'ignore', 'pipe'] });
    if (r.status !== 0) throw new Error(`store compact failed: ${r.stderr}`);
    times.push(performance.now() - t);
  }
  const t = stats(times);
  console.log(
    `gbctl store compact, ${SIZES.at(-1).toLocaleString('en')} comments: ${t.min.toFixed(0)}/${t.median.toFixed(0)}/${t.max.toFixed(0)} ms (min/median/max, whole command; info)`,
  );
} finally {
  tmp.cleanup();
}
