// Helpers shared by the benchmarks: timing statistics, growth rows with their targets, stores
// prepared through `gbctl store import`, and `gbctl serve` started on them.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

/* global fetch -- Node 20 global */

/**
 * Node reads the certificates NODE_EXTRA_CA_CERTS names at every start, before any script runs:
 * with Debian's bundle that is about 60 ms, twice what bare node takes to start without it. It
 * would sit in both sides of every ratio of whole processes and flatter them (start-up read 1.6×
 * with it and 2.7× without). No benchmark makes a TLS connection: their processes start without it.
 */
export const unsetForTiming = ['NODE_EXTRA_CA_CERTS', 'NODE_OPTIONS'].filter((name) => process.env[name] !== undefined);
for (const name of unsetForTiming) delete process.env[name];

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BIN = join(ROOT, 'bin', 'gbctl.js');

export function tempDir(prefix = 'gbctl-bench-') {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export const gbctl = (...args) => execFileSync(process.execPath, [BIN, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 30 });

/** min, median and max of a list of times. */
export function stats(times) {
  const t = [...times].sort((a, b) => a - b);
  return { min: t[0], median: t[Math.floor(t.length / 2)], max: t[t.length - 1], n: t.length };
}

const fmt = (ms) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));
const mmm = (s, unit = 'ms') => `${fmt(s.min)}/${fmt(s.median)}/${fmt(s.max)} ${unit}`;

let failures = 0;
export const failed = () => failures;

/**
 * One growth row: the large case's median over the small case's, beside its target; a ratio past
 * the target prints FAIL. Times are min/median/max of the repetitions.
 */
export function growthRow(name, small, large, target, unit = 'ms') {
  const a = stats(small);
  const b = stats(large);
  const ratio = b.median / a.median;
  const ok = ratio <= target;
  if (!ok) failures++;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${name.padEnd(64)} ${ratio.toFixed(2).padStart(6)}×  (target ≤ ${target}×)  small ${mmm(a, unit)}  large ${mmm(b, unit)}`,
  );
  return ratio;
}

/** A row against an absolute figure or another ratio, with its own wording. */
export function checkRow(name, value, target, unit = '×') {
  const ok = value <= target;
  if (!ok) failures++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name.padEnd(64)} ${value.toFixed(2).padStart(6)}${unit} (target ≤ ${target}${unit})`);
}

/** A row of times against an absolute target (the median's): min/median/max beside it, FAIL past it. */
export function timeRow(name, times, target, unit = 'ms') {
  const s = stats(times);
  const ok = s.median <= target;
  if (!ok) failures++;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${name.padEnd(64)} ${fmt(s.median).padStart(6)} ${unit} (target ≤ ${target} ${unit})  min/median/max ${mmm(s, unit)}, n=${s.n}`,
  );
}

/** Times `n` runs of `fn` (after `warm` unmeasured ones, so that V8 has optimised the code), in ms. */
export async function timeIt(n, fn, warm = 30) {
  for (let i = 0; i < warm; i++) await fn(-1 - i);
  const out = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    out.push(performance.now() - t0);
  }
  return out;
}

/**
 * Times `n` runs each of `small` and `large` (after `warm` unmeasured runs of each), taken in
 * turns of about n / `rounds`, the order of the two swapped each turn: a machine that slows down
 * or speeds up during the measure moves both sizes alike instead of whichever ran second.
 * Answers [small times, large times] in ms.
 */
export async function timePaired(n, small, large, warm = 30, rounds = 8) {
  for (let i = 0; i < warm; i++) {
    await small(-1 - i);
    await large(-1 - i);
  }
  const a = [];
  const b = [];
  const per = Math.ceil(n / rounds);
  for (let turn = 0, done = 0; done < n; turn++) {
    const k = Math.min(per, n - done);
    const order =
      turn % 2
        ? [
            [large, b],
            [small, a],
          ]
        : [
            [small, a],
            [large, b],
          ];
    for (const [fn, out] of order) {
      for (let j = 0; j < k; j++) {
        const t0 = performance.now();
        await fn(done + j);
        out.push(performance.now() - t0);
      }
    }
    done += k;
  }
  return [a, b];
}

/** A store seeded by gbctl (organization, admin, token) as plain tables, to be grown and imported. */
export function seedTables(dir) {
  const path = join(dir, 'seed.json');
  gbctl('spaces', 'create', '--title', 'Space 0', '--store', path, '--json');
  // The store keeps tokens hashed: the secret is the one minted here, shown once.
  const token = gbctl('local', 'token', '--store', path).trim();
  const base = JSON.parse(gbctl('store', 'export', '-', '--store', path));
  const t = base.tables;
  return {
    tables: t,
    token,
    org: t.meta.find((m) => m.id === 'defaultOrganization').value,
    user: t.users[0].id,
    space: t.spaces[0],
    revision: t.revisions[0],
  };
}

/** Writes `tables` to a new store file through `gbctl store import`. */
export function importStore(dir, name, tables) {
  const file = join(dir, `${name}.import.json`);
  const store = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify({ format: 'gbctl-store', version: 2, tables }));
  gbctl('store', 'import', file, '--store', store, '--no-check');
  rmSync(file);
  return store;
}

let counter = 0;
/** Ids of the platform's shape, unique within a run. */
export const newId = () => `b${(counter++).toString(36).padStart(19, '0')}`;

/**
 * `gbctl serve` on a store, with its default flags; resolves once it listens. BENCH_SERVE_NODE
 * adds node options to the server alone (as `--cpu-prof`, which NODE_OPTIONS refuses).
 */
export function serve(store, extra = []) {
  const t0 = performance.now();
  const node = process.env.BENCH_SERVE_NODE?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...node, BIN, 'serve', '--port', '0', '--store', store, ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const url = /^listening on (\S+)/.exec(line)?.[1];
      if (url) resolve({ child, url, startMs: performance.now() - t0, stop: () => stopChild(child) });
    });
    child.once('exit', (code) => reject(new Error(`gbctl serve exited ${code}: ${err}`)));
  });
}

export function stopChild(child) {
  return new Promise((r) => (child.exitCode !== null ? r() : (child.once('exit', r), child.kill('SIGTERM'))));
}

/** A JSON API call; throws on an answer other than 2xx. */
export async function call(server, token, method, path, body) {
  const res = await fetch(`${server.url}/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

/** The store's admin token (kept in its meta table). */

/**
 * Runs `work` while other requests (`other`, one after another) are made, as a user of the same
 * server would: answers how long `work` took, and how many others were answered meanwhile and
 * the slowest of them (ms). Heavy work on the thread that answers requests shows as a slow other.
 */
export async function othersMeanwhile(work, other) {
  const t0 = performance.now();
  let pending = true;
  const done = work().finally(() => (pending = false));
  const times = [];
  while (pending) {
    const t = performance.now();
    await other();
    times.push(performance.now() - t);
  }
  await done;
  return { ms: performance.now() - t0, count: times.length, slowest: Math.max(0, ...times) };
}
