import type { Token } from 'markdown-it';
import type { DominoElement, DominoNode } from '@mixmark-io/domino';
import { markdownParser, parseDocument } from './render/markdown.js';

/**
 * The link targets a page's markdown holds, found in the document the renderer parses (so never
 * in code: fenced, indented or inline code is text there), as written: resolving them is
 * links-resolve.ts's work.
 */

/** How a target was written. */
export type LinkForm = 'link' | 'image' | 'block' | 'html';

export interface WrittenTarget {
  target: string;
  form: LinkForm;
}

/** The URLs of a piece of HTML's `<a href>`, `<img src>` and `<source srcset>`, outside `<code>` and `<pre>`. */
export type HtmlUrls = (html: string) => string[];

/** The platform's blocks that point somewhere, and the attribute that says where. */
const BLOCK_TARGET: Readonly<Record<string, string>> = {
  embed: 'url',
  'content-ref': 'url',
  file: 'src',
  swagger: 'src',
  openapi: 'src',
};

/**
 * A markdown destination as its page spells it: markdown-it hands it percent-encoded
 * (`sleuth_ia_graphic%20(1).png`, `%E8%B3%87…`), which a link list would show a person who looks
 * for it in the page; resolving decodes it either way.
 */
const asWritten = (url: string | null) => (url ? markdownParser().normalizeLinkText(url) : url);

/** Raw HTML worth a parse: a tag that may carry a URL we look for. */
const URL_TAG = /<(?:a|img|source)[\s/>]/i;

/**
 * Every target of the page, in the order written; those of raw HTML after the others (the HTML
 * of a page is parsed as one piece, so that a `<code>` opened in one token and closed in a later
 * one still holds what is between).
 */
export function writtenTargets(markdown: string, htmlUrls: HtmlUrls): WrittenTarget[] {
  const out: WrittenTarget[] = [];
  const html: string[] = [];
  const add = (target: string | null | undefined, form: LinkForm) => {
    if (target) out.push({ target, form });
  };
  const walk = (tokens: readonly Token[]) => {
    for (const t of tokens) {
      if (t.type === 'inline') walk(t.children ?? []);
      else if (t.type === 'link_open') add(asWritten(t.attrGet('href')), 'link');
      else if (t.type === 'image') add(asWritten(t.attrGet('src')), 'image');
      else if (t.type === 'html_block' || t.type === 'html_inline') html.push(t.content);
      else if (t.type === 'gb_block_open') {
        const attr = BLOCK_TARGET[t.info];
        if (attr) add((t.meta as Record<string, string> | null)?.[attr], 'block');
      }
    }
  };
  walk(parseDocument(markdown));
  const joined = html.join('\n');
  if (URL_TAG.test(joined)) for (const u of htmlUrls(joined)) add(u, 'html');
  return out;
}

/** The URLs of a `srcset`: each candidate's URL, its width or density left out. */
function srcsetUrls(srcset: string): string[] {
  return srcset
    .split(',')
    .map((c) => c.trim().split(/\s+/)[0] ?? '')
    .filter(Boolean);
}

let reader: HtmlUrls | undefined;

/**
 * The HTML reader, a real HTML5 parser (domino, which turndown already brings): attribute
 * values come out with their entities decoded, and `<script>`, `<textarea>` or comments hold no
 * links. Loaded on first use.
 */
export async function htmlUrlReader(): Promise<HtmlUrls> {
  if (reader) return reader;
  const { createDocument } = await import('@mixmark-io/domino');
  reader = (html) => {
    const out: string[] = [];
    // Depth first, in document order, never into code.
    const visit = (node: DominoNode | null): void => {
      for (let n = node; n; n = n.nextSibling) {
        if (n.nodeType !== 1) continue;
        const el = n as DominoElement;
        const tag = el.localName;
        if (tag === 'code' || tag === 'pre') continue;
        if (tag === 'a') out.push(el.getAttribute('href') ?? '');
        else if (tag === 'img') out.push(el.getAttribute('src') ?? '');
        else if (tag === 'source') out.push(...srcsetUrls(el.getAttribute('srcset') ?? ''));
        visit(el.firstChild);
      }
    };
    visit(createDocument(html, true).documentElement);
    return out.map((u) => u.trim()).filter(Boolean);
  };
  return reader;
}
