// Printing a change request as PDF holds a bounded amount of memory: the peak RSS of
// `gbctl change-requests export` on a 1,000-page space over the same on a 10-page one, each run a
// fresh process (embedded store), several runs of each in alternation. Pages mix every block the
// PDF draws, with long code lines and long words to wrap and an image shared by all pages. Then
// the slowest of other requests made to `gbctl serve` while it makes the large PDF (≤ 200 ms).
// Run by `npm run bench` (after a build); about 2 minutes.
//   BENCH_PDF_RUNS=3  BENCH_PDF_PAGES=10,1000
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { BIN, call, checkRow, failed, importStore, newId, othersMeanwhile, seedTables, serve, stats, tempDir } from './lib.mjs';

const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 3);
const [SMALL, LARGE] = (process.env.BENCH_PDF_PAGES ?? '10,1000').split(',').map(Number);
const LIMIT = 4;
const tmp = tempDir('gbctl-bench-pdf-');

// A 64×64 PNG (grey), made here: no file of any repository is copied.
function png() {
  const w = 64;
  const raw = Buffer.alloc((w * 3 + 1) * w, 0x99);
  for (let y = 0; y < w; y++) raw[y * (w * 3 + 1)] = 0;
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(w, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
function crc32(buf) {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

const page = (i) => `# Page ${i}

Some text with **bold**, *italic*, \`code\` and a [link](https://example.com/${i}). ${'Documentation words flow across the line. '.repeat(12)}

## Steps for ${i}

1. Install the tool
2. Configure it with a very long option name: --an-option-whose-name-is-much-longer-than-any-line-of-the-page-can-hold-${i}
3. Run it

{% hint style="warning" %}
Mind the **gap** on page ${i}.
{% endhint %}

| Name | Value | Notes |
| ---- | ----- | ----- |
| alpha | ${i} | a cell with quite a lot of text in it, enough to wrap inside its column |
| beta | ${i + 1} | short |

\`\`\`js
const result = await client.call('an endpoint', { page: ${i}, options: { wrap: true, anExtremelyLongPropertyNameThatRunsOffTheLine: 'and a long string value that goes on and on' } });
\`\`\`

<figure><img src=".gitbook/assets/diagram%20(1).png" alt="Diagram"><figcaption><p>The diagram</p></figcaption></figure>

![A second view](.gitbook/assets/diagram%20(1).png)

{% tabs %}
{% tab title="npm" %}
Install with npm.
{% endtab %}
{% tab title="Source" %}
Build from source.
{% endtab %}
{% endtabs %}

- [x] done
- [ ] to do
`;

const PNG = png();

const run = (store, ...args) =>
  execFileSync(process.execPath, [BIN, ...args, '--store', store], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 30 });

/** A store whose space has `n` pages and the image they show, and a change request on it. */
function prepare(n) {
  const seed = seedTables(tmp.dir);
  const now = new Date().toISOString();
  const blob = newId();
  seed.tables.blobs = [...(seed.tables.blobs ?? []), { id: blob, contentType: 'image/png', data: PNG.toString('base64'), createdAt: now }];
  seed.tables.revisions[0] = {
    ...seed.revision,
    pages: Array.from({ length: n }, (_, i) => ({
      id: `pg${i}`,
      title: `Page ${i}`,
      type: 'document',
      markdown: page(i),
      createdAt: now,
      updatedAt: now,
      pages: [],
    })),
    files: [{ id: newId(), name: 'diagram (1).png', contentType: 'image/png', size: PNG.length, createdAt: now, blob }],
  };
  const store = importStore(tmp.dir, `pages-${n}`, seed.tables);
  const cr = JSON.parse(run(store, 'change-requests', 'create', seed.space.id, '--subject', 'Print me', '--json'));
  return { n, store, space: seed.space.id, cr: String(cr.number), crId: cr.id, token: seed.token };
}

const PRELOAD = join(tmp.dir, 'maxrss.cjs');
writeFileSync(PRELOAD, "process.on('exit', () => process.stderr.write(`maxrss ${process.resourceUsage().maxRSS}\\n`));\n");

/** One export in a fresh process: its peak RSS (MiB), its time (ms), the PDF's size and sheets. */
async function exportOnce(c, i) {
  const out = join(tmp.dir, `cr-${c.n}-${i}.pdf`);
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['--require', PRELOAD, BIN, 'change-requests', 'export', c.space, c.cr, '--output', out, '--store', c.store], {
    encoding: 'utf8',
  });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`export of ${c.n} pages failed: ${r.stderr}`);
  const kib = Number(/maxrss (\d+)/.exec(r.stderr)?.[1]);
  const { PDFDocument } = await import('pdf-lib');
  const sheets = (await PDFDocument.load(readFileSync(out), { updateMetadata: false })).getPageCount();
  return { mib: kib / 1024, ms, bytes: statSync(out).size, pages: sheets };
}

try {
  const small = prepare(SMALL);
  const large = prepare(LARGE);
  const rows = { [SMALL]: [], [LARGE]: [] };
  for (let i = 0; i < RUNS; i++) for (const c of i % 2 ? [large, small] : [small, large]) rows[c.n].push(await exportOnce(c, i));
  const fmt = (s, unit, d = 0) => `${s.min.toFixed(d)}/${s.median.toFixed(d)}/${s.max.toFixed(d)} ${unit}`;
  for (const n of [SMALL, LARGE]) {
    const r = rows[n];
    console.log(
      `     ${`${n} pages`.padEnd(11)} peak RSS ${fmt(stats(r.map((x) => x.mib)), 'MiB')}  time ${fmt(stats(r.map((x) => x.ms)), 'ms')}  PDF ${(r[0].bytes / 1024).toFixed(0)} KiB, ${r[0].pages} sheets`,
    );
  }
  const ratio = stats(rows[LARGE].map((x) => x.mib)).median / stats(rows[SMALL].map((x) => x.mib)).median;
  checkRow(`peak RSS of a ${LARGE}-page PDF ÷ a ${SMALL}-page one (median of ${RUNS})`, ratio, LIMIT);

  // The same PDF asked of `gbctl serve`: it is made on a thread of its own, so that other
  // requests are answered meanwhile.
  const s = await serve(large.store);
  try {
    const space = `/spaces/${large.space}`;
    await call(s, large.token, 'GET', space);
    const m = await othersMeanwhile(
      () => call(s, large.token, 'GET', `${space}/change-requests/${large.crId}/pdf`),
      () => call(s, large.token, 'GET', space),
    );
    console.log(`     served: the ${LARGE}-page PDF in ${m.ms.toFixed(0)} ms; ${m.count} other requests (GET of the space) meanwhile`);
    checkRow(`slowest other request while serve makes a ${LARGE}-page PDF`, m.slowest, 200, ' ms');
  } finally {
    await s.stop();
  }
} finally {
  tmp.cleanup();
}
process.exit(failed() ? 1 : 0);
