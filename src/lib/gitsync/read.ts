import { posix } from 'node:path';
import type { RevisionGitSync } from '../page-record.js';
import { parseGitbookYaml, DEFAULT_CONFIG } from './config.js';
import { contentTypeOf, isMarkdownPath } from './content-types.js';
import { slugify } from '../slug.js';
import { fileHints, readPageFile } from './page-file.js';
import { defaultLink, resolveLink, rootAsset } from './spelling.js';
import { DEFAULT_HEADER, parseSummary } from './summary.js';
import { pagesFromSummary } from './summary-pages.js';
import { ASSETS, fileRef, MAX_FILE_BYTES, PAGE_MARK, type Skipped, type SourceEntry, type SyncFile, type SyncPage, type SyncRead } from './sync-types.js';
import { mapTargets, type TargetMemo } from './targets.js';

export * from './sync-types.js';

/** Texts by the bytes they were decoded from (never changed once read): a folder read again decodes only the files that changed. */
const decoded = new WeakMap<Uint8Array, string | null>();

function decodeText(e: SourceEntry): string | undefined {
  if (!e.bytes) return undefined;
  let text = decoded.get(e.bytes);
  if (text === undefined) {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(e.bytes).replace(/^\uFEFF/, '');
    } catch {
      text = null;
    }
    decoded.set(e.bytes, text);
  }
  return text ?? undefined;
}

/** "02-getting_started.md" → "Getting started". */
export function titleFromName(name: string): string {
  const t = name
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/^\d+[-_. ]+/, '')
    .replace(/[-_]+/g, ' ')
    .trim();
  return t ? t.charAt(0).toUpperCase() + t.slice(1) : 'Untitled';
}

/** A heading's text as a title: HTML tags and markdown escapes removed. */
export const plainTitle = (s: string) =>
  s
    .replace(/<[^>]*>/g, '')
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();

const isReadme = (p: string) => /^readme\.(md|markdown|mdx)$/i.test(posix.basename(p));
const byName = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true });
const tooLarge = (e: SourceEntry) => (e.size ?? e.bytes?.length ?? 0) > MAX_FILE_BYTES;
const TOO_LARGE = `larger than ${MAX_FILE_BYTES / 1024 / 1024} MB, the limit for one file`;
/** Settings files under `.gitbook/` (other than assets) are kept as text up to this size. */
const MAX_SETTINGS_BYTES = 1024 * 1024;

/**
 * Reads a Git Sync folder (or any folder of markdown): `.gitbook.yaml`, then SUMMARY.md for the
 * page tree, or the folder tree without it. Relative links to pages become page marks, relative
 * links to other files (and covers) bring those files in; what is left out is listed with the
 * reason. Only markdown and settings files need their bytes; other entries are read by the
 * caller for the files this returns. A caller that reads the same folder again after some of its
 * files changed passes the same memo each time: pages whose text did not change are not scanned
 * for links again.
 */
export function readGitSync(all: SourceEntry[], memo?: TargetMemo): SyncRead {
  const skipped: Skipped[] = [];
  const warnings: string[] = [];
  let config = DEFAULT_CONFIG;
  const yamlEntry = all.find((e) => e.path === '.gitbook.yaml' || e.path === '.gitbook.yml');
  const yamlText = yamlEntry ? decodeText(yamlEntry) : undefined;
  if (yamlEntry) {
    const parsed = parseGitbookYaml(yamlText ?? '');
    config = parsed.config;
    if (parsed.problem) warnings.push(parsed.problem);
  }
  const root = config.root && config.root !== '.' ? `${config.root}/` : '';
  // Entries by their path from the root; the source's own entry objects, whose bytes the caller reads.
  const entries: { path: string; size?: number | undefined; bytes?: Uint8Array | undefined }[] = [];
  const origin = new Map<string, SourceEntry>();
  for (const e of all) {
    if (e === yamlEntry) continue;
    if (root && !e.path.startsWith(root)) skipped.push({ path: e.path, reason: `outside the root "${config.root}" set in .gitbook.yaml` });
    else {
      const path = e.path.slice(root.length);
      entries.push({ path, size: e.size, bytes: e.bytes });
      origin.set(path, e);
    }
  }
  const byPath = new Map(entries.map((e) => [e.path, origin.get(e.path) as SourceEntry]));
  const lower = new Map(entries.map((e) => [e.path.toLowerCase(), e.path]));
  const find = (p: string) => (byPath.has(p) ? p : lower.get(p.toLowerCase()));
  const out = (path: string) => `${root}${path}`;

  const summaryPath = find(config.summary);
  const readmePath = find(config.readme);
  const texts = new Map<string, string>();
  const settings: Record<string, string> = {};
  for (const e of entries) {
    const inGitbook = e.path.startsWith('.gitbook/');
    if (inGitbook && !e.path.startsWith(ASSETS)) {
      const t = (e.size ?? e.bytes?.length ?? 0) <= MAX_SETTINGS_BYTES ? decodeText(e) : undefined;
      if (t === undefined) skipped.push({ path: out(e.path), reason: 'a settings file under .gitbook/ that is not UTF-8 text of at most 1 MB' });
      else settings[e.path] = t;
      continue;
    }
    if (inGitbook || !isMarkdownPath(e.path)) continue;
    if (tooLarge(e)) {
      skipped.push({ path: out(e.path), reason: TOO_LARGE });
      continue;
    }
    const t = decodeText(e);
    if (t === undefined) skipped.push({ path: out(e.path), reason: 'not readable UTF-8 text' });
    else texts.set(e.path, t.includes('\r') ? t.replace(/\r\n?/g, '\n') : t);
  }

  const used = new Set<string>();
  const docPage = (path: string, title: string | undefined, fallback = 'Untitled'): SyncPage => {
    used.add(path);
    const parts = readPageFile(texts.get(path) as string);
    const { title: given, ...meta } = parts.meta;
    const t = (title ?? given ?? (parts.heading !== undefined ? plainTitle(parts.heading) : undefined) ?? fallback).slice(0, 100).trim() || 'Untitled';
    const git = fileHints(parts, t);
    return { kind: 'document', title: t, path, meta, ...(Object.keys(git).length ? { git } : {}), markdown: parts.body, pages: [] };
  };

  const gitSync: RevisionGitSync = {
    root: config.root === '.' ? '' : config.root,
    readme: config.readme,
    summary: config.summary,
    ...(yamlText !== undefined ? { config: yamlText } : {}),
  };
  if (Object.keys(settings).length) gitSync.files = settings;
  const pages: SyncPage[] = [];
  if (summaryPath && texts.has(summaryPath)) {
    used.add(summaryPath);
    const file = parseSummary(texts.get(summaryPath) as string);
    if (file.header !== DEFAULT_HEADER) gitSync.summaryHeader = file.header ?? '';
    if (file.indent !== undefined && file.indent !== '  ') gitSync.summaryIndent = file.indent;
    if (file.bullet !== undefined && file.bullet !== '*') gitSync.summaryBullet = file.bullet;
    if (file.end !== '\n') gitSync.summaryEnd = file.end;
    const pageFile = (p: string) => {
      for (const c of [p, p ? `${p}/README.md` : 'README.md']) {
        const hit = find(c);
        if (hit && texts.has(hit) && hit !== summaryPath) return hit;
      }
      return undefined;
    };
    pages.push(...pagesFromSummary(file, { summaryPath, pageFile, docPage: (p, t) => docPage(p, t), warn: (w) => warnings.push(w) }));
    if (readmePath && texts.has(readmePath) && !used.has(readmePath)) pages.unshift(docPage(readmePath, undefined, 'Introduction'));
    for (const p of texts.keys()) if (!used.has(p)) skipped.push({ path: out(p), reason: `not listed in ${config.summary}` });
  } else {
    if (readmePath && texts.has(readmePath)) pages.push(docPage(readmePath, undefined, 'Introduction'));
    pages.push(
      ...folderPages(
        [...texts.keys()].filter((p) => !used.has(p)),
        '',
        (p, fallback) => docPage(p, undefined, fallback),
      ),
    );
  }

  const files = linkPages(pages, { find, byPath, skipped, out, memo });
  const taken = new Set(files.map((f) => f.path));
  const left = new Set(skipped.map((s) => s.path));
  for (const e of entries) {
    if (taken.has(e.path) || texts.has(e.path) || settings[e.path] !== undefined || left.has(out(e.path))) continue;
    const reason = e.path.startsWith(ASSETS) ? 'an upload no page uses' : isMarkdownPath(e.path) ? 'not a page' : 'not a page, and no page links to it';
    skipped.push({ path: out(e.path), reason });
  }
  return { pages, files, skipped, warnings, redirects: config.redirects, gitSync, total: all.length };
}

/**
 * Links between pages become page marks, links to other files of the folder (and covers) bring
 * those files in under a name unique in the revision; a link spelled otherwise than export
 * would write it is kept beside the page (`git.links`), so that export writes it as it was.
 */
function linkPages(
  pages: SyncPage[],
  at: { find(p: string): string | undefined; byPath: Map<string, SourceEntry>; skipped: Skipped[]; out(p: string): string; memo: TargetMemo | undefined },
): SyncFile[] {
  const pagePaths = new Set<string>();
  const collect = (list: SyncPage[]) => list.forEach((p) => (p.kind === 'document' && pagePaths.add(p.path), collect(p.pages)));
  collect(pages);
  const files = new Map<string, SyncFile>();
  const names = new Set<string>();
  const refused = new Set<string>();
  const addFile = (path: string): SyncFile | undefined => {
    const had = files.get(path);
    if (had) return had;
    const entry = at.byPath.get(path) as SourceEntry;
    if (tooLarge(entry)) {
      if (!refused.has(path)) at.skipped.push({ path: at.out(path), reason: TOO_LARGE });
      refused.add(path);
      return undefined;
    }
    let name = posix.basename(path);
    for (let n = 2; names.has(name.toLowerCase()); n++) name = posix.basename(path).replace(/(\.[a-z0-9]+)?$/i, `-${n}$1`);
    names.add(name.toLowerCase());
    const f = { name, path, contentType: contentTypeOf(path), entry };
    files.set(path, f);
    return f;
  };
  const targetOf = (from: string, written: string): { file: string; fragment: string } | undefined => {
    const r = resolveLink(from, written);
    if (!r) return undefined;
    const asset = rootAsset(r.path);
    for (const c of [r.path, r.path ? `${r.path}/README.md` : 'README.md', ...(asset ? [asset] : [])]) {
      const hit = at.find(c);
      if (hit && (pagePaths.has(hit) || !isMarkdownPath(hit) || hit.startsWith(ASSETS))) return { file: hit, fragment: r.fragment };
    }
    return undefined;
  };
  const relink = (p: SyncPage) => {
    if (p.kind === 'document') {
      const spelled = new Map<string, string[]>();
      const odd = new Set<string>();
      p.markdown = mapTargets(
        p.markdown,
        (target, _kind, written) => {
          const t = targetOf(p.path, target);
          if (!t) return undefined;
          let ref: string;
          if (pagePaths.has(t.file)) ref = `${PAGE_MARK}${t.file}${t.fragment}`;
          else {
            const f = addFile(t.file);
            if (!f) return undefined;
            ref = `${fileRef(f.name)}${t.fragment}`;
          }
          // Appended in place: a page may hold tens of thousands of links to one target.
          const ways = spelled.get(ref);
          if (ways) ways.push(written);
          else spelled.set(ref, [written]);
          if (written !== defaultLink(p.path, t.file, t.fragment)) odd.add(ref);
          return ref;
        },
        at.memo,
      );
      if (odd.size) p.git = { ...p.git, links: Object.fromEntries([...odd].map((r) => [r, spelled.get(r) as string[]])) };
      if (p.meta.cover) {
        const t = targetOf(p.path, p.meta.cover.path) ?? targetOf('', p.meta.cover.path);
        const f = t && !pagePaths.has(t.file) ? addFile(t.file) : undefined;
        if (f) p.coverFile = f.path;
      }
    }
    p.pages.forEach(relink);
  };
  pages.forEach(relink);
  return [...files.values()];
}

/** Without SUMMARY.md: files and folders by name, a folder's README.md as its page. */
function folderPages(paths: string[], dir: string, docPage: (path: string, fallback: string) => SyncPage): SyncPage[] {
  const inDir = paths.filter((p) => (dir ? p.startsWith(`${dir}/`) : true));
  const rest = (p: string) => (dir ? p.slice(dir.length + 1) : p);
  const items: { key: string; page: () => SyncPage | undefined }[] = [];
  const folders = new Set<string>();
  for (const p of inDir) {
    const r = rest(p);
    if (r.includes('/')) folders.add(r.split('/')[0] as string);
    else if (!isReadme(r) || dir === '') {
      if (dir === '' && isReadme(r)) continue;
      items.push({ key: r, page: () => docPage(p, titleFromName(r)) });
    }
  }
  for (const f of folders) {
    const sub = dir ? `${dir}/${f}` : f;
    items.push({
      key: f,
      page: () => {
        const readme = inDir.find((p) => posix.dirname(p) === sub && isReadme(p));
        const own = readme ? docPage(readme, titleFromName(f)) : undefined;
        const children = folderPages(
          inDir.filter((p) => p !== readme),
          sub,
          docPage,
        );
        if (own) return { ...own, pages: children };
        if (!children.length) return undefined;
        // A folder without README.md: a page group at the top, an empty page below it.
        return dir === ''
          ? { kind: 'group' as const, title: titleFromName(f), path: `group:${slugify(titleFromName(f))}`, meta: {}, markdown: '', pages: children }
          : { kind: 'document' as const, title: titleFromName(f), path: `${sub}/README.md`, meta: {}, markdown: '', pages: children };
      },
    });
  }
  items.sort((a, b) => byName(a.key, b.key));
  return items.map((i) => i.page()).filter((p): p is SyncPage => !!p);
}
