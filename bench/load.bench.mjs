// `gbctl serve` under load against json-server serving the same number of records, in the same run:
// mixed reads and writes (per connection, in turn: get by id, list a page, get by id, list a page,
// create, update) from 50 concurrent connections for 20 s each, on loopback.
// Requires zero errors, timeouts and non-2xx answers; reports throughput and p99 latency as ratios.
import autocannon from 'autocannon';
import { checkRow, failed as rowsFailed } from './lib.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin', 'gbctl.js');
const RECORDS = Number(process.env.BENCH_RECORDS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const dir = mkdtempSync(join(tmpdir(), 'gbctl-load-'));
const children = [];

function stopAll() {
  return Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
}

/** Starts a server process and resolves with the URL it prints on a line matching `pattern`. */
function start(args, pattern, env = {}) {
  const child = spawn(process.execPath, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  children.push(child);
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  return new Promise((resolve, reject) => {
    const rl = createInterface({ input: child.stdout });
    rl.on('line', (line) => {
      const m = pattern.exec(line);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}: ${err}`)));
  });
}

/** A port free right now (json-server has no port 0 with the port printed). */
function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

const pick = (ids) => ids[Math.floor(Math.random() * ids.length)];

/** The request cycle, shared by both servers: what differs is only where each request goes. */
function cycle({ byId, list, create, ids, headers }) {
  const json = { ...headers, 'content-type': 'application/json' };
  let n = 0;
  return [
    { method: 'GET', headers, setupRequest: (r) => ({ ...r, path: byId(pick(ids)) }) },
    { method: 'GET', headers, path: list },
    { method: 'GET', headers, setupRequest: (r) => ({ ...r, path: byId(pick(ids)) }) },
    { method: 'GET', headers, path: list },
    { method: 'POST', headers: json, path: create, setupRequest: (r) => ({ ...r, body: JSON.stringify({ title: `Load ${++n}` }) }) },
    { method: 'PATCH', headers: json, setupRequest: (r) => ({ ...r, path: byId(pick(ids)), body: JSON.stringify({ title: `Renamed ${++n}` }) }) },
  ];
}

/** One load run; `cpu` is the load generator's (this process's) CPU time over the run's wall time, in cores. */
function run(name, url, requests) {
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, requests }, (err, result) => {
      if (err) return reject(err);
      const used = process.cpuUsage(cpu0);
      const wall = Number(process.hrtime.bigint() - t0) / 1000;
      resolve({ name, result, cpu: (used.user + used.system) / wall });
    });
  });
}

async function gbctl() {
  const data = join(dir, 'gbctl.json');
  const { seedSpaces, JsonFileStore } = await import(join(root, 'dist', 'index.mjs'));
  await seedSpaces(data, RECORDS);
  const store = JsonFileStore.open(data, { readOnly: true });
  const dump = await store.snapshot();
  await store.close();
  const ids = dump.tables.spaces.map((s) => s.id);
  const org = dump.tables.spaces[0].organization;
  const node = process.env.BENCH_SERVE_NODE?.split(' ').filter(Boolean) ?? [];
  const url = await start([...node, bin, 'serve', '--port', '0', '--data', data], /^listening on (\S+)$/);
  const token = spawnSync(process.execPath, [bin, 'local', 'token', '--data', data], { encoding: 'utf8' }).stdout.trim();
  return run(
    'gbctl serve',
    url,
    cycle({
      byId: (id) => `/v1/spaces/${id}`,
      list: `/v1/orgs/${org}/spaces?limit=20`,
      create: `/v1/orgs/${org}/spaces`,
      ids,
      headers: { authorization: `Bearer ${token}` },
    }),
  );
}

async function jsonServer() {
  const db = join(dir, 'json-server.json');
  const now = new Date().toISOString();
  const spaces = Array.from({ length: RECORDS }, (_, i) => ({
    id: `space${i + 1}`,
    object: 'space',
    title: `Space ${i + 1}`,
    visibility: 'private',
    createdAt: now,
    updatedAt: now,
  }));
  writeFileSync(db, JSON.stringify({ spaces }));
  mkdirSync(join(dir, 'public')); // json-server serves ./public of its working directory
  const port = await freePort();
  const cli = join(root, 'node_modules', 'json-server', 'lib', 'bin.js');
  await start([cli, db, '--port', String(port), '--host', '127.0.0.1'], /(JSON Server started on PORT :\d+)/, {
    NODE_ENV: 'production',
    NO_COLOR: '1',
    FORCE_COLOR: '0',
  });
  return run(
    'json-server',
    `http://127.0.0.1:${port}`,
    cycle({
      byId: (id) => `/spaces/${id}`,
      list: '/spaces?_page=1&_per_page=20',
      create: '/spaces',
      ids: spaces.map((s) => s.id),
      headers: {},
    }),
  );
}

let failed = false;
try {
  const rows = [];
  for (const target of [gbctl, jsonServer]) {
    rows.push(await target());
    await stopAll();
    children.length = 0;
  }
  const [g, j] = rows.map(({ name, result: r, cpu }) => ({
    name,
    cpu,
    rps: r.requests.average,
    p99: r.latency.p99,
    total: r.requests.total,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
  }));
  console.log(
    `load: ${RECORDS.toLocaleString('en')} records, ${CONNECTIONS} connections, ${DURATION} s each; reads:writes 4:2 (get, list, get, list, create, update)`,
  );
  console.log(
    `${'server'.padEnd(14)} ${'req/s'.padStart(9)} ${'p99 ms'.padStart(8)} ${'requests'.padStart(9)} ${'errors'.padStart(7)} ${'timeouts'.padStart(9)} ${'non-2xx'.padStart(8)} ${'load generator CPU'.padStart(19)}`,
  );
  for (const x of [g, j]) {
    console.log(
      `${x.name.padEnd(14)} ${x.rps.toFixed(0).padStart(9)} ${String(x.p99).padStart(8)} ${String(x.total).padStart(9)} ${String(x.errors).padStart(7)} ${String(x.timeouts).padStart(9)} ${String(x.non2xx).padStart(8)} ${`${(x.cpu * 100).toFixed(0)}% of a core`.padStart(19)}`,
    );
  }
  console.log(`gbctl / json-server: throughput ${(g.rps / j.rps).toFixed(2)}x, p99 latency ${(g.p99 / j.p99).toFixed(2)}x`);
  checkRow('json-server req/s over gbctl serve req/s (target: gbctl ≥ 10×, so ≤ 0.1)', j.rps / g.rps, 0.1, '');
  checkRow('gbctl p99 over json-server p99', g.p99 / j.p99, 0.1);
  // The requirement is on gbctl; json-server's own failures (it rewrites its whole file on every write) are only reported.
  const clean = g.errors + g.timeouts + g.non2xx === 0;
  failed = !clean || rowsFailed() > 0;
  console.log(`gbctl serve: ${g.errors} errors, ${g.timeouts} timeouts, ${g.non2xx} non-2xx answers (required: none): ${clean ? 'ok' : 'FAIL'}`);
  if (j.errors + j.timeouts + j.non2xx) console.log(`json-server: ${j.errors} errors, ${j.timeouts} timeouts, ${j.non2xx} non-2xx answers`);
} finally {
  await stopAll();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
