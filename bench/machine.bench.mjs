// `gbctl serve` against what the machine does bare, both measured in the same run:
// - reads: GET of one space over 50 connections, against a bare node:http server answering the
//   same bytes from memory, gbctl's headers and body (both on 127.0.0.1, a port the system
//   gives), in alternating rounds; the client parses every header of every answer, so a baseline
//   with fewer would count the client's work as the server's;
//   target gbctl ≥ 0.5× the bare server's requests per second;
// - durable writes: comments created one at a time over one connection (the same client as the
//   bare server's), against a loop appending 1 KiB and calling
//   fdatasync on a file in the store's folder (the same disk); target ≥ 0.5× the loop's rate;
// - 50 concurrent writers (group commit): target ≥ 10× the loop's rate.
//   Beside them, as information: the same bare server appending 1 KiB and calling fdatasync before
//   each answer, over one connection (the most a writer waiting for each answer reaches here with
//   no other work), and the bare server's read rate over the loop (what any 50-writer rate is
//   bounded by, a create being at least a request).
//   BENCH_SECONDS=5 (each round)  BENCH_ROUNDS=3  BENCH_WRITE_SECONDS=2 (each round of one writer, and of the bare server at one connection)
import { spawn } from 'node:child_process';
import { closeSync, fdatasyncSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
/* global fetch -- Node 20 global */
import autocannon from 'autocannon';
import { call, checkRow, failed, importStore, seedTables, serve, stats, stopChild, tempDir } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WRITE_SECONDS = Number(process.env.BENCH_WRITE_SECONDS ?? 2);
const tmp = tempDir('gbctl-machine-');

/** Headers node:http writes of its own on every answer (and the body's length, which the bare server sets from its body). */
const NODE_OWN = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/**
 * A bare node:http server answering every request with `headers` and `body` from memory; resolves
 * to its URL. With `syncFile`, it first appends 1 KiB to that file and calls fdatasync, once the
 * request's body is in, as a durable create must.
 */
function bareServer(headers, body, syncFile) {
  const src = `const b = Buffer.from(process.env.BODY, 'base64');
const h = { ...JSON.parse(process.env.HEADERS), 'content-length': b.length };
const fs = require('node:fs'); const file = process.env.SYNC_FILE; const fd = file ? fs.openSync(file, 'a') : -1; const kib = Buffer.alloc(1024, 0x61);
require('node:http').createServer((req, res) => { req.resume(); req.on('end', () => { if (fd >= 0) { fs.writeSync(fd, kib); fs.fdatasyncSync(fd); } res.writeHead(200, h); res.end(b); }); })
  .listen(0, '127.0.0.1', function () { console.log('listening on http://127.0.0.1:' + this.address().port); });`;
  const env = { ...process.env, BODY: body.toString('base64'), HEADERS: JSON.stringify(headers), SYNC_FILE: syncFile ?? '' };
  const child = spawn(process.execPath, ['-e', src], { stdio: ['ignore', 'pipe', 'inherit'], env });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const url = /^listening on (\S+)/.exec(line)?.[1];
      if (url) resolve({ child, url, stop: () => stopChild(child) });
    });
    child.once('exit', (code) => reject(new Error(`bare server exited ${code}`)));
  });
}

async function cannon(opts) {
  const r = await autocannon({ connections: 50, ...opts });
  if (r.non2xx || r.errors || r.timeouts) throw new Error(`autocannon on ${opts.url}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  return r;
}

/** Appends of 1 KiB, each followed by fdatasync, for `ms`: answers how many a second. */
function fsyncLoop(dir, ms) {
  const fd = openSync(join(dir, 'fsync-loop.bin'), 'a');
  const kib = Buffer.alloc(1024, 0x61);
  let n = 0;
  const t0 = performance.now();
  try {
    while (performance.now() - t0 < ms) {
      writeSync(fd, kib);
      fdatasyncSync(fd);
      n++;
    }
  } finally {
    closeSync(fd);
  }
  return (n * 1000) / (performance.now() - t0);
}

try {
  const seed = seedTables(tmp.dir);
  const store = importStore(tmp.dir, 'machine', seed.tables);
  const s = await serve(store);
  const auth = { authorization: `Bearer ${seed.token}` };
  const spacePath = `/v1/spaces/${seed.space.id}`;
  const res = await fetch(`${s.url}${spacePath}`, { headers: auth });
  const body = Buffer.from(await res.arrayBuffer());
  const headers = Object.fromEntries([...res.headers].filter(([k]) => !NODE_OWN.has(k)));
  const bare = await bareServer(headers, body);
  const bareSync = await bareServer(headers, body, join(tmp.dir, 'bare-sync.bin'));
  console.log(
    `reads: GET ${spacePath} (${body.length} bytes; headers ${Object.keys(headers).join(', ')}), 50 connections, ${ROUNDS} rounds of ${SECONDS} s each, gbctl serve and a bare node:http server in turns`,
  );
  const ratios = [];
  const g = [];
  const b = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? ['gbctl', 'bare'] : ['bare', 'gbctl'];
    const got = {};
    for (const who of order) {
      const url = who === 'gbctl' ? `${s.url}${spacePath}` : `${bare.url}${spacePath}`;
      got[who] = (await cannon({ url, headers: auth, duration: SECONDS })).requests.average;
    }
    g.push(got.gbctl);
    b.push(got.bare);
    ratios.push(got.gbctl / got.bare);
  }
  const r = stats(ratios);
  const fmt = (x) => `${stats(x).min.toFixed(0)}/${stats(x).median.toFixed(0)}/${stats(x).max.toFixed(0)} req/s`;
  console.log(`  gbctl serve ${fmt(g)}  bare node:http ${fmt(b)}  (min/median/max); ratio per round min ${r.min.toFixed(2)} median ${r.median.toFixed(2)}`);
  checkRow('bare node:http req/s over gbctl serve GET req/s, median of rounds (gbctl ≥ 0.5×: ≤ 2)', 1 / r.median, 2, '');

  // Durable writes. The loop and the server take turns so that the disk's pace falls on both.
  const comment = JSON.stringify({ body: { markdown: 'A comment of a few words, as people write them.' } });
  const post = () => call(s, seed.token, 'POST', `/spaces/${seed.space.id}/comments`, JSON.parse(comment));
  for (let i = 0; i < 20; i++) await post();
  const loop = [];
  const single = [];
  const many = [];
  const bareSyncOne = [];
  const creates = {
    url: `${s.url}/v1/spaces/${seed.space.id}/comments`,
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: comment,
  };
  for (let round = 0; round < ROUNDS; round++) {
    loop.push(fsyncLoop(tmp.dir, 2000));
    // The round trip and the sync alone: the bare server syncing before each answer, one connection.
    bareSyncOne.push(
      (await cannon({ url: `${bareSync.url}${spacePath}`, method: 'POST', body: comment, connections: 1, duration: WRITE_SECONDS })).requests.average,
    );
    // One writer: the next create is sent when the last one is answered, by the same client.
    single.push((await cannon({ ...creates, connections: 1, duration: WRITE_SECONDS })).requests.average);
    many.push((await cannon({ ...creates, duration: SECONDS })).requests.average);
  }
  await s.stop();
  await bare.stop();
  await bareSync.stop();
  const per = (x) => `${stats(x).min.toFixed(0)}/${stats(x).median.toFixed(0)}/${stats(x).max.toFixed(0)}/s`;
  console.log(
    `durable writes, ${ROUNDS} rounds: 1 KiB append + fdatasync loop ${per(loop)}; gbctl comment creates one at a time ${per(single)}; 50 concurrent writers ${per(many)} (min/median/max)`,
  );
  const base = stats(loop).median;
  // A writer that waits for each answer pays a round trip and a sync: a server doing nothing else
  // reaches this much of the loop's rate; and no number of writers gets more creates a second
  // than the bare server answers reads.
  const ceiling = stats(bareSyncOne).median;
  console.log(
    `  bare node:http appending 1 KiB + fdatasync before each answer, one connection: ${per(bareSyncOne)}, ${(ceiling / base).toFixed(2)}× the loop; ` +
      `bare node:http reads at 50 connections ${(stats(b).median / base).toFixed(1)}× the loop (info: the most one writer, and any number, can reach here)`,
  );
  checkRow('fdatasync loop rate over gbctl single-writer creates/s (gbctl ≥ 0.5×: ≤ 2)', base / stats(single).median, 2, '');
  checkRow('fdatasync loop rate over gbctl 50-writer creates/s (gbctl ≥ 10×: ≤ 0.1)', base / stats(many).median, 0.1, '');
} finally {
  tmp.cleanup();
}
process.exit(failed() ? 1 : 0);
