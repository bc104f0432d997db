// The embedded store under load, over HTTP against `gbctl serve`, beside json-server on the same data.
// Run by `npm run bench` (after a build). Loopback only; bounded in time (~3 minutes).
// The memory row: serve's RSS after the same workload (reads, then BENCH_WRITES comments) at the
// largest size less at the smallest, over the store's files (snapshot, journal, index) likewise.
//   BENCH_SIZES=1000,20000,100000  BENCH_SECONDS=4  BENCH_WRITES=2000
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { checkRow, failed } from './lib.mjs';

/* global fetch, structuredClone -- Node 20 globals */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'gbctl.js');
const JSON_SERVER = join(ROOT, 'node_modules', 'json-server', 'lib', 'bin.js');
const SIZES = (process.env.BENCH_SIZES ?? '1000,20000,100000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const WRITES = Number(process.env.BENCH_WRITES ?? 2000);
const dir = mkdtempSync(join(tmpdir(), 'gbctl-bench-'));
const gbctl = (...args) => execFileSync(process.execPath, [BIN, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

let counter = 0;
const id = () => `b${(counter++).toString(36).padStart(19, '0')}`;

/**
 * A store of `total` objects, all where the benchmark reads: spaces (each with its revision) in
 * the organization whose spaces are listed, and comments on the space whose comments are listed
 * and written to, in equal parts.
 */
function dataset(total, base) {
  const t = structuredClone(base.tables);
  const org = t.meta.find((m) => m.id === 'defaultOrganization').value;
  const user = t.users[0].id;
  const [space0] = t.spaces;
  const [rev0] = t.revisions;
  const now = Date.now();
  const count = () => Object.values(t).reduce((a, rows) => a + rows.length, 0);
  t.comments = [];
  for (let i = 1; count() < total; i++) {
    const s = { ...space0, id: id(), title: `Space ${i}`, organization: org, revision: '', position: i + 1 };
    const r = { ...rev0, id: id(), space: s.id };
    s.revision = r.id;
    t.spaces.push(s);
    t.revisions.push(r);
    t.comments.push({
      id: id(),
      space: space0.id,
      status: i % 3 ? 'open' : 'resolved',
      postedBy: user,
      postedAt: new Date(now - (total - i) * 1000).toISOString(),
      body: { markdown: `Comment ${i}: looks good, one nit on the second paragraph.` },
      revision: space0.revision,
      reactions: [],
    });
  }
  return { tables: t, org, space: space0.id, token: base.token };
}

function startProcess(cmd, args, ready) {
  const t0 = performance.now();
  const child = spawn(process.execPath, [cmd, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const url = ready(line);
      if (url) resolve({ child, url, startMs: performance.now() - t0 });
    });
    child.once('exit', (code) => reject(new Error(`${cmd} exited ${code}: ${err}`)));
  });
}

const stop = (child) => new Promise((r) => (child.exitCode !== null ? r() : (child.once('exit', r), child.kill('SIGTERM'))));
const rssMiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const mib = (b) => b / 1024 / 1024;

async function latency(n, send) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await send(i);
    if (!res.ok) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(n / 2)], p99: times[Math.floor(n * 0.99)] };
}

/** `amount` requests over 8 connections, when given (the same workload at every size), else for SECONDS. */
async function cannon(url, method, body, headers, amount) {
  const r = await autocannon({
    url,
    method,
    body,
    headers: { 'content-type': 'application/json', ...headers },
    connections: 8,
    ...(amount ? { amount } : { duration: SECONDS }),
  });
  if (r.non2xx || r.errors) throw new Error(`autocannon on ${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50 };
}

const results = [];
try {
  const seedFile = join(dir, 'seed.json');
  gbctl('spaces', 'create', '--title', 'Space 0', '--store', seedFile);
  // The store keeps tokens hashed: the secret is the one minted here, shown once.
  const token = gbctl('local', 'token', '--store', seedFile).trim();
  const base = { ...JSON.parse(gbctl('store', 'export', '-', '--store', seedFile)), token };
  const emptyStart = await startProcess(BIN, ['serve', '--port', '0', '--store', seedFile], (l) => /^listening on (\S+)/.exec(l)?.[1]);
  await stop(emptyStart.child);

  for (const size of SIZES) {
    const data = dataset(size, base);
    const store = join(dir, `store-${size}.json`);
    const exportFile = join(dir, `import-${size}.json`);
    writeFileSync(exportFile, JSON.stringify({ format: 'gbctl-store', version: 2, tables: data.tables }));
    gbctl('store', 'import', exportFile, '--store', store, '--no-check');
    const onDisk = statSync(store).size;

    const serve = await startProcess(BIN, ['serve', '--port', '0', '--store', store], (l) => /^listening on (\S+)/.exec(l)?.[1]);
    const rssLoaded = rssMiB(serve.child.pid);
    const auth = { authorization: `Bearer ${data.token}` };
    const post = (i) =>
      fetch(`${serve.url}/v1/spaces/${data.space}/comments`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ body: { markdown: `Bench comment ${i}` } }),
      });
    const write = await latency(200, post);
    const get = await latency(300, () => fetch(`${serve.url}/v1/spaces/${data.space}`, { headers: auth }));
    const list = await latency(300, () => fetch(`${serve.url}/v1/orgs/${data.org}/spaces?limit=20`, { headers: auth }));
    const comments = await latency(300, () => fetch(`${serve.url}/v1/spaces/${data.space}/comments?limit=20`, { headers: auth }));
    const gWrites = await cannon(
      `${serve.url}/v1/spaces/${data.space}/comments`,
      'POST',
      JSON.stringify({ body: { markdown: 'A new comment' } }),
      auth,
      WRITES,
    );
    const rssAfter = rssMiB(serve.child.pid);
    await stop(serve.child);
    // The store as it stands after the workload: snapshot, journal and index.
    const storeBytes = [store, `${store}.journal`, `${store}.index`].reduce((n, f) => n + (existsSync(f) ? statSync(f).size : 0), 0);

    const dbFile = join(dir, `db-${size}.json`);
    writeFileSync(dbFile, JSON.stringify(data.tables));
    const js = await startProcess(JSON_SERVER, [dbFile, '--port', String(41000 + (size % 1000)), '--host', '127.0.0.1'], (l) =>
      /127\.0\.0\.1:\d+/.test(l) ? `http://${/127\.0\.0\.1:\d+/.exec(l)[0]}` : undefined,
    );
    const comment = JSON.stringify({ space: data.space, status: 'open', body: { markdown: 'A new comment' }, reactions: [] });
    const jsWrite = await latency(Math.min(200, Math.max(20, 2_000_000 / size)), () =>
      fetch(`${js.url}/comments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: comment }),
    );
    const jsList = await latency(100, () => fetch(`${js.url}/spaces?_page=1&_per_page=20`));
    const jsWrites = await cannon(`${js.url}/comments`, 'POST', comment, {});
    await stop(js.child);

    results.push({ size, onDisk, storeBytes, startMs: serve.startMs, rssLoaded, rssAfter, write, get, list, comments, gWrites, jsWrite, jsList, jsWrites });
    const r = results.at(-1);
    console.log(
      `${size} objects (${mib(onDisk).toFixed(1)} MiB on disk): start ${r.startMs.toFixed(0)} ms, RSS ${rssLoaded.toFixed(0)} MiB loaded / ${rssAfter.toFixed(0)} MiB after (${(rssAfter / mib(onDisk)).toFixed(1)}× the file)\n` +
        `  gbctl  write p50 ${write.p50.toFixed(2)} ms p99 ${write.p99.toFixed(2)} | get p50 ${get.p50.toFixed(2)} | list page p50 ${list.p50.toFixed(2)} | comments page p50 ${comments.p50.toFixed(2)} | autocannon writes ${gWrites.rps.toFixed(0)}/s\n` +
        `  json-server  write p50 ${jsWrite.p50.toFixed(2)} ms | list page p50 ${jsList.p50.toFixed(2)} | autocannon writes ${jsWrites.rps.toFixed(0)}/s`,
    );
  }

  const first = results[0];
  const last = results.at(-1);
  console.log(`\nbaseline: ${first.size} objects, measured in this run`);
  console.log(
    `start-up: empty store ${emptyStart.startMs.toFixed(0)} ms, ${last.size} objects ${last.startMs.toFixed(0)} ms (load ≈ ${(last.startMs - emptyStart.startMs).toFixed(0)} ms)`,
  );
  const load = last.startMs - emptyStart.startMs;
  checkRow(`load ${last.size} objects (start-up over an empty store's), ms`, load, 1000, ' ms');
  checkRow(`write p50 ${last.size} / ${first.size}`, last.write.p50 / first.write.p50, 1.5);
  console.log(`info get p50 ${last.size} / ${first.size}: ${(last.get.p50 / first.get.p50).toFixed(2)}×`);
  checkRow(`spaces list page p50 ${last.size} / ${first.size} (all in the listed organization)`, last.list.p50 / first.list.p50, 1.5);
  checkRow(`comments page p50 ${last.size} / ${first.size} (all on the listed space)`, last.comments.p50 / first.comments.p50, 1.5);
  console.log(
    `info durable writes/s at ${last.size}: gbctl ${last.gWrites.rps.toFixed(0)} vs json-server ${last.jsWrites.rps.toFixed(0)} (non-durable): ${(last.gWrites.rps / Math.max(1, last.jsWrites.rps)).toFixed(1)}×`,
  );
  // Memory that grows with the data: what serve's RSS gains from the small store to the large one,
  // after the same workload, over what the store's files gain.
  const grown = (last.rssAfter - first.rssAfter) / mib(last.storeBytes - first.storeBytes);
  console.log(
    `info RSS after the workload: ${first.rssAfter.toFixed(1)} MiB at ${first.size}, ${last.rssAfter.toFixed(1)} MiB at ${last.size}; store files ${mib(first.storeBytes).toFixed(1)} and ${mib(last.storeBytes).toFixed(1)} MiB`,
  );
  checkRow(`serve RSS growth over store growth (${last.size} − ${first.size} objects, same workload)`, grown, 1.5);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed() ? 1 : 0);
