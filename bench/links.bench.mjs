// Links: walking every link of a 1,000-page Git Sync space (several links a page: relative page
// links, an anchor into another folder, an image, an HTML link, a URL, a broken link, and a link
// in a code block that is none) against listing its pages, over HTTP against `gbctl serve`.
// Rows, each a ratio of medians with min/median/max of both sides:
//   warm: the walk (limit=1000 to the end) once the revision's links are worked out, against
//         GET …/content/pages (every page with its markdown), taken in alternating turns;
//   cold: the first walk in a fresh server against the first search in a fresh server with no
//         search index kept beside the store (both read every page: the search builds its index
//         of the revision; the links parse each page with markdown-it and its HTML with an HTML5
//         parser, where the search index cuts lines, hence a target of 2). The kept index is
//         removed before each: read back, it would make the baseline a file read;
//   meanwhile: the slowest of other requests (GET of the space, one after another) made during
//         the first walk in a fresh server: the pages are parsed a slice at a time (≤ 200 ms);
//   edit: the first links read of a change request after one of its pages changed against
//         GET …/content/pages of that change request (the links of the 999 pages it shares
//         with the revision before are not parsed again).
// Run by `npm run bench` (after a build); about a minute.
//   BENCH_REPS=10  BENCH_COLD=3  BENCH_LINK_PAGES=1000
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { call, checkRow, failed, importStore, othersMeanwhile, seedTables, serve, stats, tempDir, timePaired } from './lib.mjs';

const REPS = Number(process.env.BENCH_REPS ?? 10);
const COLD = Number(process.env.BENCH_COLD ?? 3);
const PAGES = Number(process.env.BENCH_LINK_PAGES ?? 1000);
const FOLDERS = 10;
const PER = PAGES / FOLDERS;
const IMAGES = 20;
const tmp = tempDir('gbctl-bench-links-');
const now = new Date().toISOString();

const part = (f) => `part-${String(f).padStart(2, '0')}`;
const leaf = (f, k) => `page-${String(f * PER + k).padStart(4, '0')}`;
const words = (i, n) => Array.from({ length: n }, (_, k) => `word${(i * 31 + k * 7) % 997}`).join(' ');

/** A child page's markdown: about 2 KiB of text around its links. */
function body(f, k) {
  const i = f * PER + k;
  const other = (f + 3) % FOLDERS;
  return [
    `# Page ${i}`,
    words(i, 120),
    `Next is [the next page](${leaf(f, (k % (PER - 1)) + 1)}.md), and the [overview](../${part((f + 1) % FOLDERS)}/README.md#overview).`,
    `![screenshot](../.gitbook/assets/shot%20${i % IMAGES}.png)`,
    `<table data-view="cards"><tbody><tr><td><a href="../${part(other)}/${leaf(other, (k % (PER - 1)) + 1)}.md">related</a></td></tr></tbody></table>`,
    `See [the site](https://example.com/docs/${i}) or [an old page](retired-${i}.md).`,
    '```md',
    `[not a link](in-code-${i}.md)`,
    '```',
    words(i + 1, 120),
  ].join('\n\n');
}

/** The whole-tree revision (converted when the server opens the store): FOLDERS folders of PER pages. */
function linkedRevision(rev) {
  const page = (id, title, gitPath, markdown, pages = []) => ({ id, title, type: 'document', markdown, gitPath, createdAt: now, updatedAt: now, pages });
  const pages = Array.from({ length: FOLDERS }, (_, f) =>
    page(
      `f${f}`,
      `Part ${f}`,
      `${part(f)}/README.md`,
      `# Part ${f}\n\n## Overview\n\n${words(f, 100)}\n`,
      Array.from({ length: PER - 1 }, (_, k) => page(`p${f}-${k + 1}`, `Page ${f * PER + k + 1}`, `${part(f)}/${leaf(f, k + 1)}.md`, body(f, k + 1))),
    ),
  );
  const files = Array.from({ length: IMAGES }, (_, i) => ({ id: `img${i}`, name: `shot ${i}.png`, contentType: 'image/png', size: 100, createdAt: now }));
  return { ...rev, pages, files };
}

const seed = seedTables(tmp.dir);
seed.tables.revisions[0] = linkedRevision(seed.revision);
const store = importStore(tmp.dir, 'links', seed.tables);
const space = `/spaces/${seed.space.id}`;

/** Every link of the space, 1,000 a request: the links and the requests it took. */
async function walk(s) {
  let token;
  let links = 0;
  let requests = 0;
  let stats;
  do {
    const r = await call(s, seed.token, 'GET', `${space}/links?limit=1000${token ? `&page=${token}` : ''}`);
    links += r.items.length;
    requests++;
    stats = r.stats;
    token = r.next?.page;
  } while (token);
  return { links, requests, stats };
}

function row(name, measured, baseline, target) {
  const a = stats(measured);
  const b = stats(baseline);
  const ms = (x) => `${x.min.toFixed(0)}/${x.median.toFixed(0)}/${x.max.toFixed(0)} ms`;
  checkRow(name, a.median / b.median, target);
  console.log(`     links ${ms(a)}  baseline ${ms(b)}`);
}

try {
  // Cold: each measure in a server of its own, started for it.
  const coldWalk = [];
  const coldSearch = [];
  let shape;
  for (let i = 0; i < COLD; i++) {
    for (const [out, request] of [
      [coldWalk, async (s) => (shape = await walk(s))],
      [coldSearch, (s) => call(s, seed.token, 'GET', `${space}/search?query=word1`)],
    ]) {
      rmSync(`${store}.cache`, { recursive: true, force: true });
      const s = await serve(store);
      const t0 = performance.now();
      await request(s);
      out.push(performance.now() - t0);
      await s.stop();
    }
  }
  console.log(`\n# links of a ${PAGES}-page space: ${shape.links} links (${shape.stats.broken.total} broken) in ${shape.requests} requests of 1,000`);
  {
    // The first walk in a new server works out every page's links: other requests meanwhile.
    rmSync(`${store}.cache`, { recursive: true, force: true });
    const s = await serve(store);
    await call(s, seed.token, 'GET', space);
    const m = await othersMeanwhile(
      () => walk(s),
      () => call(s, seed.token, 'GET', space),
    );
    await s.stop();
    console.log(`     first walk in a new server: ${m.ms.toFixed(0)} ms; ${m.count} other requests (GET of the space) meanwhile`);
    checkRow('first walk in a new server: slowest other request meanwhile', m.slowest, 200, ' ms');
  }
  if (shape.links !== (PAGES - FOLDERS) * 6 || shape.stats.broken.total !== PAGES - FOLDERS) throw new Error(`unexpected links: ${JSON.stringify(shape)}`);

  const s = await serve(store);
  try {
    const [links, pages] = await timePaired(
      REPS,
      () => walk(s),
      () => call(s, seed.token, 'GET', `${space}/content/pages`),
      2,
      2,
    );
    row('walk every link, links worked out / list the pages (warm)', links, pages, 2);
    row('first walk in a new server / first search in a new server (cold)', coldWalk, coldSearch, 2);

    const cr = await call(s, seed.token, 'POST', `${space}/change-requests`, { subject: 'links' });
    const crPath = `${space}/change-requests/${cr.id}`;
    await call(s, seed.token, 'GET', `${crPath}/content/page/p0-1/links`);
    const afterEdit = [];
    const crPages = [];
    for (let i = 0; i < REPS; i++) {
      await call(s, seed.token, 'PATCH', `${crPath}/gbctl/pages/p0-1`, { markdown: `${body(0, 1)}\n\n[edit ${i}](page-0002.md)` });
      let t0 = performance.now();
      await call(s, seed.token, 'GET', `${crPath}/content/page/p0-1/links`);
      afterEdit.push(performance.now() - t0);
      t0 = performance.now();
      await call(s, seed.token, 'GET', `${crPath}/content/pages`);
      crPages.push(performance.now() - t0);
    }
    row('first links read after one page changed / list the pages (edit)', afterEdit, crPages, 1);
  } finally {
    await s.stop();
  }
} finally {
  tmp.cleanup();
}
process.exit(failed() ? 1 : 0);
