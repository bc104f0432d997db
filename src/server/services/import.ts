import { posix } from 'node:path';
import type { Ctx } from '../context.js';
import { isoNow } from '../context.js';
import { badRequest } from '../http-error.js';
import { blobs, type FileRecord } from '../model/revision.js';
import type { RevisionGitSync } from '../../lib/page-record.js';
import { answered, crawl, fetchUrl, nameFor } from '../lib/import-sources.js';
import { inMemory, isZip, readFileUrl, unzip, type Source } from '../../lib/import-source.js';
import { addPages, applyPages, renameFiles, samePages } from '../../lib/gitsync/apply.js';
import { besideFiles } from '../../lib/gitsync/beside.js';
import { folderPathProblem } from '../../lib/gitsync/folder-names.js';
import { readGitSync } from '../../lib/gitsync/read.js';
import type { TargetMemo } from '../../lib/gitsync/targets.js';
import { MAX_FILE_BYTES, MAX_PAGES, type Skipped, type SyncFile, type SyncPage } from '../../lib/gitsync/sync-types.js';
import { buildPages, ext, IMAGE_TYPES, isHtml, isMarkdown, syncPage } from '../lib/import-html.js';
import { commitRevision, contentScope } from './revisions.js';
import { editable } from './cr-pages.js';

type ImportSource = 'website' | 'docx' | 'markdown' | 'html' | 'zip' | 'confluence' | 'github-wiki' | 'notion' | 'google-docs';
const SUPPORTED: ImportSource[] = ['markdown', 'html', 'website', 'zip'];
/** Bytes of the files one import stores: above a large repository's uploads that pages use. */
const MAX_IMPORT_BYTES = 1024 * 1024 * 1024;

export interface Imported {
  /** A folder, an archive or a website becomes the content; a single document adds (or updates) one page. */
  mode: 'replace' | 'add';
  pages: SyncPage[];
  /** Files pages use, with their bytes. */
  files: SyncFile[];
  total: number;
  imported: number;
  skipped: Skipped[];
  warnings: string[];
  redirects?: Record<string, string>;
  gitSync?: RevisionGitSync;
}

export const FILE_URLS_OFF =
  'url: file:// URLs are off on a server reachable from other machines; start gbctl serve with --allow-file-urls to read files of the server';

/** Reads the bytes of the files pages use, as long as the import's total allows; the rest is listed as left out. */
async function loadFiles(src: Source, files: SyncFile[], skipped: Skipped[]): Promise<SyncFile[]> {
  let total = 0;
  const kept = files.filter((f) => {
    total += f.entry.size ?? f.entry.bytes?.length ?? 0;
    if (total <= MAX_IMPORT_BYTES) return true;
    skipped.push({ path: f.path, reason: `over the ${MAX_IMPORT_BYTES / 1024 / 1024 / 1024} GB of files one import stores` });
    return false;
  });
  await src.load(kept.map((f) => f.entry));
  return kept;
}

/**
 * A Git Sync folder (or one markdown document) listed by `src`: its pages, and the bytes of the
 * files they use; `where` names it in errors. A caller reading the same folder again passes the
 * same memo (see readGitSync).
 */
export async function readGitSyncSource(src: Source, where: string, opts: { total?: number; memo?: TargetMemo } = {}): Promise<Imported> {
  const single = src.kind === 'one';
  const read = readGitSync(src.entries, opts.memo);
  if (!read.pages.length) {
    const why = [...src.leftOut, ...read.skipped].map((s) => `${s.path}: ${s.reason}`).join('; ');
    throw badRequest(`url: no pages found at ${where}${why ? ` (${why})` : ''}`);
  }
  const count = (list: SyncPage[]): number => list.reduce((n, p) => n + (p.kind === 'document' ? 1 : 0) + count(p.pages), 0);
  if (count(read.pages) > MAX_PAGES) throw badRequest(`url: ${where} holds ${count(read.pages)} pages; a space holds at most ${MAX_PAGES}`);
  const files = await loadFiles(src, read.files, read.skipped);
  // Files the listing left out (names that cannot be imported, links) count among the source's, as skipped.
  const skipped = [...src.leftOut, ...read.skipped];
  const total = read.total + src.leftOut.length;
  return {
    mode: single ? 'add' : 'replace',
    pages: read.pages,
    files,
    total: opts.total ?? total,
    imported: total - skipped.length,
    skipped,
    warnings: read.warnings,
    ...(single ? {} : { redirects: read.redirects, gitSync: read.gitSync }),
  };
}

/** Reads and converts what `url` holds; nothing is stored yet. */
export async function readImport(
  url: string,
  source: ImportSource,
  opts: { fileUrls?: boolean | undefined; privateUrls?: boolean | undefined } = {},
): Promise<Imported> {
  const policy = { privateAddresses: opts.privateUrls === true };
  if (!SUPPORTED.includes(source)) {
    throw badRequest(`source: "${source}" imports are not supported by this server; it imports ${SUPPORTED.join(', ')}`);
  }
  const u = new URL(url);
  let src: Source;
  let discovered: number | undefined;
  if (u.protocol === 'file:' && opts.fileUrls === false) throw badRequest(FILE_URLS_OFF);
  if (u.protocol === 'file:') src = await answered(readFileUrl(u));
  else if (u.protocol === 'http:' || u.protocol === 'https:') {
    if (source === 'website') {
      const crawled = await crawl(u, policy);
      src = inMemory(crawled.entries);
      discovered = crawled.discovered;
    } else {
      const got = await fetchUrl(u, policy);
      if (!isZip(got.bytes) && got.bytes.length > MAX_FILE_BYTES)
        throw badRequest(`url: ${url} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB, the limit for one file`);
      src = isZip(got.bytes)
        ? await answered(unzip(got.bytes, url))
        : inMemory([{ path: nameFor(got.finalUrl, got.contentType), size: got.bytes.length, bytes: got.bytes, contentType: got.contentType }], 'one');
    }
  } else throw badRequest(`url: ${u.protocol} URLs cannot be imported; use file:, http: or https:`);
  // Every path a source names is checked here once, whatever listed it: one that cannot name a
  // file of a folder (it would leave it on export) is left out, named.
  const entries = src.entries.filter((e) => {
    const problem = folderPathProblem(e.path);
    if (problem) src.leftOut.push({ path: e.path, reason: problem });
    return !problem;
  });
  // One document named by the URL (not a folder, an archive or a site) adds a page.
  const single = src.kind === 'one';

  if (source === 'zip' && single && !isMarkdown(entries[0]?.path ?? '') && !isHtml(entries[0]?.path ?? '')) {
    throw badRequest(`url: ${url} is not a zip archive`);
  }
  const wantsDoc = (p: string) => (source === 'markdown' ? isMarkdown(p) : source === 'zip' ? isMarkdown(p) || isHtml(p) : isHtml(p));
  const docs = entries.filter((e) => wantsDoc(e.path));
  if (!docs.length) {
    const kind = source === 'markdown' ? 'markdown (.md)' : source === 'zip' ? 'markdown or HTML' : 'HTML';
    const why = src.leftOut.map((s) => `${s.path}: ${s.reason}`).join('; ');
    throw badRequest(`url: no ${kind} documents found at ${url}${why ? ` (left out: ${why})` : ''}`);
  }
  if (docs.some((e) => isMarkdown(e.path))) {
    // A Git Sync folder (or one markdown file, with the files it names beside it).
    if (single) {
      const beside = await besideFiles(u, entries[0] as Source['entries'][number], { maxFileBytes: MAX_FILE_BYTES, fetch: (at) => fetchUrl(at, policy) });
      entries.push(...beside.entries);
      src.leftOut.push(...beside.leftOut);
    }
    return readGitSyncSource({ ...src, entries }, url, { ...(discovered !== undefined ? { total: discovered } : {}) });
  }
  const images = entries.filter((e) => IMAGE_TYPES[ext(e.path)] && (e.size ?? 0) <= MAX_FILE_BYTES);
  await src.load([...docs, ...images]);
  const used = new Set<string>();
  const fileNames = new Map<string, string>();
  const files: SyncFile[] = images.map((e) => {
    let name = posix.basename(e.path);
    for (let n = 2; used.has(name); n++) name = name.replace(/(\.[a-z0-9]+)?$/i, `-${n}$1`);
    used.add(name);
    fileNames.set(posix.normalize(e.path), name);
    return { name, path: `.gitbook/assets/${name}`, contentType: IMAGE_TYPES[ext(e.path)] as string, entry: e };
  });
  const pages = (await buildPages(docs, fileNames)).map((p, i) => syncPage(p, `${i}`));
  const skipped = [
    ...src.leftOut,
    ...entries
      .filter((e) => !wantsDoc(e.path) && !images.includes(e))
      .map((e) => ({
        path: e.path,
        reason: IMAGE_TYPES[ext(e.path)]
          ? `larger than ${MAX_FILE_BYTES / 1024 / 1024} MB, the limit for one file`
          : `not ${source === 'zip' ? 'a markdown, HTML or image' : 'an HTML or image'} file`,
      })),
  ];
  return {
    mode: single && source !== 'website' ? 'add' : 'replace',
    pages,
    files,
    total: discovered ?? entries.length + src.leftOut.length,
    imported: docs.length + files.length,
    skipped,
    warnings: [],
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * `POST …/content/import`: reads first (nothing is stored if that fails), then one new revision.
 * A folder, archive or website becomes the content: pages matched by their file keep their ids,
 * the others go. A single document adds its page, or updates the page of the same path, and
 * leaves the others alone. An import that changes nothing makes no revision.
 */
export async function importContent(c: Ctx, spaceId: string, cr: string | undefined, body: { url: string; source: ImportSource }) {
  await c.read((tx) => editable(contentScope(c, tx, spaceId, cr)));
  const got = await readImport(body.url, body.source, { fileUrls: c.fileUrls, privateUrls: c.privateUrls });
  return storeImport(c, spaceId, cr, got, `Import ${body.source} from ${body.url}`);
}

/**
 * The blob each file of an import was stored as, by store and by the array read (a blob is never
 * changed): a folder read again keeps the arrays of the files that did not change, which then
 * need no comparing with what the store holds.
 */
const storedIn = new WeakMap<object, WeakMap<Uint8Array, string>>();

/**
 * What was read made the content (or, for a single document, added to it): one new revision,
 * or none when nothing changed. `memo` as for readGitSync.
 */
export function storeImport(c: Ctx, spaceId: string, cr: string | undefined, got: Imported, message: string, memo?: TargetMemo) {
  const blobOf = storedIn.get(c.store) ?? new WeakMap<Uint8Array, string>();
  storedIn.set(c.store, blobOf);
  return c.write((tx) => {
    const scope = editable(contentScope(c, tx, spaceId, cr));
    const now = isoNow(c);
    const adding = got.mode === 'add';
    const before = new Map(scope.rev.files.map((f) => [f.name, f]));
    const names = new Set([...before.keys(), ...got.files.map((f) => f.name)].map((n) => n.toLowerCase()));
    const renamed = new Map<string, string>();
    const idOfPath = new Map<string, string>();
    const files: FileRecord[] = got.files.map((f) => {
      const bytes = f.entry.bytes as Uint8Array;
      let base64: string | undefined;
      const data = () => (base64 ??= Buffer.from(bytes).toString('base64'));
      let had = before.get(f.name);
      const unchanged = !!had?.blob && had.size === bytes.length && (blobOf.get(bytes) === had.blob || tx.get(blobs, had.blob)?.data === data());
      let name = f.name;
      if (had && !unchanged && adding) {
        // Another file of that name is in use: the added page's file takes a name of its own.
        for (let n = 2; names.has(name.toLowerCase()); n++) name = f.name.replace(/(\.[a-z0-9]+)?$/i, `-${n}$1`);
        names.add(name.toLowerCase());
        renamed.set(f.name, name);
        had = undefined;
      }
      const gitPath = f.path !== `.gitbook/assets/${name}` && !renamed.has(f.name) ? { gitPath: f.path } : {};
      const record: FileRecord =
        unchanged && had
          ? (({ gitPath: _g, ...rest }) => ({ ...rest, ...gitPath }))(had)
          : {
              id: had?.id ?? c.ids.next(),
              name,
              contentType: f.contentType,
              size: bytes.length,
              createdAt: now,
              blob: tx.put(blobs, { id: c.ids.secret(), contentType: f.contentType, data: data(), createdAt: now }).id,
              ...gitPath,
            };
      if (record.blob) blobOf.set(bytes, record.blob);
      idOfPath.set(f.path, record.id);
      return record;
    });
    renameFiles(got.pages, renamed);
    const env = { newId: () => c.ids.next(), now, fileId: (path: string) => idOfPath.get(path), ...(memo ? { memo } : {}) };
    const pages = adding ? addPages(scope.rev.pages, got.pages, env) : applyPages(scope.rev.pages, got.pages, env);
    const kept = new Set(files.map((f) => f.id));
    const allFiles = adding ? [...scope.rev.files.filter((f) => !kept.has(f.id)), ...files] : files;
    const redirects = adding ? scope.rev.redirects : got.redirects;
    const gitSync = adding ? scope.rev.gitSync : got.gitSync;
    const answer = {
      importedResources: got.imported,
      totalResources: got.total,
      // gbctl's own fields: what was left out and why, and what was not right.
      ...(got.skipped.length ? { skipped: got.skipped } : {}),
      ...(got.warnings.length ? { warnings: got.warnings } : {}),
    };
    if (
      samePages(pages, scope.rev.pages) &&
      same(allFiles, scope.rev.files) &&
      same(redirects ?? {}, scope.rev.redirects ?? {}) &&
      same(gitSync, scope.rev.gitSync)
    ) {
      return { revision: scope.rev.id, ...answer };
    }
    const rev = commitRevision(c, tx, scope, {
      type: 'edits',
      pages,
      files: allFiles,
      message,
      ...(redirects ? { redirects } : {}),
      ...(gitSync ? { gitSync } : {}),
    });
    return { revision: rev.id, ...answer };
  });
}

/** Content imports: a source read and made the content of a space or change request, or a page added to it. */
export const importService = { import: importContent };
