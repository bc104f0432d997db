#!/usr/bin/env node
// Imports a Git Sync folder into a space of a temporary store with the built CLI, exports it
// again, and compares the two folders byte for byte. Prints, for the folder:
//   - text files: how many the import kept, how many came back the same, which differ;
//   - other files (images…): how many came back the same;
//   - files the import left out (with its reasons, counted by reason);
//   - page URLs: how many pages' paths equal the path their file gives them.
// Usage: npm run build && node scripts/roundtrip-check.mjs DIR [--diff] [--json]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const dir = args.find((a) => !a.startsWith('--'));
if (!dir) {
  console.error('usage: node scripts/roundtrip-check.mjs DIR [--diff] [--json]');
  process.exit(2);
}
const showDiff = args.includes('--diff');
const asJson = args.includes('--json');
const bin = fileURLToPath(new URL('../bin/gbctl.js', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'gbctl-roundtrip-'));
const env = { ...process.env, GBCTL_DATA: join(tmp, 'store.json'), GBCTL_CONFIG_DIR: join(tmp, 'config'), GBCTL_NO_INPUT: '1' };
for (const k of ['GITBOOK_ENDPOINT', 'GITBOOK_TOKEN', 'GBCTL_PROFILE']) delete env[k];
const gb = (...a) => execFileSync(process.execPath, [bin, ...a], { env, encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'] });

/** Every file of a folder as the import reads one: dot-files and folders aside, `.gitbook*` kept. */
function walk(root) {
  const out = new Map();
  const go = (at) => {
    for (const d of readdirSync(at, { withFileTypes: true })) {
      if (d.name.startsWith('.') && d.name !== '.gitbook' && d.name !== '.gitbook.yaml' && d.name !== '.gitbook.yml') continue;
      const full = join(at, d.name);
      if (d.isDirectory()) go(full);
      else if (d.isFile()) out.set(relative(root, full).split(sep).join('/'), full);
    }
  };
  go(root);
  return out;
}

const TEXT = /\.(md|markdown|mdx|ya?ml|json|txt|svg|html?|csv|xml)$/i;
const pathOfFile = (p) => {
  const bare = p.replace(/\.(md|markdown|mdx)$/i, '');
  const i = bare.lastIndexOf('/');
  if (!/^readme$/i.test(bare.slice(i + 1))) return bare;
  return i < 0 ? '' : bare.slice(0, i);
};

try {
  const space = JSON.parse(gb('spaces', 'create', '--title', 'Round trip', '--json')).id;
  const started = Date.now();
  const imported = JSON.parse(gb('content', 'import', space, '--path', dir, '--json', '--yes'));
  const importMs = Date.now() - started;
  const out = join(tmp, 'out');
  gb('content', 'export', space, out);
  const before = walk(dir);
  const after = walk(out);
  const left = new Map((imported.skipped ?? []).map((s) => [s.path, s.reason]));
  const reasons = {};
  for (const r of left.values()) reasons[r] = (reasons[r] ?? 0) + 1;
  const text = { all: 0, kept: 0, same: 0, differ: [], missing: [] };
  const other = { all: 0, kept: 0, same: 0 };
  for (const [path, full] of before) {
    const isText = TEXT.test(path);
    const tally = isText ? text : other;
    tally.all++;
    if (left.has(path)) continue;
    tally.kept++;
    const back = after.get(path);
    if (!back) {
      if (isText) text.missing.push(path);
      continue;
    }
    if (readFileSync(full).equals(readFileSync(back))) tally.same++;
    else if (isText) text.differ.push(path);
  }
  const extra = [...after.keys()].filter((p) => !before.has(p));
  const flat = (ps) => ps.flatMap((p) => [p, ...flat(p.pages ?? [])]);
  const pages = flat(JSON.parse(gb('pages', 'list', space, '--json')).pages).filter((p) => p.type === 'document');
  const fromFile = pages.filter((p) => p.path === pathOfFile(p.git?.path ?? ''));
  const report = {
    dir,
    importedResources: imported.importedResources,
    totalResources: imported.totalResources,
    importMs,
    textFiles: {
      inFolder: text.all,
      keptByImport: text.kept,
      sameBytes: text.same,
      differ: text.differ,
      missing: text.missing,
      percentSameOfKept: +((100 * text.same) / Math.max(1, text.kept)).toFixed(1),
      percentSameOfAll: +((100 * text.same) / Math.max(1, text.all)).toFixed(1),
    },
    otherFiles: { inFolder: other.all, keptByImport: other.kept, sameBytes: other.same },
    leftOut: reasons,
    extraInExport: extra,
    pageUrls: { pages: pages.length, pathFromFile: fromFile.length },
  };
  if (asJson) console.log(JSON.stringify(report, null, 2));
  else {
    console.log(`${dir}: imported ${report.importedResources} of ${report.totalResources} resources in ${importMs} ms`);
    console.log(
      `  text files: ${text.same} of ${text.kept} kept by the import come back byte for byte (${report.textFiles.percentSameOfKept}%); ${text.all} in the folder (${report.textFiles.percentSameOfAll}%)`,
    );
    console.log(`  other files: ${other.same} of ${other.kept} kept come back byte for byte; ${other.all} in the folder`);
    for (const [r, n] of Object.entries(reasons)) console.log(`  left out: ${n} × ${r}`);
    for (const p of text.differ) console.log(`  differs: ${p}`);
    for (const p of text.missing) console.log(`  missing: ${p}`);
    for (const p of extra) console.log(`  added by export: ${p}`);
    console.log(`  page URLs: ${fromFile.length} of ${pages.length} pages have the path their file gives them`);
  }
  if (showDiff) {
    for (const p of text.differ) {
      try {
        execFileSync('diff', ['-u', before.get(p), after.get(p)], { stdio: 'inherit' });
      } catch {
        // diff exits 1 when the files differ
      }
    }
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
