import type { Token } from 'markdown-it';
import { Anchors } from './anchors.js';
import { prepareTokens } from './prepare.js';
import { blockRules, type RenderEnv } from './html-blocks.js';
import { finishHtml } from './dom.js';
import { markdownParser, parseDocument } from './parser.js';
import type { HtmlOptions, RenderedPage } from './options.js';

export { markdownParser, parseDocument, safeUrl } from './parser.js';
export type { Heading, HtmlOptions, RenderedPage } from './options.js';

/**
 * The document model both renderers read (HTML here, PDF through model.ts): the token stream
 * with headings anchored, anchors written in headings taken out of them, block titles unescaped
 * and page cards reduced to their target.
 */
export function parseMarkdown(markdown: string, anchors = new Anchors()): Token[] {
  return prepareTokens(parseDocument(markdown), anchors);
}

/**
 * The page's markdown as HTML, with its headings' anchors: markdown-it's rendering with the
 * platform's blocks (html-blocks.ts), then one pass over the result as a tree (dom.ts) and the
 * allow-list sanitiser (sanitize.ts). The output depends only on the markdown and on what the
 * options answer, so it can be kept per (revision, page).
 */
export function renderHtml(markdown: string, o: HtmlOptions = {}): RenderedPage {
  const md = markdownParser();
  const anchors = new Anchors();
  const tokens = parseMarkdown(markdown, anchors);
  const env: RenderEnv = { options: o, counters: { tabs: 0 } };
  // A private renderer: the shared one's rules stay untouched.
  const renderer = Object.assign(Object.create(Object.getPrototypeOf(md.renderer) as object) as typeof md.renderer, { rules: blockRules(md.renderer.rules) });
  return finishHtml(renderer.render(tokens, md.options, env), o, anchors);
}
