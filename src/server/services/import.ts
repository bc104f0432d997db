import { posix } from 'node:path';
import type { Ctx } from '../context.js';
import { isoNow } from '../context.js';
import { badRequest } from '../http-error.js';
import { blobs, type FileRecord } from '../model/revision.js';
import { crawl, fetchUrl, isZip, MAX_FILE_BYTES, nameFor, readFileUrl, unzip, type Entry } from '../lib/import-sources.js';
import { applyPages } from '../lib/gitsync/apply.js';
import { besideFiles } from '../lib/gitsync/beside.js';
import { readGitSync, type Skipped, type SyncPage } from '../lib/gitsync/read.js';
import { commitRevision, contentScope } from './revisions.js';
import { editable } from './cr-pages.js';

type Source = 'website' | 'docx' | 'markdown' | 'html' | 'zip' | 'confluence' | 'github-wiki' | 'notion' | 'google-docs';
const SUPPORTED: Source[] = ['markdown', 'html', 'website', 'zip'];

/** A page read from the source, before it gets ids. */
export interface ImportedPage {
  title: string;
  description?: string;
  markdown: string;
  pages: ImportedPage[];
}

interface ImportedFile {
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface Imported {
  pages: SyncPage[];
  files: ImportedFile[];
  total: number;
  imported: number;
  skipped: Skipped[];
  warnings: string[];
  redirects?: Record<string, string>;
}

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', svg: 'image/svg+xml', webp: 'image/webp',
};
const ext = (p: string) => (/\.([a-z0-9]+)$/i.exec(p)?.[1] ?? '').toLowerCase();
const isMarkdown = (p: string) => ['md', 'markdown', 'mdx'].includes(ext(p));
const isHtml = (p: string) => ['html', 'htm'].includes(ext(p));

function decode(e: Entry): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(e.bytes).replace(/^\uFEFF/, '');
  } catch {
    throw badRequest(`url: ${e.path} is not readable UTF-8 text`);
  }
}

/** "02-getting_started.md" → "Getting started". */
export function titleFromName(name: string): string {
  const t = name.replace(/\.[a-z0-9]+$/i, '').replace(/^\d+[-_. ]+/, '').replace(/[-_]+/g, ' ').trim();
  return t ? t.charAt(0).toUpperCase() + t.slice(1) : 'Untitled';
}

/** Title and description from front matter or the first `# heading`, which leaves the body. */
export async function markdownPage(text: string, fallbackTitle: string): Promise<ImportedPage> {
  let body = text;
  let title: string | undefined;
  let description: string | undefined;
  const fm = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(body);
  if (fm) {
    const { parse } = await import('yaml');
    try {
      const data = parse(fm[1] as string) as Record<string, unknown> | null;
      if (typeof data?.title === 'string') title = data.title;
      if (typeof data?.description === 'string') description = data.description;
    } catch {
      // not YAML: keep the block as text
    }
    if (title !== undefined || description !== undefined) body = body.slice(fm[0].length);
  }
  const h1 = /^\s*#\s+(.+?)\s*#*\s*(\r?\n|$)/.exec(body);
  if (h1) {
    title ??= h1[1] as string;
    if (title === h1[1]) body = body.slice(h1[0].length);
  }
  return { title: (title ?? fallbackTitle).slice(0, 100) || 'Untitled', ...(description ? { description } : {}), markdown: body.trim(), pages: [] };
}

async function htmlPage(html: string, fallbackTitle: string): Promise<ImportedPage> {
  const { default: Turndown } = await import('turndown');
  const td = new Turndown({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
  td.remove(['script', 'style', 'noscript', 'nav', 'header', 'footer', 'head']);
  const titleTag = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1]?.trim();
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  const page = await markdownPage(td.turndown(body), fallbackTitle);
  if (titleTag && !/^\s*#\s/.test(td.turndown(body))) page.title = decodeEntities(titleTag).slice(0, 100);
  return page;
}

function decodeEntities(s: string): string {
  return s.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'");
}

/** Relative image links that name an imported file point at the revision's assets instead. */
function relinkImages(markdown: string, dir: string, files: Map<string, string>): string {
  return markdown.replace(/(!\[[^\]]*\]\()\s*<?([^)\s>]+)>?/g, (all, open: string, target: string) => {
    if (/^[a-z]+:/i.test(target) || target.startsWith('/')) return all;
    const name = files.get(posix.normalize(posix.join(dir, decodeURIComponent(target))));
    return name ? `${open}.gitbook/assets/${encodeURI(name)}` : all;
  });
}

interface DirNode {
  dirs: Map<string, DirNode>;
  docs: Entry[];
}

/** Pages from documents, one per file, the folder tree as the page tree. */
async function buildPages(docs: Entry[], fileNames: Map<string, string>): Promise<ImportedPage[]> {
  const root: DirNode = { dirs: new Map(), docs: [] };
  for (const d of docs) {
    const parts = d.path.split('/');
    let node = root;
    for (const part of parts.slice(0, -1)) {
      let next = node.dirs.get(part);
      if (!next) node.dirs.set(part, (next = { dirs: new Map(), docs: [] }));
      node = next;
    }
    node.docs.push(d);
  }
  const toPage = async (e: Entry): Promise<ImportedPage> => {
    const name = posix.basename(e.path);
    const text = decode(e);
    const page = isHtml(e.path) ? await htmlPage(text, titleFromName(name)) : await markdownPage(text, titleFromName(name));
    return { ...page, markdown: relinkImages(page.markdown, posix.dirname(e.path), fileNames) };
  };
  const isIndex = (e: Entry) => /^(readme|index)\.(md|markdown|mdx|html?)$/i.test(posix.basename(e.path));
  const build = async (node: DirNode): Promise<ImportedPage[]> => {
    const byName = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true });
    const docsSorted = [...node.docs].filter((e) => !/^summary\.md$/i.test(posix.basename(e.path))).sort((a, b) => byName(a.path, b.path));
    const items: { key: string; page: Promise<ImportedPage | undefined> }[] = [];
    for (const e of docsSorted) if (!isIndex(e)) items.push({ key: posix.basename(e.path), page: toPage(e) });
    for (const [name, child] of node.dirs) {
      items.push({
        key: name,
        page: (async () => {
          const index = child.docs.find(isIndex);
          const children = await build(child);
          if (!index && !children.length) return undefined;
          const own = index ? await toPage(index) : { title: titleFromName(name), markdown: '', pages: [] };
          return { ...own, pages: children };
        })(),
      });
    }
    items.sort((a, b) => byName(a.key, b.key));
    const out = (await Promise.all(items.map((i) => i.page))).filter((p): p is ImportedPage => !!p);
    return out;
  };
  const top = await build(root);
  const rootIndex = root.docs.find(isIndex);
  if (rootIndex) top.unshift(await markdownOrHtmlIndex(rootIndex, toPage));
  return top;
}

async function markdownOrHtmlIndex(e: Entry, toPage: (e: Entry) => Promise<ImportedPage>): Promise<ImportedPage> {
  const p = await toPage(e);
  return p.title === titleFromName(posix.basename(e.path)) ? { ...p, title: 'Introduction' } : p;
}

export const FILE_URLS_OFF = 'url: file:// URLs are off on a server reachable from other machines; start gbctl serve with --allow-file-urls to read files of the server';

/** Reads and converts what `url` holds; nothing is stored yet. */
export async function readImport(url: string, source: Source, opts: { fileUrls?: boolean | undefined; privateUrls?: boolean | undefined } = {}): Promise<Imported> {
  const policy = { privateAddresses: opts.privateUrls === true };
  if (!SUPPORTED.includes(source)) {
    throw badRequest(`source: "${source}" imports are not supported by this server; it imports ${SUPPORTED.join(', ')}`);
  }
  const u = new URL(url);
  let entries: Entry[];
  let discovered: number | undefined;
  if (u.protocol === 'file:' && opts.fileUrls === false) throw badRequest(FILE_URLS_OFF);
  if (u.protocol === 'file:') entries = await readFileUrl(u);
  else if (u.protocol === 'http:' || u.protocol === 'https:') {
    if (source === 'website') ({ entries, discovered } = await crawl(u, policy));
    else {
      const got = await fetchUrl(u, policy);
      entries = isZip(got.bytes) ? await unzip(got.bytes, url) : [{ path: nameFor(got.finalUrl, got.contentType), bytes: got.bytes, contentType: got.contentType }];
    }
  } else throw badRequest(`url: ${u.protocol} URLs cannot be imported; use file:, http: or https:`);

  if (source === 'zip' && entries.length === 1 && !isMarkdown(entries[0]?.path ?? '') && !isHtml(entries[0]?.path ?? '')) {
    throw badRequest(`url: ${url} is not a zip archive`);
  }
  const wantsDoc = (p: string) =>
    source === 'markdown' ? isMarkdown(p) : source === 'zip' ? isMarkdown(p) || isHtml(p) : isHtml(p);
  const docs = entries.filter((e) => wantsDoc(e.path));
  if (!docs.length) {
    const kind = source === 'markdown' ? 'markdown (.md)' : source === 'zip' ? 'markdown or HTML' : 'HTML';
    throw badRequest(`url: no ${kind} documents found at ${url}`);
  }
  if (docs.some((e) => isMarkdown(e.path))) {
    // A Git Sync folder (or one markdown file, with the files it names beside it).
    if (entries.length === 1 && (u.protocol === 'file:' || u.protocol === 'http:' || u.protocol === 'https:')) {
      entries.push(...(await besideFiles(u, entries[0] as Entry, { maxFileBytes: MAX_FILE_BYTES, fetch: (at) => fetchUrl(at, policy) })));
    }
    const read = readGitSync(entries);
    if (!read.pages.length) throw badRequest(`url: no pages found at ${url}${read.skipped.length ? ` (${read.skipped.map((s) => `${s.path}: ${s.reason}`).join('; ')})` : ''}`);
    return {
      pages: read.pages, files: read.files, total: discovered ?? read.total, imported: read.total - read.skipped.length,
      skipped: read.skipped, warnings: read.warnings, redirects: read.redirects,
    };
  }
  const images = entries.filter((e) => IMAGE_TYPES[ext(e.path)]);
  const used = new Set<string>();
  const fileNames = new Map<string, string>();
  const files: ImportedFile[] = images.map((e) => {
    let name = posix.basename(e.path);
    for (let n = 2; used.has(name); n++) name = name.replace(/(\.[a-z0-9]+)?$/i, `-${n}$1`);
    used.add(name);
    fileNames.set(posix.normalize(e.path), name);
    return { name, contentType: IMAGE_TYPES[ext(e.path)] as string, bytes: e.bytes };
  });
  const pages = (await buildPages(docs, fileNames)).map((p, i) => syncPage(p, `${i}`));
  const skipped = entries.filter((e) => !wantsDoc(e.path) && !IMAGE_TYPES[ext(e.path)]).map((e) => ({ path: e.path, reason: `not ${source === 'zip' ? 'a markdown, HTML or image' : 'an HTML or image'} file` }));
  return { pages, files, total: discovered ?? entries.length, imported: docs.length + files.length, skipped, warnings: [] };
}

/** An HTML-converted page in the shape the import applies, keyed by its place in the tree. */
function syncPage(p: ImportedPage, key: string): SyncPage {
  return {
    kind: 'document', title: p.title, path: `${key}.md`, sourceless: true, meta: p.description ? { description: p.description } : {},
    markdown: p.markdown, pages: p.pages.map((k, i) => syncPage(k, `${key}/${i}`)),
  };
}

/**
 * `POST …/content/import`: reads first (nothing is stored if that fails), then one new revision
 * whose content is what was read: pages matched by their file keep their ids, the others go.
 */
export async function importContent(c: Ctx, spaceId: string, cr: string | undefined, body: { url: string; source: Source }) {
  await c.read((tx) => editable(contentScope(c, tx, spaceId, cr)));
  const got = await readImport(body.url, body.source, { fileUrls: c.fileUrls, privateUrls: c.privateUrls });
  return c.write((tx) => {
    const scope = editable(contentScope(c, tx, spaceId, cr));
    const now = isoNow(c);
    const before = new Map(scope.rev.files.map((f) => [f.name, f]));
    const files: FileRecord[] = got.files.map((f) => {
      const had = before.get(f.name);
      const data = Buffer.from(f.bytes).toString('base64');
      if (had?.blob && had.size === f.bytes.length && tx.get(blobs, had.blob)?.data === data) return had;
      const blob = tx.put(blobs, { id: c.ids.secret(), contentType: f.contentType, data, createdAt: now });
      return { id: had?.id ?? c.ids.next(), name: f.name, contentType: f.contentType, size: f.bytes.length, createdAt: now, blob: blob.id };
    });
    const pages = applyPages(scope.rev.pages, got.pages, { newId: () => c.ids.next(), now });
    const rev = commitRevision(c, tx, scope, {
      type: 'edits', pages, files, message: `Import ${body.source} from ${body.url}`,
      ...(got.redirects ? { redirects: got.redirects } : {}),
    });
    return {
      revision: rev.id, importedResources: got.imported, totalResources: got.total,
      // gbctl's own fields: what was left out and why, and what was not right.
      ...(got.skipped.length ? { skipped: got.skipped } : {}),
      ...(got.warnings.length ? { warnings: got.warnings } : {}),
    };
  });
}

/** Content imports: a source read and made the content of a space or change request. */
export const importService = { import: importContent };
