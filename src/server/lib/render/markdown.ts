import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import { gitbookBlocks, type BlockAttrs } from './blocks.js';
import { anchorFor } from './anchors.js';

/**
 * The one markdown parser of the server. Raw HTML is off (`html: false`), so tags written in
 * page content come out as text, and markdown-it's link check refuses `javascript:`,
 * `vbscript:`, `file:` and non-image `data:` URLs; the platform's blocks are parsed by
 * blocks.ts. Its token stream is the document model the HTML and PDF renderers both read.
 */
let parser: MarkdownIt | undefined;

export function markdownParser(): MarkdownIt {
  if (parser) return parser;
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
  gitbookBlocks(md);
  parser = md;
  return md;
}

/** Parses markdown into the token stream (the document model). */
export function parseMarkdown(markdown: string): Token[] {
  return markdownParser().parse(markdown, {});
}

let documentParser: MarkdownIt | undefined;

/**
 * The token stream with raw HTML kept as `html_block` / `html_inline` tokens: what a page's
 * markdown says, for readers that find things in it (links, images, anchors) rather than print it.
 */
export function parseDocument(markdown: string): Token[] {
  if (!documentParser) {
    documentParser = new MarkdownIt({ html: true, linkify: false, typographer: false });
    gitbookBlocks(documentParser);
  }
  return documentParser.parse(markdown, {});
}

/** Whether a URL may be put in an href or src: no script-running schemes. */
export function safeUrl(url: string): boolean {
  return markdownParser().validateLink(url.trim());
}

export interface HtmlOptions {
  /** Where a link points in the rendered site: page references, relative `.md` paths, assets. */
  resolveLink?(href: string): string | undefined;
  /** Where an image (or a linked file) is served from. */
  resolveImage?(src: string): string | undefined;
}

export interface Heading {
  level: number;
  text: string;
  id: string;
}

export interface RenderedPage {
  html: string;
  headings: Heading[];
}

const esc = (s: string) => markdownParser().utils.escapeHtml(s);

function attrsOf(t: Token): BlockAttrs {
  return (t.meta ?? {}) as BlockAttrs;
}

const HINT_STYLES = new Set(['info', 'warning', 'danger', 'success']);

function openBlock(t: Token, href: (u: string) => string | undefined): string {
  const a = attrsOf(t);
  switch (t.info) {
    case 'hint': {
      const style = HINT_STYLES.has(a.style ?? '') ? (a.style as string) : 'info';
      return `<div class="hint hint-${style}" role="note">\n`;
    }
    case 'tabs':
      return '<div class="tabs">\n';
    case 'tab':
      return `<section class="tab"><h4 class="tab-title">${esc(a.title ?? '')}</h4>\n`;
    case 'code':
      return `<figure class="code-block">${a.title ? `<figcaption>${esc(a.title)}</figcaption>` : ''}\n`;
    case 'content-ref':
      return '<div class="content-ref">\n';
    case 'embed':
    case 'file': {
      const url = a.url ?? a.src ?? '';
      const target = href(url);
      const label = esc(url);
      return `<div class="embed">${target ? `<a href="${esc(target)}" rel="noopener noreferrer">${label}</a>` : label}\n`;
    }
    default:
      return `<div class="block block-${esc(t.info)}">\n`;
  }
}

function closeBlock(t: Token): string {
  if (t.info === 'tab') return '</section>\n';
  if (t.info === 'code') return '</figure>\n';
  return '</div>\n';
}

/** Gives headings an `id` (their anchor) and collects them, in order. */
function anchorHeadings(tokens: Token[]): Heading[] {
  const used = new Map<string, number>();
  const out: Heading[] = [];
  tokens.forEach((t, i) => {
    if (t.type !== 'heading_open') return;
    const inline = tokens[i + 1];
    const text = inline?.children?.filter((c) => c.type === 'text' || c.type === 'code_inline').map((c) => c.content).join('') ?? '';
    const id = anchorFor(text, used);
    t.attrSet('id', id);
    out.push({ level: Number(t.tag.slice(1)), text, id });
  });
  return out;
}

/** Rewrites link and image targets through the options, dropping the unsafe ones. */
function resolveTargets(tokens: Token[], o: HtmlOptions): void {
  for (const t of tokens) {
    if (t.children) resolveTargets(t.children, o);
    if (t.type === 'link_open') {
      const href = t.attrGet('href') ?? '';
      const to = o.resolveLink?.(href) ?? href;
      if (safeUrl(to)) t.attrSet('href', to);
      else t.attrSet('href', '#');
    } else if (t.type === 'image') {
      const src = t.attrGet('src') ?? '';
      const to = o.resolveImage?.(src) ?? src;
      if (safeUrl(to)) t.attrSet('src', to);
      else t.attrSet('src', '');
      t.attrSet('loading', 'lazy');
    }
  }
}

/** The page's markdown as HTML, with its headings' anchors. */
export function renderHtml(markdown: string, o: HtmlOptions = {}): RenderedPage {
  const md = markdownParser();
  const tokens = md.parse(markdown, {});
  const headings = anchorHeadings(tokens);
  resolveTargets(tokens, o);
  const link = (u: string) => {
    const to = o.resolveLink?.(u) ?? u;
    return safeUrl(to) ? to : undefined;
  };
  const rules = {
    ...md.renderer.rules,
    gb_block_open: (ts: Token[], i: number) => openBlock(ts[i] as Token, link),
    gb_block_close: (ts: Token[], i: number) => closeBlock(ts[i] as Token),
  };
  // A private renderer: the shared one's rules stay untouched by per-call link resolution.
  const renderer = Object.assign(Object.create(Object.getPrototypeOf(md.renderer) as object) as typeof md.renderer, { rules });
  return { html: renderer.render(tokens, md.options, {}), headings };
}
