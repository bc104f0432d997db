import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import { gitbookBlocks } from './blocks.js';

/**
 * The one markdown parser of the server. Raw HTML is kept (`html: true`): Git Sync writes
 * figures, pictures, card tables, expandable blocks and more as HTML. Whatever HTML a page holds
 * reaches a reader only through the allow-list sanitiser (sanitize.ts); markdown-it's link check
 * refuses `javascript:`, `vbscript:`, `file:` and non-image `data:` URLs. The platform's blocks
 * are parsed by blocks.ts.
 */
let parser: MarkdownIt | undefined;

export function markdownParser(): MarkdownIt {
  if (parser) return parser;
  const md = new MarkdownIt({ html: true, linkify: false, typographer: false });
  gitbookBlocks(md);
  parser = md;
  return md;
}

/**
 * The token stream with raw HTML kept as `html_block` / `html_inline` tokens: what a page's
 * markdown says, for readers that find things in it (links, images, anchors) rather than print it.
 */
export function parseDocument(markdown: string): Token[] {
  return markdownParser().parse(markdown, {});
}

/** Whether a URL may be put in an href or src: no script-running schemes. */
export function safeUrl(url: string): boolean {
  return markdownParser().validateLink(url.trim());
}
