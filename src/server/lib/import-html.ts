import { posix } from 'node:path';
import { badRequest } from '../http-error.js';
import type { Entry } from '../../lib/import-source.js';
import type { SyncPage } from '../../lib/gitsync/sync-types.js';
import { contentTypeOf, extOf } from '../../lib/gitsync/content-types.js';
import { titleFromName } from '../../lib/gitsync/read.js';

/** A page read from HTML (or markdown outside Git Sync), before it gets ids. */
export interface ImportedPage {
  title: string;
  description?: string;
  markdown: string;
  pages: ImportedPage[];
}

/** The images a web page or archive import keeps, by extension, typed as a Git Sync folder's are. */
export const IMAGE_TYPES: Record<string, string> = Object.fromEntries(['png', 'jpg', 'jpeg', 'gif', 'svg', 'webp'].map((e) => [e, contentTypeOf(`x.${e}`)]));
export { extOf as ext, isMarkdownPath as isMarkdown } from '../../lib/gitsync/content-types.js';
export const isHtml = (p: string) => ['html', 'htm'].includes(extOf(p));

function decode(e: Entry): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(e.bytes).replace(/^\uFEFF/, '');
  } catch {
    throw badRequest(`url: ${e.path} is not readable UTF-8 text`);
  }
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
  return s
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
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
export async function buildPages(docs: Entry[], fileNames: Map<string, string>): Promise<ImportedPage[]> {
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

/** An HTML-converted page in the shape the import applies, keyed by its place in the tree. */
export function syncPage(p: ImportedPage, key: string): SyncPage {
  return {
    kind: 'document',
    title: p.title,
    path: `${key}.md`,
    sourceless: true,
    meta: p.description ? { description: p.description } : {},
    markdown: p.markdown,
    pages: p.pages.map((k, i) => syncPage(k, `${key}/${i}`)),
  };
}
