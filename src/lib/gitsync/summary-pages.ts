import { parse } from 'yaml';
import { slugify } from '../slug.js';
import { defaultLink, resolveLink } from './spelling.js';
import { blockLine, entryLine, groupLine, type SummaryEntry, type SummaryFile } from './summary.js';
import type { SyncPage } from './sync-types.js';
import { isExternal, unescapeDestination } from './targets.js';

export interface SummaryContext {
  /** SUMMARY.md's path from the content root. */
  summaryPath: string;
  /** The markdown page a resolved link names (a file, or a folder's README.md), if there is one. */
  pageFile(path: string): string | undefined;
  /** The page of a file, read once. */
  docPage(path: string, title: string): SyncPage;
  warn(message: string): void;
}

/**
 * The page tree SUMMARY.md describes. Each markdown file is one page, at its first entry
 * without an anchor (or its first entry, when all have one); an entry to an anchor of a page, or
 * a second entry to a page, is a link page to that page and anchor, keeping its place and title.
 * An entry to a URL is a link page too. Entries under a link page, or under an entry that names
 * no page, move up to its level.
 */
export function pagesFromSummary(file: SummaryFile, ctx: SummaryContext): SyncPage[] {
  const bullet = file.bullet ?? '*';
  const resolved = new Map<SummaryEntry, { file: string; fragment: string } | undefined>();
  const owner = new Map<string, SummaryEntry>();
  const visit = (list: SummaryEntry[], pass: 'plain' | 'any') => {
    for (const e of list) {
      if (!resolved.has(e)) {
        const r = isExternal(e.link) ? undefined : resolveLink(ctx.summaryPath, unescapeDestination(e.link));
        const page = r ? ctx.pageFile(r.path) : undefined;
        resolved.set(e, page && r ? { file: page, fragment: r.fragment } : undefined);
      }
      const at = resolved.get(e);
      if (at && !owner.has(at.file) && (pass === 'any' || !at.fragment)) owner.set(at.file, e);
      visit(e.children, pass);
    }
  };
  for (const pass of ['plain', 'any'] as const) for (const g of file.groups) visit(g.entries, pass);

  const keys = new Map<string, number>();
  const unique = (key: string) => {
    const n = (keys.get(key) ?? 0) + 1;
    keys.set(key, n);
    return n > 1 ? `${key}#${n}` : key;
  };
  const withLine = (p: SyncPage, e: { line?: string | undefined; before?: string[] | undefined }, fresh: string): SyncPage => {
    const git = { ...p.git, ...(e.line !== undefined && e.line !== fresh ? { line: e.line } : {}), ...(e.before ? { before: e.before } : {}) };
    return Object.keys(git).length ? { ...p, git } : p;
  };
  const label = (e: SummaryEntry) => (e.label !== undefined ? { linkTitle: e.label } : {});

  const fromEntry = (e: SummaryEntry): SyncPage[] => {
    const children = () => e.children.flatMap(fromEntry);
    if (e.block !== undefined) {
      const computed = computedSource(e.block);
      if (!computed) {
        ctx.warn(`${ctx.summaryPath} has a code block entry that describes no computed pages (OpenAPI, integration or translation); it was left out`);
        return children();
      }
      const spec = (computed.dependencies?.spec as { ref?: { spec?: unknown } } | undefined)?.ref?.spec;
      const page: SyncPage = {
        kind: 'computed',
        title: typeof spec === 'string' ? `OpenAPI: ${spec}` : computed.type,
        computed,
        path: unique(`computed:${JSON.stringify(computed)}`),
        meta: {},
        markdown: '',
        pages: [],
      };
      return [withLine(page, e, blockLine(bullet, e.block)), ...children()];
    }
    const title = e.title.slice(0, 100) || 'Untitled';
    if (isExternal(e.link) && /^[a-z][a-z0-9+.-]*:|^\/\//i.test(e.link)) {
      const page: SyncPage = {
        kind: 'link',
        title: title === 'Untitled' ? e.link.slice(0, 100) : title,
        href: unescapeDestination(e.link),
        path: unique(`link:${e.link}`),
        ...label(e),
        meta: {},
        markdown: '',
        pages: [],
      };
      return [withLine(page, e, entryLine(bullet, { title: page.title, link: e.link, label: e.label })), ...children()];
    }
    const at = resolved.get(e);
    if (!at) {
      ctx.warn(`${ctx.summaryPath} lists "${e.link}", which is not a markdown page of the folder${e.children.length ? '; the entries under it move up' : ''}`);
      return children();
    }
    const link = `${defaultLink(ctx.summaryPath, at.file, '')}`;
    if (owner.get(at.file) === e) {
      if (at.fragment) ctx.warn(`${ctx.summaryPath} lists "${at.file}" only with an anchor (${at.fragment}); the page is the whole file`);
      const page = { ...ctx.docPage(at.file, title), ...label(e) };
      page.pages = children();
      return [withLine(page, e, entryLine(bullet, { title, link: link + at.fragment, label: e.label }))];
    }
    const anchor = at.fragment.replace(/^#/, '');
    const page: SyncPage = {
      kind: 'link',
      title,
      path: unique(`link:${at.file}${at.fragment}`),
      target: { path: at.file, ...(anchor ? { anchor } : {}) },
      ...label(e),
      meta: {},
      markdown: '',
      pages: [],
    };
    return [withLine(page, e, entryLine(bullet, { title, link: link + at.fragment, label: e.label })), ...children()];
  };

  const pages: SyncPage[] = [];
  for (const g of file.groups) {
    const items = g.entries.flatMap(fromEntry);
    if (g.title === undefined) {
      pages.push(...items);
      continue;
    }
    const title = g.title.slice(0, 100);
    const group: SyncPage = {
      kind: 'group',
      title,
      path: unique(`group:${g.slug ?? slugify(title)}`),
      ...(g.slug ? { slug: g.slug } : {}),
      meta: {},
      markdown: '',
      pages: items,
    };
    pages.push(withLine(group, g, groupLine({ title, slug: g.slug })));
  }
  return pages;
}

/** The source of computed pages a code-block entry describes, when it is one the API knows. */
function computedSource(block: string): SyncPage['computed'] {
  let data: unknown;
  try {
    data = parse(block);
  } catch {
    return undefined;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const d = data as { type?: unknown; props?: unknown; dependencies?: unknown };
  const obj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
  if (typeof d.type !== 'string' || !obj(d.props)) return undefined;
  const known =
    (d.type === 'builtin:openapi' && obj(d.dependencies) && obj(d.dependencies.spec)) ||
    d.type === 'builtin:translation' ||
    /^integration:[^:]+:[^:]+$/.test(d.type);
  if (!known) return undefined;
  // As written, keys in their order, so that export writes the block back the same.
  return d as NonNullable<SyncPage['computed']>;
}
