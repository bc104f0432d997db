import { stringify } from 'yaml';
import type { PageGitSync, RevisionGitSync } from '../page-record.js';
import { configFor } from './config.js';
import { frontMatterFor, LAYOUT_SWITCHES, type PageMeta } from './frontmatter.js';
import { assignPaths, type LayoutPage } from './layout.js';
import { writePageFile } from './page-file.js';
import { defaultLink, linkFits, resolveLink, Spellings } from './spelling.js';
import { writeSummary, type SummaryEntry, type SummaryGroup } from './summary.js';
import { mapTargets, safeDecode, splitFragment } from './targets.js';

/** A page as the API answers it, with its markdown: what export reads of it. */
export interface ApiPage {
  id: string;
  title: string;
  type: string;
  description?: string;
  icon?: string;
  hidden?: boolean;
  noIndex?: boolean;
  /** Navigation label. */
  linkTitle?: string;
  layout?: Record<string, unknown>;
  cover?: { ref?: { kind?: string; file?: string; url?: string }; yPos?: number };
  slug?: string;
  href?: string;
  target?: { kind?: string; url?: string; page?: string; anchor?: string };
  git?: { path?: string };
  computed?: Record<string, unknown>;
  /** gbctl's own: how the page's file was written. */
  gitSync?: PageGitSync;
  markdown?: string;
  pages?: ApiPage[];
}

/** A file of the revision, with its bytes (absent when the server has none). */
export interface ApiFile {
  id?: string;
  name: string;
  git?: { path?: string };
  bytes?: Uint8Array;
  /** Why there are no bytes (a download refused or failed). */
  missing?: string;
}

export interface ExportInput {
  pages: ApiPage[];
  files: ApiFile[];
  redirects?: Record<string, string>;
  /** gbctl's own: the folder's layout and own files, for content that came from one. */
  gitSync?: RevisionGitSync;
}

const ASSETS = '.gitbook/assets/';

const hrefOf = (p: ApiPage) => p.href ?? (p.target?.kind === 'url' ? p.target.url : undefined);
const fileOf = (f: Pick<ApiFile, 'name' | 'git'>) => f.git?.path ?? `${ASSETS}${f.name}`;
/** Where export writes a file of the revision, from the folder's top. */
export const exportPathOf = (f: Pick<ApiFile, 'name' | 'git'>, gs: RevisionGitSync | undefined) => `${gs?.root ? `${gs.root}/` : ''}${fileOf(f)}`;

function layoutOf(pages: readonly ApiPage[]): LayoutPage[] {
  return pages.map((p) => ({ id: p.id, title: p.title, type: p.type, path: p.type === 'link' ? hrefOf(p) : p.git?.path, pages: layoutOf(p.pages ?? []) }));
}

/** The API's layout as front matter settings: the switches turned off, a wide page, a full cover. */
function layoutMeta(l: Record<string, unknown> | undefined): PageMeta['layout'] {
  if (!l) return undefined;
  const out: Record<string, boolean | string> = {};
  if (l.width === 'wide') out.width = 'wide';
  if (l.coverSize === 'full') out.coverSize = 'full';
  for (const k of LAYOUT_SWITCHES) if (l[k] === false) out[k] = false;
  return Object.keys(out).length ? out : undefined;
}

interface Folder {
  /** Files of pages by page id, from the content root. */
  pathOf: Map<string, string>;
  fileById: Map<string, ApiFile>;
  fileByName: Map<string, ApiFile>;
  /** Paths of the folder's files, lower case. */
  filePaths: Set<string>;
}

/** Where a page's link or image now points: a page's file or a file of the folder, from the root. */
function pointsAt(target: string, f: Folder): string | undefined {
  if (target.startsWith('page:')) {
    const to = f.pathOf.get(target.slice(5));
    return to && !to.includes(':') ? to : undefined;
  }
  const clean = target.replace(/^\.?\//, '');
  if (!clean.startsWith(ASSETS)) return undefined;
  const file = f.fileByName.get(safeDecode(clean.slice(ASSETS.length)));
  return file ? fileOf(file) : undefined;
}

/** A page's file: front matter, the `# heading`, its markdown with links made relative, as it was written where it still fits. */
export function pageFile(p: ApiPage, path: string, f: Folder): string {
  const spellings = new Spellings(p.gitSync?.links);
  const markdown = (p.markdown ?? '').replace(/^(?:[ \t]*\n)+/, '').trimEnd();
  const body = mapTargets(markdown, (t) => {
    const { path: target, fragment } = splitFragment(t);
    const to = pointsAt(target, f);
    if (!to) return undefined;
    return spellings.take(t, (s) => linkFits(path, s, to, fragment)) ?? defaultLink(path, to, fragment);
  });
  const coverFile = p.cover?.ref?.kind === 'file' && p.cover.ref.file ? f.fileById.get(p.cover.ref.file) : undefined;
  const want: PageMeta = {
    ...(p.description ? { description: p.description } : {}),
    ...(p.icon ? { icon: p.icon } : {}),
    ...(p.hidden ? { hidden: true } : {}),
    ...(p.noIndex ? { noIndex: true } : {}),
    ...(layoutMeta(p.layout) ? { layout: layoutMeta(p.layout) } : {}),
    ...(coverFile ? { cover: { path: defaultLink(path, fileOf(coverFile), ''), yPos: p.cover?.yPos ?? 0 } } : {}),
  };
  const g = p.gitSync ?? {};
  return writePageFile({
    frontMatter: frontMatterFor(want, g.frontMatter, (written) => {
      const at = resolveLink(path, written)?.path;
      return at !== undefined && f.filePaths.has(at.toLowerCase()) ? at.toLowerCase() : undefined;
    }),
    heading: g.headless ? undefined : (g.heading ?? p.title),
    body,
    lead: g.lead,
    gap: g.gap,
    end: g.end,
  });
}

/**
 * The space as a Git Sync folder: `.gitbook.yaml`, `SUMMARY.md` (top-level groups as `## `
 * sections), one file per document page where layout.ts places it (under the root the content
 * came from), `.gitbook/assets/` and the folder's own settings files.
 */
export function buildFolder(input: ExportInput): Map<string, string | Uint8Array> {
  const gs = input.gitSync;
  const root = gs?.root ? `${gs.root}/` : '';
  const out = new Map<string, string | Uint8Array>();
  const folder: Folder = {
    pathOf: assignPaths(layoutOf(input.pages), gs?.readme),
    fileById: new Map(input.files.flatMap((f) => (f.id ? [[f.id, f] as const] : []))),
    fileByName: new Map(input.files.map((f) => [f.name, f])),
    filePaths: new Set(input.files.map((f) => fileOf(f).toLowerCase())),
  };
  const summaryPath = gs?.summary ?? 'SUMMARY.md';
  const docFile = (id: string | undefined) => {
    const p = id ? folder.pathOf.get(id) : undefined;
    return p && !p.includes(':') ? p : undefined;
  };
  const entries = (list: readonly ApiPage[]): SummaryEntry[] =>
    list.flatMap((p): SummaryEntry[] => {
      const line = p.gitSync?.line ?? '';
      const before = p.gitSync?.before ? { before: p.gitSync.before } : {};
      const label = p.linkTitle !== undefined ? { label: p.linkTitle } : {};
      if (p.type === 'link') {
        const to = docFile(p.target?.page);
        const link = to ? defaultLink(summaryPath, to, p.target?.anchor ? `#${p.target.anchor}` : '') : hrefOf(p);
        return link ? [{ title: p.title, link, ...label, line, ...before, children: [] }] : [];
      }
      if (p.type === 'computed' && p.computed) return [{ title: '', link: '', block: stringify(p.computed).replace(/\n$/, ''), line, ...before, children: [] }];
      if (p.type !== 'document') return [];
      const path = docFile(p.id) as string;
      out.set(`${root}${path}`, pageFile(p, path, folder));
      return [{ title: p.title, link: defaultLink(summaryPath, path, ''), ...label, line, ...before, children: entries(p.pages ?? []) }];
    });
  const groups: SummaryGroup[] = [];
  for (const p of input.pages) {
    if (p.type === 'group') {
      groups.push({
        title: p.title,
        ...(p.slug ? { slug: p.slug } : {}),
        ...(p.gitSync?.line ? { line: p.gitSync.line } : {}),
        ...(p.gitSync?.before ? { before: p.gitSync.before } : {}),
        entries: entries(p.pages ?? []),
      });
      continue;
    }
    const last = groups[groups.length - 1];
    const here = entries([p]);
    if (last && last.title === undefined) last.entries.push(...here);
    else if (here.length) groups.push({ entries: here });
  }
  out.set(
    `${root}${summaryPath}`,
    writeSummary({
      groups,
      end: gs?.summaryEnd ?? '\n',
      ...(gs?.summaryHeader !== undefined ? { header: gs.summaryHeader } : {}),
      ...(gs?.summaryIndent !== undefined ? { indent: gs.summaryIndent } : {}),
      ...(gs?.summaryBullet !== undefined ? { bullet: gs.summaryBullet } : {}),
    }),
  );
  const config = configFor(gs, input.redirects ?? {});
  if (config !== undefined) out.set('.gitbook.yaml', config);
  for (const [path, text] of Object.entries(gs?.files ?? {})) out.set(`${root}${path}`, text);
  for (const f of input.files) if (f.bytes) out.set(exportPathOf(f, gs), f.bytes);
  return out;
}
