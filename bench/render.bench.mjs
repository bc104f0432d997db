// Published pages over HTTP against `gbctl serve`: a page of a 1,000-page space against one of a
// 10-page space, timed in alternating turns in one run (timePaired), each view the first of its
// page (rendered, put together and compressed) and then a page viewed again; then pages too large to
// render on the request thread: what five concurrent first views of them cost, and how long
// other requests wait meanwhile.
// Run by `npm run bench` (after a build). Loopback only; about a minute.
//   BENCH_REQUESTS=300 (views per size)
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { BIN, call, checkRow, failed, growthRow, serve, tempDir, timePaired } from './lib.mjs';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
/** First views of each size: the small space's pages other than its home page are published by FIRST / 9 sites. */
const FIRST = Number(process.env.BENCH_FIRST ?? 150);
const FIRST_WARM = 10;
const tmp = tempDir('gbctl-bench-render-');
const store = join(tmp.dir, 'store.json');
const gbctl = (...args) => execFileSync(process.execPath, [BIN, ...args, '--store', store], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

const body = (i) =>
  `# Page ${i}\n\nSome text with **bold**, a [link](https://example.com) and \`code\`.\n\n## Section\n\n1. one\n2. two\n\n| a | b |\n|---|---|\n| ${i} | x |\n\n{% hint style="info" %}\nA hint.\n{% endhint %}\n\n\`\`\`js\nconsole.log(${i});\n\`\`\`\n`;

/** A folder of `n` pages in folders of 100, each page a realistic mix of blocks. */
function folder(n) {
  const root = join(tmp.dir, `pages-${n}`);
  writeFileSync((mkdirSync(root, { recursive: true }), join(root, 'README.md')), body(0));
  for (let i = 1; i < n; i++) {
    const sub = join(root, `part-${String(Math.floor(i / 100)).padStart(2, '0')}`);
    mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, `page-${String(i).padStart(4, '0')}.md`), body(i));
  }
  return root;
}

/** A folder of a small page and two large ones: 9 MB (over the render limit) and 800 kB (rendered off the request thread). */
function largeFolder() {
  const root = join(tmp.dir, 'large');
  mkdirSync(root, { recursive: true });
  const of = (title, bytes) => {
    const parts = [`# ${title}\n\n`];
    for (let i = 0, size = 0; size < bytes; i++) {
      const u = body(i).replace(/^# Page/, '## Part');
      parts.push(u);
      size += u.length;
    }
    return parts.join('');
  };
  writeFileSync(join(root, 'README.md'), '# Home\n\nSmall.\n');
  writeFileSync(join(root, 'nine.md'), of('Nine', 9 * 1024 * 1024));
  writeFileSync(join(root, 'heavy.md'), of('Heavy', 800 * 1024));
  writeFileSync(join(root, 'SUMMARY.md'), '# Table of contents\n\n* [Home](README.md)\n* [Nine](nine.md)\n* [Heavy](heavy.md)\n');
  return root;
}

function site(title, root) {
  const space = JSON.parse(gbctl('spaces', 'create', '--title', title, '--json')).id;
  gbctl('content', 'import', space, '--url', pathToFileURL(root).href, '--source', 'markdown');
  const s = JSON.parse(gbctl('sites', 'create', '--title', title, '--visibility', 'public', '--spaces', space, '--json'));
  gbctl('sites', 'publish', s.id);
  return { site: s.id, space };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * One view of a page as a browser asks for it (Accept-Encoding: gzip, deflate, br), over one
 * kept-alive connection, reading every byte the server sends. node:http rather than fetch: the
 * row times the server, and fetch's own inflating of a compressed page in this process would be
 * timed with it. Resolves with the bytes received.
 */
function view(url) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
      let n = 0;
      res.on('data', (c) => (n += c.length));
      res.on('end', () => (res.statusCode === 200 ? resolve(n) : reject(new Error(`HTTP ${res.statusCode} on ${url}`))));
    });
    req.on('error', reject);
  });
}

/** Times a request (node:http, which sets no time limit): when it was answered and how long it took, in ms. */
function timed(url, headers = {}) {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      res.resume();
      res.on('end', () => {
        const end = performance.now();
        if (res.statusCode !== 200) reject(new Error(`HTTP ${res.statusCode} on ${url}`));
        else resolve({ ms: end - t0, end });
      });
    });
    req.on('error', reject);
  });
}

/** The server process's peak resident set (its threads included), in MiB. */
const peakMiB = (pid) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const residentMiB = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

let server;
try {
  const small = site('Space of 10', folder(10));
  const large = site('Space of 1000', folder(1000));
  const big = site('Large pages', largeFolder());
  const org = JSON.parse(gbctl('local', 'orgs', 'list', '--json'))[0]?.id;
  const token = gbctl('local', 'token').trim();
  server = await serve(store);
  const page = (siteId, path) => `${server.url}/published/${org}/${siteId}/${path}`;

  console.log(`\n# a published page's first view, ${FIRST} of each size (each a page not viewed before), in alternating turns`);
  // The revision's page index and sidebar are made once per revision and site: made here, by a
  // view of each site's home page, which the timed views then leave out.
  const smallSites = [];
  for (let i = 0; i < Math.ceil((FIRST + FIRST_WARM) / 9); i++) {
    const made = await call(server, token, 'POST', `/orgs/${org}/sites`, { title: `Small ${i}`, visibility: 'public', spaces: [small.space] });
    await call(server, token, 'POST', `/orgs/${org}/sites/${made.id}/publish`);
    smallSites.push(made.id);
    await view(page(made.id, ''));
  }
  await view(page(large.site, ''));
  const smallPath = (i) => `part-00/page-${String(1 + (i % 9)).padStart(4, '0')}`;
  const largePath = (i) => `part-${String(Math.floor(i / 100)).padStart(2, '0')}/page-${String(i).padStart(4, '0')}`;
  let nextSmall = 0;
  let nextLarge = 1;
  const [fa, fb] = await timePaired(
    FIRST,
    () => {
      const i = nextSmall++;
      return view(page(smallSites[Math.floor(i / 9)], smallPath(i)));
    },
    () => view(page(large.site, largePath(nextLarge++))),
    FIRST_WARM,
  );
  growthRow('a published page, first view (1000 / 10 pages)', fa, fb, 1.5);

  console.log(`\n# a published page, ${REQUESTS} views of each size, in alternating turns`);
  const [smallUrl, largeUrl] = [page(small.site, 'part-00/page-0005'), page(large.site, 'part-05/page-0500')];
  const [a, b] = await timePaired(
    REQUESTS,
    () => view(smallUrl),
    () => view(largeUrl),
    30,
  );
  console.log(`     bytes sent: ${await view(smallUrl)} (10 pages) and ${await view(largeUrl)} (1000 pages)`);
  growthRow('a published page, viewed again (1000 / 10 pages)', a, b, 1.5);

  console.log('\n# pages too large for the request thread: five concurrent first views of each, with other requests meanwhile');
  const api = `${server.url}/v1/spaces/${small.space}`;
  const auth = { authorization: `Bearer ${token}` };
  await timed(api, auth);
  const rssBefore = residentMiB(server.child.pid);
  for (const [name, path, target] of [
    ['9 MB page (over the render limit)', 'nine', 2000],
    ['800 kB page (rendered on the render thread)', 'heavy', 30_000],
  ]) {
    const t0 = performance.now();
    const views = Array.from({ length: 5 }, () => timed(page(big.site, path)));
    const others = [];
    // Other requests, one after another, for as long as the views are not all answered.
    let pending = true;
    const all = Promise.all(views).finally(() => (pending = false));
    while (pending) {
      others.push(await timed(api, auth));
      others.push(await timed(page(small.site, 'part-00/page-0003')));
    }
    const done = await all;
    const elapsed = Math.max(...done.map((d) => d.end)) - t0;
    const worst = Math.max(...others.map((o) => o.ms));
    console.log(`     ${name}: five views answered in ${elapsed.toFixed(0)} ms; ${others.length} other requests meanwhile, slowest ${worst.toFixed(1)} ms`);
    checkRow(`  ${path}: five concurrent first views, all answered`, elapsed, target, ' ms');
    checkRow(`  ${path}: slowest other request (API GET, small page) meanwhile`, worst, 200, ' ms');
  }
  const peak = peakMiB(server.child.pid);
  console.log(`     server resident set: ${rssBefore.toFixed(0)} MiB before, peak ${peak.toFixed(0)} MiB (threads included)`);
  checkRow('  peak resident set of the server (threads included)', peak, 512, ' MiB');
} finally {
  await server?.stop();
  tmp.cleanup();
}
console.log(failed() ? `\n${failed()} row(s) past target` : '\nevery row within target');
process.exit(failed() ? 1 : 0);
