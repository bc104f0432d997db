import type { Token } from 'markdown-it';
import { DomUtils, parseDocument as parseHtml } from 'htmlparser2';
import { parseMarkdown } from './render/markdown.js';

export interface Section {
  /** Anchor of the heading that opens the section; the page id for the text before any heading. */
  id: string;
  title: string;
  /** The section's text as a reader sees it: no markdown, no HTML tags, no block tags. */
  body: string;
}

/** Elements whose text a reader never sees. */
const UNSEEN = new Set(['script', 'style', 'select', 'option', 'template', 'noscript', 'svg']);

/** The text an HTML fragment shows. */
function htmlText(html: string): string {
  const doc = parseHtml(html);
  for (const e of DomUtils.findAll((el) => UNSEEN.has(el.name), doc.children)) DomUtils.removeElement(e);
  return DomUtils.textContent(doc);
}

function inlineText(children: readonly Token[]): string {
  let out = '';
  for (const c of children) {
    if (c.type === 'text' || c.type === 'code_inline') out += c.content;
    else if (c.type === 'softbreak' || c.type === 'hardbreak') out += ' ';
    else if (c.type === 'html_inline' && /^<(br|img)\b/i.test(c.content)) out += ' ';
  }
  return out;
}

const tidy = (s: string) =>
  s
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n[\s]*/g, '\n')
    .trim();

/**
 * A page's text cut at its headings, as plain text; text before the first heading is its own
 * section. Sections are read from the token stream the renderers read, so each section's anchor
 * is the id its heading has on the rendered page.
 */
export function splitSections(pageId: string, pageTitle: string, markdown: string): Section[] {
  const out: Section[] = [];
  let current: Section = { id: pageId, title: pageTitle, body: '' };
  const tokens = parseMarkdown(markdown);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.type === 'heading_open') {
      if (current.body.trim() || current.id !== pageId) out.push(current);
      current = { id: t.attrGet('id') ?? '', title: (t.meta as { text?: string } | null)?.text ?? '', body: '' };
      i += 2;
      continue;
    }
    if (t.type === 'inline') current.body += `${inlineText(t.children ?? [])}\n`;
    else if (t.type === 'fence' || t.type === 'code_block') current.body += `${t.content}\n`;
    else if (t.type === 'html_block') current.body += `${htmlText(t.content)}\n`;
    else if (t.type === 'gb_block_open' && t.info === 'tab') current.body += `${(t.meta as { title?: string }).title ?? ''}\n`;
  }
  if (current.body.trim() || current.id !== pageId) out.push(current);
  return out.map((s) => ({ ...s, body: tidy(s.body) }));
}
