// The writer's loop: `gbctl preview DIR --watch` on a 200-page Git Sync folder, the edited page
// open in Debian's chromium. Each edit writes one page's file with a new sentence; the time is
// from the write until the open page shows the sentence (the folder read again, a revision
// stored, the event sent, the page reloaded and drawn), with no reload by hand. Target: the
// median under a second. For scale, the same page reloaded by hand is timed beside it.
// Run by `npm run bench` (after a build); about 30 seconds.
//   BENCH_PREVIEW_EDITS=15  BENCH_PREVIEW_PAGES=200
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import { BIN, ROOT, failed, stats, tempDir, timeRow } from './lib.mjs';

/* global document -- read in the browser's page, by waitForFunction */

const EDITS = Number(process.env.BENCH_PREVIEW_EDITS ?? 15);
const PAGES = Number(process.env.BENCH_PREVIEW_PAGES ?? 200);
const TARGET_MS = 1000;
const CHROMIUM = '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  console.log(`FAIL preview: ${CHROMIUM} is not installed (apt-get install chromium)`);
  process.exit(1);
}

const tmp = tempDir('gbctl-bench-preview-');
const root = join(tmp.dir, 'docs');
const file = (i) => `chapter-${Math.floor(i / 20)}/page-${i}.md`;
const body = (i, extra = '') => `# Page ${i}

${extra}

Some text with **bold**, *italic*, \`code\` and a [link to the next page](../chapter-${Math.floor((i + 1) / 20)}/page-${i + 1}.md). ${'Documentation words flow across the line. '.repeat(10)}

## Steps

1. Install the tool
2. Configure it
3. Run it

{% hint style="info" %}
A hint on page ${i}.
{% endhint %}

| Name | Value |
| ---- | ----- |
| alpha | ${i} |

\`\`\`js
const result = await client.call('an endpoint', { page: ${i} });
\`\`\`
`;
const write = (path, text) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};
const summary = ['# Table of contents', '', '* [Welcome](README.md)'];
write('README.md', '# Welcome\n\nThe handbook.\n');
for (let i = 0; i < PAGES - 1; i++) {
  if (i % 20 === 0) summary.push('', `## Chapter ${i / 20}`, '');
  summary.push(`* [Page ${i}](${file(i)})`);
  write(file(i), body(i));
}
write('SUMMARY.md', `${summary.join('\n')}\n`);

const child = spawn(process.execPath, [BIN, 'preview', root, '--watch', '--port', '0', '--no-browser'], {
  cwd: ROOT,
  env: {
    ...process.env,
    GITBOOK_ENDPOINT: '',
    GITBOOK_TOKEN: '',
    GBCTL_CONFIG_DIR: join(tmp.dir, 'config'),
    GBCTL_DATA: join(tmp.dir, 'unused.json'),
    NO_COLOR: '1',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
const updates = [];
createInterface({ input: child.stderr }).on('line', (l) => {
  const m = /: updated in (\d+) ms/.exec(l);
  if (m) updates.push(Number(m[1]));
});
const url = await new Promise((resolve, reject) => {
  child.on('exit', (code) => reject(new Error(`gbctl preview exited ${code}`)));
  createInterface({ input: child.stdout }).once('line', (l) => resolve(l.trim()));
});

const { launch } = await import('puppeteer-core');
const browser = await launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
const page = await browser.newPage();
const edited = 137 % (PAGES - 1);
const at = `${url}/chapter-${Math.floor(edited / 20)}/page-${edited}`;
try {
  await page.goto(at, { waitUntil: 'load' });
  const byHand = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    await page.reload({ waitUntil: 'load' });
    byHand.push(performance.now() - t0);
  }
  const loop = [];
  for (let n = 0; n < EDITS; n++) {
    await page.waitForSelector('html[data-gbctl-live="open"]', { timeout: 10_000 });
    const mark = `Edit number ${n} of the bench.`;
    const t0 = performance.now();
    write(file(edited), body(edited, mark));
    await page.waitForFunction((m) => document.querySelector('article')?.textContent?.includes(m), { polling: 5, timeout: 10_000 }, mark);
    loop.push(performance.now() - t0);
  }
  timeRow(`edit → shown in the open page, ${PAGES}-page folder (chromium)`, loop, TARGET_MS);
  const h = stats(byHand);
  const u = stats(updates.slice(-EDITS));
  console.log(
    `     of which: folder read and revision stored ${u.min}/${u.median}/${u.max} ms; for scale, the page reloaded by hand ${h.min.toFixed(0)}/${h.median.toFixed(0)}/${h.max.toFixed(0)} ms`,
  );
} finally {
  await browser.close();
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  tmp.cleanup();
}
process.exit(failed() ? 1 : 0);
