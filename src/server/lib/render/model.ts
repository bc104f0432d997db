import type { Token } from 'markdown-it';
import { Anchors } from './anchors.js';
import { parseDocument } from './parser.js';
import { prepareTokens, closeOf } from './prepare.js';
import { htmlBlock } from './model-html.js';
import { fileName, hostOf, longDate } from './html-blocks.js';
import type { Block, ModelOptions, Run } from './model-types.js';
import { MENTION_TITLE } from './options.js';

export type { Block, ModelOptions, Run } from './model-types.js';

const TAG = /^<(\/?)([a-zA-Z][\w-]*)([^>]*)>$/;
const attr = (attrs: string, name: string) =>
  new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
    .exec(attrs)
    ?.slice(1)
    .find((v) => v !== undefined);
/** Stands for a markdown mention's end (its link_close token) in `skipUntil`, which no tag is named. */
const MENTION_END = ' mention';
const SKIPPED = new Set(['script', 'style', 'select', 'option', 'textarea', 'template', 'svg', 'iframe', 'object', 'noscript', 'title']);

/** A paragraph's (or heading's, or cell's) runs, HTML tags inside it included, and its images. */
function inlineRuns(children: readonly Token[], o: ModelOptions): { runs: Run[]; images: Block[] } {
  const runs: Run[] = [];
  const images: Block[] = [];
  let bold = 0;
  let italic = 0;
  let code = 0;
  const hrefs: (string | undefined)[] = [];
  /** Text is left out until this tag closes (an icon's `:globe:`, a mention's file name, a script). */
  let skipUntil: string | undefined;
  const push = (text: string, extra: Partial<Run> = {}) => {
    if (!text || skipUntil) return;
    const href = hrefs[hrefs.length - 1];
    runs.push({
      text,
      ...(bold ? { bold: true } : {}),
      ...(italic ? { italic: true } : {}),
      ...(code ? { code: true } : {}),
      ...(href ? { href } : {}),
      ...extra,
    });
  };
  for (const t of children) {
    if (t.type === 'html_inline') {
      const m = TAG.exec(t.content.trim());
      if (!m) continue;
      const [, slash, name = '', attrs = ''] = m;
      const tag = name.toLowerCase();
      const close = slash === '/';
      if (skipUntil) {
        if (close && tag === skipUntil) skipUntil = undefined;
        continue;
      }
      const d = close ? -1 : 1;
      if (tag === 'strong' || tag === 'b') bold += d;
      else if (tag === 'em') italic += d;
      else if (tag === 'i') {
        if (!close && /(?:^|\s|")fa-/.test(attr(attrs, 'class') ?? '')) skipUntil = 'i';
        else italic += d;
      } else if (tag === 'code' || tag === 'kbd') code += d;
      else if (tag === 'br') push('\n');
      else if (tag === 'img') images.push({ kind: 'image', src: attr(attrs, 'src') ?? '', alt: attr(attrs, 'alt') ?? '', inline: true });
      else if (SKIPPED.has(tag) && !close && !attrs.trim().endsWith('/')) skipUntil = tag;
      else if (tag === 'a') {
        if (close) hrefs.pop();
        else {
          const href = attr(attrs, 'href');
          const title = href && /\bdata-mention\b/.test(attrs) ? o.linkTitle?.(href) : undefined;
          hrefs.push(href);
          if (title) {
            push(title);
            hrefs.pop();
            skipUntil = 'a';
          }
        }
      }
      bold = Math.max(bold, 0);
      italic = Math.max(italic, 0);
      code = Math.max(code, 0);
      continue;
    }
    switch (t.type) {
      case 'text':
        push(t.content);
        break;
      case 'code_inline':
        push(t.content, { code: true });
        break;
      case 'strong_open':
        bold++;
        break;
      case 'strong_close':
        bold--;
        break;
      case 'em_open':
        italic++;
        break;
      case 'em_close':
        italic--;
        break;
      case 'link_open': {
        const href = t.attrGet('href') ?? undefined;
        const title = href && t.attrGet('title') === MENTION_TITLE ? o.linkTitle?.(href) : undefined;
        hrefs.push(href);
        if (title) {
          push(title);
          skipUntil = MENTION_END;
        }
        break;
      }
      case 'link_close':
        if (skipUntil === MENTION_END) skipUntil = undefined;
        hrefs.pop();
        break;
      case 'softbreak':
        push(' ');
        break;
      case 'hardbreak':
        push('\n');
        break;
      case 'image':
        images.push({ kind: 'image', src: t.attrGet('src') ?? '', alt: t.content });
        break;
      default:
        if (t.content) push(t.content);
    }
  }
  return { runs, images };
}

const hasText = (runs: Run[]) => runs.some((r) => r.text.trim());

/** What a block of the platform becomes, given the blocks inside it. */
function platformBlock(t: Token, inner: Block[], o: ModelOptions, counters: { step: number }): Block[] {
  const a = (t.meta ?? {}) as Record<string, string>;
  switch (t.info) {
    case 'hint':
      return [{ kind: 'hint', style: a.style ?? 'info', blocks: inner }];
    case 'tab':
      return [{ kind: 'section', title: [{ text: a.title ?? '', bold: true }], blocks: inner }];
    case 'code':
      return inner.map((b) => (b.kind === 'code' && a.title ? { ...b, title: a.title } : b));
    case 'content-ref': {
      const url = a.url ?? '';
      return [{ kind: 'card', title: o.linkTitle?.(url) ?? (a.label && a.label !== '.' ? a.label : url), lines: [], href: url }];
    }
    case 'file': {
      const src = a.src ?? a.url ?? '';
      return [{ kind: 'card', title: fileName(src), lines: [[{ text: a.caption || 'File to download' }]], href: src }, ...inner];
    }
    case 'embed': {
      const url = a.url ?? '';
      return [
        { kind: 'card', title: hostOf(url) || url, lines: [[{ text: url, href: url }], ...(a.caption ? [[{ text: a.caption }]] : [])], href: url },
        ...inner,
      ];
    }
    case 'stepper':
      counters.step = 0;
      return inner;
    case 'step':
      return [{ kind: 'section', title: [{ text: `Step ${++counters.step}`, bold: true }], blocks: inner }];
    case 'update': {
      const tags = (a.tags ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const when = longDate(a.date ?? '') ?? a.date ?? '';
      return [{ kind: 'section', title: [{ text: [when, ...tags.map((s) => `[${s}]`)].filter(Boolean).join(' '), bold: true }], blocks: inner }];
    }
    case 'prompt':
      return [{ kind: 'section', title: [{ text: a.description ?? 'Prompt', bold: true }], blocks: inner }];
    case 'include':
      return [
        {
          kind: 'paragraph',
          runs: [{ text: `Reusable content: ${fileName((a.args ?? '').replace(/^["']|["']$/g, '')).replace(/\.md$/i, '')}`, italic: true }],
        },
      ];
    default:
      return inner;
  }
}

/** Where a walk over the tokens is: its options and how far it has gone. */
interface TokenWalk {
  o: ModelOptions;
  counters: { step: number };
}

/** Blocks from tokens[from, to). */
function blocks(tokens: readonly Token[], from: number, to: number, w: TokenWalk): Block[] {
  const out: Block[] = [];
  let i = from;
  while (i < to) {
    const t = tokens[i] as Token;
    switch (t.type) {
      case 'heading_open': {
        out.push({ kind: 'heading', level: Number(t.tag.slice(1)), runs: inlineRuns(tokens[i + 1]?.children ?? [], w.o).runs });
        i += 3;
        continue;
      }
      case 'paragraph_open': {
        const { runs, images } = inlineRuns(tokens[i + 1]?.children ?? [], w.o);
        if (hasText(runs)) out.push({ kind: 'paragraph', runs });
        out.push(...images);
        i += 3;
        continue;
      }
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const end = matching(tokens, i);
        const items: Block[][] = [];
        const tasks: ('open' | 'done' | undefined)[] = [];
        for (let j = i + 1; j < end;) {
          const item = tokens[j] as Token;
          const close = matching(tokens, j);
          items.push(blocks(tokens, j + 1, close, w));
          tasks.push((item.meta as { task?: 'open' | 'done' } | null)?.task);
          j = close + 1;
        }
        out.push({
          kind: 'list',
          ordered: t.type === 'ordered_list_open',
          start: Number(t.attrGet('start') ?? 1),
          items,
          ...(tasks.some(Boolean) ? { tasks } : {}),
        });
        i = end + 1;
        continue;
      }
      case 'fence':
      case 'code_block':
        out.push({ kind: 'code', lang: t.info.trim(), text: t.content.replace(/\n$/, '') });
        i++;
        continue;
      case 'blockquote_open': {
        const end = matching(tokens, i);
        out.push({ kind: 'quote', blocks: blocks(tokens, i + 1, end, w) });
        i = end + 1;
        continue;
      }
      case 'gb_block_open': {
        const end = closeOf(tokens, i);
        out.push(...platformBlock(t, blocks(tokens, i + 1, end, w), w.o, w.counters));
        i = end + 1;
        continue;
      }
      case 'html_block':
        out.push(...htmlBlock(t.content, w.o));
        i++;
        continue;
      case 'table_open': {
        const end = matching(tokens, i);
        const header: Run[][] = [];
        const rows: Run[][][] = [];
        let row: Run[][] | undefined;
        let inHead = false;
        for (let j = i + 1; j < end; j++) {
          const c = tokens[j] as Token;
          if (c.type === 'thead_open') inHead = true;
          else if (c.type === 'thead_close') inHead = false;
          else if (c.type === 'tr_open') row = [];
          else if (c.type === 'tr_close' && row) {
            if (inHead) header.push(...row);
            else rows.push(row);
          } else if (c.type === 'inline' && row) row.push(inlineRuns(c.children ?? [], w.o).runs);
        }
        out.push({ kind: 'table', header, rows });
        i = end + 1;
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
  return out;
}

/** Index of the token closing the one opened at `i` (same nesting level, nesting -1). */
function matching(tokens: readonly Token[], i: number): number {
  const open = tokens[i] as Token;
  for (let j = i + 1; j < tokens.length; j++) {
    const t = tokens[j] as Token;
    if (t.level === open.level && t.nesting === -1) return j;
  }
  return tokens.length;
}

/** A page's markdown as the document model: the prepared token stream the HTML renderer reads. */
export function documentModel(markdown: string, o: ModelOptions = {}): Block[] {
  const tokens = prepareTokens(parseDocument(markdown), new Anchors());
  return blocks(tokens, 0, tokens.length, { o, counters: { step: 0 } });
}
