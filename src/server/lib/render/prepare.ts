import type { Token } from 'markdown-it';
import type { Anchors } from './anchors.js';

/**
 * What the HTML and PDF renderers both need done to a page's tokens before they read them.
 * Everything here is a pure function of the markdown: no link resolution, no request state.
 */

/** `<a … id="x" …>` (or `name="x"`): the anchor an opening tag names. */
const ANCHOR_OPEN = /^<a\s[^>]*?\b(?:id|name)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))[^>]*>$/i;

const isBlank = (t: Token) => t.type === 'text' && !t.content.trim();

/**
 * The anchor written at the end of a heading (`## Title <a href="#x" id="x"></a>`, or the older
 * `<a id="x"></a>`), and the heading's children without it.
 */
function explicitAnchor(children: Token[]): { id: string; rest: Token[] } | undefined {
  let end = children.length;
  while (end > 0 && isBlank(children[end - 1] as Token)) end--;
  const close = children[end - 1];
  const open = children[end - 2];
  if (close?.type !== 'html_inline' || !/^<\/a\s*>$/i.test(close.content) || open?.type !== 'html_inline') return undefined;
  const m = ANCHOR_OPEN.exec(open.content.trim());
  const id = m ? (m[1] ?? m[2] ?? m[3] ?? '').trim() : '';
  if (!id) return undefined;
  const rest = children.slice(0, end - 2);
  const last = rest[rest.length - 1];
  if (last?.type === 'text') last.content = last.content.trimEnd();
  return { id, rest };
}

/** The text a heading shows: its text and code, without markup. */
export function inlineText(children: readonly Token[]): string {
  let out = '';
  for (const c of children) {
    if (c.type === 'text' || c.type === 'code_inline') out += c.content;
    else if (c.type === 'softbreak' || c.type === 'hardbreak') out += ' ';
    else if (c.type === 'image') out += inlineText(c.children ?? []);
  }
  return out.trim();
}

/**
 * Gives every heading its anchor (`attrs.id`): the one written at its end if any, else one made
 * from its text the platform's way. Written anchors are reserved first, so a made one never
 * takes a name a later heading states.
 */
function anchorHeadings(tokens: Token[], anchors: Anchors): void {
  const explicit = new Map<Token, string>();
  tokens.forEach((t, i) => {
    const inline = tokens[i + 1];
    if (t.type !== 'heading_open' || !inline?.children) return;
    const found = explicitAnchor(inline.children);
    if (!found) return;
    inline.children = found.rest;
    explicit.set(t, found.id);
    anchors.reserve(found.id);
  });
  tokens.forEach((t, i) => {
    if (t.type !== 'heading_open') return;
    const text = inlineText(tokens[i + 1]?.children ?? []);
    t.attrSet('id', explicit.get(t) ?? anchors.make(text));
    t.meta = { ...(t.meta as object | null), text };
  });
}

/** Backslash escapes and entities out of a block's title (`iOS \(AEP 3.x\)` → `iOS (AEP 3.x)`). */
function unescapeText(s: string): string {
  return s
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] as string);
}

/** Index of the token closing the block opened at `i`. */
export function closeOf(tokens: readonly Token[], i: number): number {
  const open = tokens[i] as Token;
  for (let j = i + 1; j < tokens.length; j++) {
    const t = tokens[j] as Token;
    if (t.type === 'gb_block_close' && t.level === open.level && t.info === open.info) return j;
  }
  return tokens.length;
}

/**
 * Titles unescaped; a page card (`{% content-ref %}`) keeps its target and the text of the link
 * written inside it (`[install.md](install.md)`), not the link itself: the card shows the page.
 */
function prepareBlocks(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.type !== 'gb_block_open') {
      out.push(t);
      continue;
    }
    const attrs = { ...(t.meta as Record<string, string>) };
    for (const k of ['title', 'description']) if (attrs[k] !== undefined) attrs[k] = unescapeText(attrs[k] as string);
    t.meta = attrs;
    out.push(t);
    if (t.info === 'content-ref') {
      const end = closeOf(tokens, i);
      const inner = tokens.slice(i + 1, end);
      const inline = inner.find((x) => x.type === 'inline');
      attrs.label = inline ? inlineText(inline.children ?? []) : '';
      if (end < tokens.length) out.push(tokens[end] as Token);
      i = end;
    }
  }
  return out;
}

export function prepareTokens(tokens: Token[], anchors: Anchors): Token[] {
  anchorHeadings(tokens, anchors);
  return prepareBlocks(tokens);
}
