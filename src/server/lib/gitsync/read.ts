import { posix } from 'node:path';
import { parseGitbookYaml, DEFAULT_CONFIG } from './config.js';
import { contentTypeOf, isMarkdownPath } from './content-types.js';
import { splitFrontMatter, type PageMeta } from './frontmatter.js';
import { fileSlug } from './layout.js';
import { parseSummary, type SummaryItem } from './summary.js';
import { isExternal, mapTargets, safeDecode, splitFragment } from './targets.js';

/** One file of the folder: its path from the folder's top, and its bytes. */
export interface SourceEntry {
  path: string;
  bytes: Uint8Array;
}

export interface SyncPage {
  kind: 'document' | 'group' | 'link';
  /** Target of a link page (a SUMMARY.md entry to a URL). */
  href?: string;
  title: string;
  /** The page's file, relative to the content root; for a group, `group:` and its folder. */
  path: string;
  meta: PageMeta;
  /** A page from no Git Sync file (an HTML import): matched and exported by its place and title. */
  sourceless?: boolean;
  /** Links to pages are `gitbook-page:PATH#fragment` until the pages have ids (apply.ts). */
  markdown: string;
  pages: SyncPage[];
}

export interface SyncFile {
  name: string;
  path: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface Skipped {
  path: string;
  reason: string;
}

export interface SyncRead {
  pages: SyncPage[];
  files: SyncFile[];
  skipped: Skipped[];
  /** Things that did not stop the import but were not as they should be. */
  warnings: string[];
  redirects: Record<string, string>;
  total: number;
}

/** Marks a link to a page of the import until it has an id. */
export const PAGE_MARK = 'gitbook-page:';
const ASSETS = '.gitbook/assets/';

function decodeText(e: SourceEntry): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(e.bytes).replace(/^\uFEFF/, '');
  } catch {
    return undefined;
  }
}

/** "02-getting_started.md" → "Getting started". */
export function titleFromName(name: string): string {
  const t = name.replace(/\.[a-z0-9]+$/i, '').replace(/^\d+[-_. ]+/, '').replace(/[-_]+/g, ' ').trim();
  return t ? t.charAt(0).toUpperCase() + t.slice(1) : 'Untitled';
}

/** Title from the first `# heading` (which leaves the body), else the fallback. */
function titleAndBody(text: string, fallback: string): { title: string; meta: PageMeta; body: string } {
  const { meta: { title: given, ...meta }, body } = splitFrontMatter(text.replace(/\r\n?/g, '\n'));
  const h1 = /^\s*#[ \t]+(.+?)[ \t]*#*[ \t]*(\n|$)/.exec(body);
  const title = (given ?? (h1 ? (h1[1] as string) : fallback)).slice(0, 100).trim() || 'Untitled';
  const keepsHeading = h1 && given !== undefined && given !== h1[1];
  return { title, meta, body: (h1 && !keepsHeading ? body.slice(h1[0].length) : body).trim() };
}

const isReadme = (p: string) => /^readme\.(md|markdown|mdx)$/i.test(posix.basename(p));
const byName = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true });

/**
 * Reads a Git Sync folder (or any folder of markdown): `.gitbook.yaml`, then SUMMARY.md for the
 * page tree, or the folder tree without it. Relative links to pages become page marks, relative
 * links to other files bring those files in; what is left out is listed with the reason.
 */
export function readGitSync(all: SourceEntry[]): SyncRead {
  const skipped: Skipped[] = [];
  const warnings: string[] = [];
  let config = DEFAULT_CONFIG;
  const yamlEntry = all.find((e) => e.path === '.gitbook.yaml' || e.path === '.gitbook.yml');
  if (yamlEntry) {
    const parsed = parseGitbookYaml(decodeText(yamlEntry) ?? '');
    config = parsed.config;
    if (parsed.problem) warnings.push(parsed.problem);
  }
  const root = config.root && config.root !== '.' ? `${config.root}/` : '';
  const entries: SourceEntry[] = [];
  for (const e of all) {
    if (e === yamlEntry) continue;
    if (root && !e.path.startsWith(root)) skipped.push({ path: e.path, reason: `outside the root "${config.root}" set in .gitbook.yaml` });
    else entries.push({ path: e.path.slice(root.length), bytes: e.bytes });
  }
  const byPath = new Map(entries.map((e) => [e.path, e]));
  const lower = new Map(entries.map((e) => [e.path.toLowerCase(), e.path]));
  const find = (p: string) => (byPath.has(p) ? p : lower.get(p.toLowerCase()));

  const summaryPath = find(config.summary);
  const readmePath = find(config.readme);
  const texts = new Map<string, string>();
  for (const e of entries) {
    if (!isMarkdownPath(e.path)) continue;
    const t = decodeText(e);
    if (t === undefined) skipped.push({ path: e.path, reason: 'not readable UTF-8 text' });
    else texts.set(e.path, t);
  }

  const pages: SyncPage[] = [];
  const used = new Set<string>();
  const docPage = (path: string, fallback: string): SyncPage => {
    used.add(path);
    const { title, meta, body } = titleAndBody(texts.get(path) as string, fallback);
    return { kind: 'document', title, path, meta, markdown: body, pages: [] };
  };

  if (summaryPath && texts.has(summaryPath)) {
    used.add(summaryPath);
    const base = posix.dirname(summaryPath) === '.' ? '' : posix.dirname(summaryPath);
    const fromItem = (it: SummaryItem): SyncPage | undefined => {
      if (isExternal(it.path) && it.path) return { kind: 'link', title: it.title.slice(0, 100) || it.path, href: it.path, path: `link:${it.path}`, meta: {}, markdown: '', pages: [] };
      const p = find(posix.normalize(posix.join(base, it.path)));
      if (!p || !texts.has(p)) {
        warnings.push(`${config.summary} lists "${it.path}", which is not a markdown file of the folder`);
        return undefined;
      }
      if (used.has(p)) {
        warnings.push(`${config.summary} lists "${it.path}" more than once; only the first is a page`);
        return undefined;
      }
      const page = docPage(p, it.title);
      page.pages = it.children.map(fromItem).filter((x): x is SyncPage => !!x);
      return page;
    };
    for (const g of parseSummary(texts.get(summaryPath) as string)) {
      const items = g.items.map(fromItem).filter((x): x is SyncPage => !!x);
      if (g.title === undefined) pages.push(...items);
      else pages.push({ kind: 'group', title: g.title.slice(0, 100), path: `group:${fileSlug(g.title)}`, meta: {}, markdown: '', pages: items });
    }
    if (readmePath && texts.has(readmePath) && !used.has(readmePath)) pages.unshift(docPage(readmePath, 'Introduction'));
    for (const p of texts.keys()) if (!used.has(p)) skipped.push({ path: p, reason: `not listed in ${config.summary}` });
  } else {
    if (readmePath && texts.has(readmePath)) pages.push(docPage(readmePath, 'Introduction'));
    pages.push(...folderPages([...texts.keys()].filter((p) => !used.has(p) && !p.startsWith('.gitbook/')), '', docPage));
  }

  // Links: to pages become marks; to other files of the folder bring the file in.
  const pagePaths = new Set<string>();
  const collect = (list: SyncPage[]) => list.forEach((p) => (p.kind === 'document' && pagePaths.add(p.path), collect(p.pages)));
  collect(pages);
  const files = new Map<string, SyncFile>();
  const names = new Set<string>();
  const addFile = (path: string): SyncFile => {
    const had = files.get(path);
    if (had) return had;
    let name = posix.basename(path);
    for (let n = 2; names.has(name.toLowerCase()); n++) name = posix.basename(path).replace(/(\.[a-z0-9]+)?$/i, `-${n}$1`);
    names.add(name.toLowerCase());
    const f = { name, path, contentType: contentTypeOf(path), bytes: (byPath.get(path) as SourceEntry).bytes };
    files.set(path, f);
    return f;
  };
  // Files of .gitbook/assets keep their names first.
  for (const e of entries) if (e.path.startsWith(ASSETS) && !isMarkdownPath(e.path)) addFile(e.path);
  const relink = (p: SyncPage) => {
    if (p.kind === 'document') {
      const dir = posix.dirname(p.path) === '.' ? '' : posix.dirname(p.path);
      p.markdown = mapTargets(p.markdown, (target) => {
        if (isExternal(target)) return undefined;
        const { path, fragment } = splitFragment(target);
        const rel = safeDecode(path);
        const joined = posix.normalize(rel.startsWith('/') ? rel.slice(1) : posix.join(dir, rel));
        if (joined.startsWith('..')) return undefined;
        const hit = find(joined) ?? find(posix.join(joined, 'README.md'));
        if (!hit) return undefined;
        if (pagePaths.has(hit)) return `${PAGE_MARK}${hit}${fragment}`;
        if (isMarkdownPath(hit)) return undefined;
        return `${ASSETS}${encodeURI(addFile(hit).name)}${fragment}`;
      });
    }
    p.pages.forEach(relink);
  };
  pages.forEach(relink);
  for (const e of entries) {
    if (isMarkdownPath(e.path) || files.has(e.path)) continue;
    skipped.push({ path: e.path, reason: 'not a page, and no page links to it' });
  }
  return { pages, files: [...files.values()], skipped, warnings, redirects: config.redirects, total: all.length };
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
        const children = folderPages(inDir.filter((p) => p !== readme), sub, docPage);
        if (own) return { ...own, pages: children };
        if (!children.length) return undefined;
        // A folder without README.md: a page group at the top, an empty page below it.
        return dir === ''
          ? { kind: 'group' as const, title: titleFromName(f), path: `group:${fileSlug(titleFromName(f))}`, meta: {}, markdown: '', pages: children }
          : { kind: 'document' as const, title: titleFromName(f), path: `${sub}/README.md`, meta: {}, markdown: '', pages: children };
      },
    });
  }
  items.sort((a, b) => byName(a.key, b.key));
  return items.map((i) => i.page()).filter((p): p is SyncPage => !!p);
}
