import type { Token } from 'markdown-it';
import { parseMarkdown } from './markdown.js';

/** A run of text with one style. */
export interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
  href?: string;
}

/**
 * The document model a page is printed from: markdown-it's token stream folded into blocks.
 * The HTML renderer reads the same tokens, so a page looks alike on screen and on paper.
 */
export type Block =
  | { kind: 'heading'; level: number; runs: Run[] }
  | { kind: 'paragraph'; runs: Run[] }
  | { kind: 'list'; ordered: boolean; start: number; items: Block[][] }
  | { kind: 'code'; lang: string; title?: string; text: string }
  | { kind: 'quote'; blocks: Block[] }
  | { kind: 'hint'; style: string; blocks: Block[] }
  | { kind: 'tab'; title: string; blocks: Block[] }
  | { kind: 'embed'; url: string }
  | { kind: 'table'; header: Run[][]; rows: Run[][][] }
  | { kind: 'image'; src: string; alt: string }
  | { kind: 'rule' };

function inlineRuns(children: readonly Token[]): { runs: Run[]; images: { src: string; alt: string }[] } {
  const runs: Run[] = [];
  const images: { src: string; alt: string }[] = [];
  let bold = 0;
  let italic = 0;
  let href: string | undefined;
  const push = (text: string, extra: Partial<Run> = {}) => {
    if (!text) return;
    runs.push({ text, ...(bold ? { bold: true } : {}), ...(italic ? { italic: true } : {}), ...(href ? { href } : {}), ...extra });
  };
  for (const t of children) {
    switch (t.type) {
      case 'text': push(t.content); break;
      case 'code_inline': push(t.content, { code: true }); break;
      case 'strong_open': bold++; break;
      case 'strong_close': bold--; break;
      case 'em_open': italic++; break;
      case 'em_close': italic--; break;
      case 'link_open': href = t.attrGet('href') ?? undefined; break;
      case 'link_close': href = undefined; break;
      case 'softbreak': case 'hardbreak': push(' '); break;
      case 'image': images.push({ src: t.attrGet('src') ?? '', alt: t.content }); break;
      default: if (t.content) push(t.content);
    }
  }
  return { runs, images };
}

/** Blocks from tokens[from, to), and where it stopped. */
function blocks(tokens: readonly Token[], from: number, closeType?: string): { out: Block[]; next: number } {
  const out: Block[] = [];
  let i = from;
  while (i < tokens.length) {
    const t = tokens[i] as Token;
    if (closeType && t.type === closeType && t.level === (tokens[from - 1]?.level ?? -1)) return { out, next: i + 1 };
    switch (t.type) {
      case 'heading_open': {
        const { runs } = inlineRuns(tokens[i + 1]?.children ?? []);
        out.push({ kind: 'heading', level: Number(t.tag.slice(1)), runs });
        i += 3;
        continue;
      }
      case 'paragraph_open': {
        const { runs, images } = inlineRuns(tokens[i + 1]?.children ?? []);
        if (runs.some((r) => r.text.trim())) out.push({ kind: 'paragraph', runs });
        for (const img of images) out.push({ kind: 'image', ...img });
        i += 3;
        continue;
      }
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const ordered = t.type === 'ordered_list_open';
        const items: Block[][] = [];
        let j = i + 1;
        while (tokens[j] && tokens[j]?.type === 'list_item_open') {
          const inner = blocks(tokens, j + 1, 'list_item_close');
          items.push(inner.out);
          j = inner.next;
        }
        out.push({ kind: 'list', ordered, start: Number(t.attrGet('start') ?? 1), items });
        i = j + 1;
        continue;
      }
      case 'fence':
      case 'code_block':
        out.push({ kind: 'code', lang: t.info.trim(), text: t.content.replace(/\n$/, '') });
        i++;
        continue;
      case 'blockquote_open': {
        const inner = blocks(tokens, i + 1, 'blockquote_close');
        out.push({ kind: 'quote', blocks: inner.out });
        i = inner.next;
        continue;
      }
      case 'gb_block_open': {
        const attrs = (t.meta ?? {}) as Record<string, string>;
        const inner = blocks(tokens, i + 1, 'gb_block_close');
        i = inner.next;
        if (t.info === 'hint') out.push({ kind: 'hint', style: attrs.style ?? 'info', blocks: inner.out });
        else if (t.info === 'tab') out.push({ kind: 'tab', title: attrs.title ?? '', blocks: inner.out });
        else if (t.info === 'embed' || t.info === 'file') {
          out.push({ kind: 'embed', url: attrs.url ?? attrs.src ?? '' });
          out.push(...inner.out);
        } else if (t.info === 'code') {
          const title = attrs.title;
          out.push(...inner.out.map((b) => (b.kind === 'code' && title ? { ...b, title } : b)));
        } else out.push(...inner.out);
        continue;
      }
      case 'table_open': {
        const header: Run[][] = [];
        const rows: Run[][][] = [];
        let row: Run[][] | undefined;
        let inHead = false;
        let j = i + 1;
        for (; j < tokens.length && tokens[j]?.type !== 'table_close'; j++) {
          const c = tokens[j] as Token;
          if (c.type === 'thead_open') inHead = true;
          else if (c.type === 'thead_close') inHead = false;
          else if (c.type === 'tr_open') row = [];
          else if (c.type === 'tr_close' && row) {
            if (inHead) header.push(...row);
            else rows.push(row);
          }
          else if (c.type === 'inline' && row) row.push(inlineRuns(c.children ?? []).runs);
        }
        out.push({ kind: 'table', header, rows });
        i = j + 1;
        continue;
      }
      case 'hr':
        out.push({ kind: 'rule' });
        i++;
        continue;
      default:
        i++;
    }
  }
  return { out, next: i };
}

/** A page's markdown as the document model. */
export function documentModel(markdown: string): Block[] {
  return blocks(parseMarkdown(markdown), 0).out;
}
