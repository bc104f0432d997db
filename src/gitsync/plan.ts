import { PAGE_MARK, readGitSync, type SyncPage } from '../server/lib/gitsync/read.js';
import { mapTargets } from '../server/lib/gitsync/targets.js';
import { buildFolder, type ApiPage, type ExportInput } from './write.js';

/** The folder as export would write it after importing it, so both sides compare alike. */
export function normalizeLocal(entries: Map<string, Uint8Array>): { folder: Map<string, string | Uint8Array>; skipped: { path: string; reason: string }[]; warnings: string[] } {
  const read = readGitSync([...entries].map(([path, bytes]) => ({ path, bytes })));
  const toApi = (p: SyncPage): ApiPage => ({
    id: p.path,
    title: p.title,
    type: p.kind,
    ...(p.href ? { href: p.href } : {}),
    ...(p.meta.description ? { description: p.meta.description } : {}),
    ...(p.meta.icon ? { icon: p.meta.icon } : {}),
    ...(p.meta.hidden ? { hidden: true } : {}),
    ...(p.meta.layout ? { layout: p.meta.layout } : {}),
    git: { path: p.path },
    markdown: mapTargets(p.markdown, (t) => (t.startsWith(PAGE_MARK) ? `page:${t.slice(PAGE_MARK.length)}` : undefined)),
    pages: p.pages.map(toApi),
  });
  const input: ExportInput = { pages: read.pages.map(toApi), files: read.files.map((f) => ({ name: f.name, bytes: f.bytes })), redirects: read.redirects };
  return { folder: buildFolder(input), skipped: read.skipped, warnings: read.warnings };
}

export interface PushPlan {
  added: string[];
  changed: string[];
  removed: string[];
  /** Files other than pages (SUMMARY.md, .gitbook.yaml, assets) that differ. */
  other: string[];
  before: Map<string, string | Uint8Array>;
  after: Map<string, string | Uint8Array>;
}

const same = (a: string | Uint8Array | undefined, b: string | Uint8Array | undefined) =>
  a !== undefined && b !== undefined && Buffer.from(a).equals(Buffer.from(b));
const isPage = (p: string) => /\.md$/i.test(p) && p !== 'SUMMARY.md';

/** What pushing the folder would change: pages added, changed and removed, and other files. */
export function planPush(before: Map<string, string | Uint8Array>, after: Map<string, string | Uint8Array>): PushPlan {
  const plan: PushPlan = { added: [], changed: [], removed: [], other: [], before, after };
  for (const [path, data] of after) {
    if (same(before.get(path), data)) continue;
    if (!isPage(path)) plan.other.push(path);
    else if (before.has(path)) plan.changed.push(path);
    else plan.added.push(path);
  }
  for (const path of before.keys()) {
    if (after.has(path)) continue;
    if (isPage(path)) plan.removed.push(path);
    else plan.other.push(path);
  }
  for (const list of [plan.added, plan.changed, plan.removed, plan.other]) list.sort();
  return plan;
}

export const planIsEmpty = (p: PushPlan) => !p.added.length && !p.changed.length && !p.removed.length && !p.other.length;
