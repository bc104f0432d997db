// Rendering a published page does not grow with the size of the space: one page of a
// 1,000-page space against one of a 10-page space, over HTTP against `gbctl serve`.
// Run by `npm run bench` (after a build). Loopback only; about 20 seconds.
//   BENCH_REQUESTS=300
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';

/* global fetch -- Node 20 global */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'gbctl.js');
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const LIMIT = 2;
const dir = mkdtempSync(join(tmpdir(), 'gbctl-bench-render-'));
const store = join(dir, 'store.json');
const gbctl = (...args) => execFileSync(process.execPath, [BIN, ...args, '--store', store], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** A folder of `n` pages in folders of 100, each page a realistic mix of blocks. */
function folder(n) {
  const root = join(dir, `pages-${n}`);
  const body = (i) => `# Page ${i}\n\nSome text with **bold**, a [link](https://example.com) and \`code\`.\n\n## Section\n\n1. one\n2. two\n\n| a | b |\n|---|---|\n| ${i} | x |\n\n{% hint style="info" %}\nA hint.\n{% endhint %}\n\n\`\`\`js\nconsole.log(${i});\n\`\`\`\n`;
  writeFileSync((mkdirSync(root, { recursive: true }), join(root, 'README.md')), body(0));
  for (let i = 1; i < n; i++) {
    const sub = join(root, `part-${String(Math.floor(i / 100)).padStart(2, '0')}`);
    mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, `page-${String(i).padStart(4, '0')}.md`), body(i));
  }
  return root;
}

function site(n) {
  const space = JSON.parse(gbctl('spaces', 'create', '--title', `Space of ${n}`, '--json')).id;
  gbctl('content', 'import', space, '--url', pathToFileURL(folder(n)).href, '--source', 'markdown');
  const s = JSON.parse(gbctl('sites', 'create', '--title', `Site of ${n}`, '--visibility', 'public', '--spaces', space, '--json'));
  gbctl('sites', 'publish', s.id);
  return s.id;
}

async function timings(url) {
  const times = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    const res = await fetch(url);
    if (!res.ok) throw new Error(`HTTP ${res.status} on ${url}`);
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { min: times[0], median: times[Math.floor(times.length / 2)], max: times[times.length - 1] };
}

let failed = false;
const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--store', store], { stdio: ['ignore', 'pipe', 'inherit'] });
try {
  const small = site(10);
  const large = site(1000);
  const url = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (l) => {
      const m = /^listening on (\S+)/.exec(l);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`gbctl serve exited ${code}`)));
  });
  const org = JSON.parse(gbctl('sites', 'get', small, '--json')).organizationId ?? JSON.parse(gbctl('local', 'orgs', 'list', '--json'))[0]?.id;
  const page = (siteId, path) => `${url}/published/${org}/${siteId}/${path}`;
  const targets = [
    ['10 pages', page(small, 'part-00/page-5')],
    ['1000 pages', page(large, 'part-05/page-500')],
  ];
  for (const [, u] of targets) await timings(u); // warm up both: first reads load and index the revision
  const rows = [];
  for (const [name, u] of targets) rows.push({ name, ...(await timings(u)) });
  const f = (ms) => `${ms.toFixed(2)} ms`.padStart(10);
  console.log(`rendering one published page, ${REQUESTS} requests each`);
  console.log(`${'space'.padEnd(12)}${'min'.padStart(10)}${'median'.padStart(10)}${'max'.padStart(10)}`);
  for (const r of rows) console.log(`${r.name.padEnd(12)}${f(r.min)}${f(r.median)}${f(r.max)}`);
  const ratio = rows[1].median / rows[0].median;
  console.log(`ratio (median, 1000 / 10): ${ratio.toFixed(2)} (limit ${LIMIT})`);
  if (ratio > LIMIT) {
    console.log(`FAIL rendering a page of a 1000-page space takes ${ratio.toFixed(2)}x one of a 10-page space (limit ${LIMIT}x)`);
    failed = true;
  }
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
