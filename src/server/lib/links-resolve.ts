import { posix } from 'node:path';
import type { FlatPage } from '../../lib/page-tree.js';
import type { FileRecord, RevisionRecord } from '../model/revision.js';
import type { PageRecord } from '../../lib/page-record.js';
import { recordFiles } from '../../lib/gitsync/record-files.js';
import { flatPages } from '../../lib/flat-pages.js';
import { fromRoot, rootAsset } from '../../lib/gitsync/spelling.js';

export type LinkStatus = 'ok' | 'broken' | 'in-app';

/** What a link points at, by id; a target that resolves to nothing is the address as written. */
export type LinkTarget = { kind: 'page'; page: string; anchor?: string } | { kind: 'file'; file: string } | { kind: 'url'; url: string };

export interface Resolution {
  status: LinkStatus;
  target: LinkTarget;
}

/** What a revision's targets resolve against, worked out once per revision. */
export interface RevisionIndex {
  /** Every page, by id. */
  pages: Map<string, FlatPage>;
  /** Document pages by the file they stand for (see pageFile), and by its lower case. */
  byFile: Map<string, string>;
  byFileLower: Map<string, string>;
  /** The file of every document page (recordFiles). */
  pageFiles: ReadonlyMap<string, string>;
  /** Files by name: a file's path is `.gitbook/assets/NAME`. */
  files: Map<string, FileRecord>;
}

export const ASSETS = '.gitbook/assets/';

/**
 * The file a page stands for, against which its relative links resolve: the file it was
 * imported from, else where export writes it (the `git.path` the API shows), from the files
 * of its revision's pages (recordFiles).
 */
export function pageFile(f: FlatPage, files: ReadonlyMap<string, string>): string {
  return f.page.gitPath ?? files.get(f.page.id) ?? (f.page.pages.length ? `${f.path}/README.md` : `${f.path}.md`);
}

export function indexRevision(rev: RevisionRecord): RevisionIndex {
  return indexPages(rev, flatPages(rev.pages));
}

/** The index of a revision whose pages are already flattened (the web pages and the PDF have them). */
export function indexPages(rev: { pages: readonly PageRecord[]; files: readonly FileRecord[] }, flat: readonly FlatPage[]): RevisionIndex {
  const pageFiles = recordFiles(rev.pages);
  const pages = new Map<string, FlatPage>();
  const byFile = new Map<string, string>();
  const byFileLower = new Map<string, string>();
  for (const f of flat) {
    pages.set(f.page.id, f);
    if (f.page.type !== 'document') continue;
    const file = pageFile(f, pageFiles);
    if (!byFile.has(file)) byFile.set(file, f.page.id);
    if (!byFileLower.has(file.toLowerCase())) byFileLower.set(file.toLowerCase(), f.page.id);
  }
  return { pages, byFile, byFileLower, pageFiles, files: new Map(rev.files.map((f) => [f.name, f])) };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** A written address cut into its path (percent-decoded) and its fragment; the query is dropped. */
function split(raw: string): { path: string; anchor?: string } {
  const hash = raw.indexOf('#');
  const beforeHash = hash < 0 ? raw : raw.slice(0, hash);
  const query = beforeHash.indexOf('?');
  const path = safeDecode(query < 0 ? beforeHash : beforeHash.slice(0, query));
  const anchor = hash < 0 ? '' : safeDecode(raw.slice(hash + 1));
  return anchor ? { path, anchor } : { path };
}

function pageTarget(id: string, anchor: string | undefined): LinkTarget {
  return anchor ? { kind: 'page', page: id, anchor } : { kind: 'page', page: id };
}

/** The page a resolved path names: a `.md` file as it is, a folder by its README, else either. */
function pageByPath(path: string, folder: boolean, idx: RevisionIndex): string | undefined {
  const base = path === '.' ? '' : path;
  const candidates = folder ? [`${base ? `${base}/` : ''}README.md`] : /\.md$/i.test(base) ? [base] : [`${base}.md`, `${base}/README.md`];
  for (const c of candidates) {
    const id = idx.byFile.get(c) ?? idx.byFileLower.get(c.toLowerCase());
    if (id) return id;
  }
  return undefined;
}

/**
 * Where a target written in the page standing for file `from` points. `page:ID` by id; a path
 * relative to `from`'s folder (or to the content root when it starts with `/`; one climbing above
 * the root stays at it, see fromRoot) to the page of
 * that file or to the file of that path; http(s) URLs as they are, `in-app` under the app's
 * origin. A path into a `.gitbook/assets/` folder other than the root's names the root's
 * upload (see rootAsset). A path that names nothing in the revision is `broken`: there is no
 * guessing by slug or by file name. Same-page anchors and other schemes (mailto:, tel:, data:) are no links
 * here: undefined.
 */
export function resolveTarget(written: string, from: string, idx: RevisionIndex, appUrl: string): Resolution | undefined {
  const raw = written.trim();
  if (!raw || raw.startsWith('#')) return undefined;
  const broken: Resolution = { status: 'broken', target: { kind: 'url', url: raw } };
  const scheme = SCHEME.exec(raw)?.[1]?.toLowerCase();
  if (scheme === 'page') {
    const { path, anchor } = split(raw.slice(5));
    return idx.pages.has(path) ? { status: 'ok', target: pageTarget(path, anchor) } : broken;
  }
  if (scheme === 'http' || scheme === 'https' || raw.startsWith('//')) {
    return { status: raw.startsWith(appUrl) ? 'in-app' : 'ok', target: { kind: 'url', url: raw } };
  }
  if (scheme) return undefined;

  const { path, anchor } = split(raw);
  if (!path) return undefined;
  const resolved = fromRoot(posix.dirname(from), path).replace(/\/$/, '');
  // gbctl's import writes the revision's files as `.gitbook/assets/NAME` from any page; the
  // published pages read `files/NAME` too.
  const rooted = path.replace(/^(\.\/|\/)+/, '');
  for (const p of [resolved, rooted, rootAsset(resolved) ?? '']) {
    const name = p.startsWith(ASSETS) ? p.slice(ASSETS.length) : p.startsWith('files/') ? p.slice(6) : undefined;
    const file = name === undefined ? undefined : idx.files.get(name);
    if (file) return { status: 'ok', target: { kind: 'file', file: file.id } };
  }
  const page = pageByPath(resolved, path.endsWith('/') || resolved === '.', idx);
  return page ? { status: 'ok', target: pageTarget(page, anchor) } : broken;
}
