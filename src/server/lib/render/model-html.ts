import { type AnyNode, type Element } from 'domhandler';
import { DomUtils, parseDocument as parseHtml } from 'htmlparser2';
import { isCardTable, readCards } from './cards.js';
import type { Block, ModelOptions, Run } from './model-types.js';

/**
 * The HTML a page holds (Git Sync's figures, pictures, card tables, tables, expandable blocks,
 * aligned paragraphs, HTML code blocks) as blocks of the document model, for the PDF. Unknown
 * elements give their text; script-like ones give nothing, as on the web page.
 */

const UNSEEN = new Set(['script', 'style', 'select', 'option', 'template', 'noscript', 'svg', 'iframe', 'object', 'textarea', 'title', 'math']);
const BLOCKS = new Set([
  'p',
  'div',
  'figure',
  'figcaption',
  'table',
  'ul',
  'ol',
  'li',
  'pre',
  'details',
  'summary',
  'blockquote',
  'picture',
  'section',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'img',
  'thead',
  'tbody',
  'tr',
]);

interface Style {
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
  href?: string;
}

const isEl = (n: AnyNode): n is Element => DomUtils.isTag(n);

/** The runs of phrasing content, and the images it holds. */
export function runsOf(nodes: readonly AnyNode[], o: ModelOptions, style: Style = {}, images: Block[] = []): { runs: Run[]; images: Block[] } {
  const runs: Run[] = [];
  const push = (text: string) =>
    text &&
    runs.push({
      text,
      ...(style.bold ? { bold: true } : {}),
      ...(style.italic ? { italic: true } : {}),
      ...(style.code ? { code: true } : {}),
      ...(style.href ? { href: style.href } : {}),
    });
  for (const n of nodes) {
    if (!isEl(n)) {
      if (n.type === 'text') push((n as unknown as { data: string }).data);
      continue;
    }
    if (UNSEEN.has(n.name)) continue;
    const a = n.attribs;
    switch (n.name) {
      case 'br':
        runs.push({ text: '\n' });
        continue;
      case 'img':
        images.push({ kind: 'image', src: a.src ?? '', alt: a.alt ?? '', inline: true });
        continue;
      case 'source':
        continue;
      case 'i':
        if (/(?:^|\s)fa-/.test(a.class ?? '')) continue;
        break;
      case 'a':
        if ('data-mention' in a && a.href) {
          const title = o.linkTitle?.(a.href);
          if (title) {
            runs.push({ text: title, href: a.href, ...(style.bold ? { bold: true } : {}) });
            continue;
          }
        }
        break;
    }
    const inner: Style = {
      ...style,
      ...(['strong', 'b', 'th'].includes(n.name) ? { bold: true } : {}),
      ...(['em', 'i'].includes(n.name) ? { italic: true } : {}),
      ...(['code', 'kbd', 'samp'].includes(n.name) ? { code: true } : {}),
      ...(n.name === 'a' && a.href ? { href: a.href } : {}),
    };
    runs.push(...runsOf(n.children, o, inner, images).runs);
  }
  return { runs, images };
}

const textOf = (runs: Run[]) =>
  runs
    .map((r) => r.text)
    .join('')
    .trim();

function table(el: Element, o: ModelOptions): Block {
  const rows = DomUtils.findAll((e) => e.name === 'tr', el.children);
  const cells = (tr: Element) =>
    tr.children.filter((c): c is Element => isEl(c) && (c.name === 'td' || c.name === 'th')).map((c) => runsOf(c.children, o).runs);
  const head = rows.find((r) => r.parent && isEl(r.parent) && r.parent.name === 'thead');
  return { kind: 'table', header: head ? cells(head) : [], rows: rows.filter((r) => r !== head).map(cells) };
}

function cards(el: Element, o: ModelOptions): Block[] {
  return readCards(el).cards.map((c) => {
    const [first, ...rest] = c.fields.map((f) => runsOf(f.children, o).runs).filter((r) => textOf(r));
    return { kind: 'card', title: textOf(first ?? []), lines: rest, ...(c.target ? { href: c.target } : {}) } satisfies Block;
  });
}

/** Blocks from a list of nodes: block elements become blocks, runs of phrasing content paragraphs. */
export function htmlBlocks(nodes: readonly AnyNode[], o: ModelOptions): Block[] {
  const out: Block[] = [];
  let inline: AnyNode[] = [];
  const flush = () => {
    if (!inline.length) return;
    const { runs, images } = runsOf(inline, o);
    if (textOf(runs)) out.push({ kind: 'paragraph', runs });
    out.push(...images);
    inline = [];
  };
  for (const n of nodes) {
    if (!isEl(n) || !BLOCKS.has(n.name)) {
      if (isEl(n) && UNSEEN.has(n.name)) continue;
      inline.push(n);
      continue;
    }
    flush();
    switch (n.name) {
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6':
        out.push({ kind: 'heading', level: Number(n.name.slice(1)), runs: runsOf(n.children, o).runs });
        break;
      case 'table':
        if (isCardTable(n)) out.push(...cards(n, o));
        else out.push(table(n, o));
        break;
      case 'img':
        out.push({ kind: 'image', src: n.attribs.src ?? '', alt: n.attribs.alt ?? '' });
        break;
      case 'figure': {
        const caption = n.children.find((c): c is Element => isEl(c) && c.name === 'figcaption');
        const blocks = htmlBlocks(
          n.children.filter((c) => c !== caption),
          o,
        ).map((b) => (b.kind === 'image' ? { ...b, inline: false } : b));
        const text = caption ? runsOf(caption.children, o).runs : [];
        const last = blocks[blocks.length - 1];
        if (last?.kind === 'image' && textOf(text)) blocks[blocks.length - 1] = { ...last, caption: text };
        else if (textOf(text)) blocks.push({ kind: 'paragraph', runs: text.map((r) => ({ ...r, italic: true })) });
        out.push(...blocks);
        break;
      }
      case 'picture': {
        const img = n.children.find((c): c is Element => isEl(c) && c.name === 'img');
        if (img) out.push({ kind: 'image', src: img.attribs.src ?? '', alt: img.attribs.alt ?? '' });
        break;
      }
      case 'pre':
        out.push({
          kind: 'code',
          lang: '',
          text: DomUtils.textContent(n).replace(/\n$/, ''),
          ...(n.attribs['data-title'] ? { title: n.attribs['data-title'] } : {}),
        });
        break;
      case 'summary':
        out.push({ kind: 'paragraph', runs: runsOf(n.children, o, { bold: true }).runs });
        break;
      case 'ul':
      case 'ol':
        out.push({
          kind: 'list',
          ordered: n.name === 'ol',
          start: Number(n.attribs.start ?? 1) || 1,
          items: n.children.filter((c): c is Element => isEl(c) && c.name === 'li').map((li) => htmlBlocks(li.children, o)),
        });
        break;
      case 'hr':
        out.push({ kind: 'rule' });
        break;
      case 'blockquote':
        out.push({ kind: 'quote', blocks: htmlBlocks(n.children, o) });
        break;
      default:
        out.push(...htmlBlocks(n.children, o));
    }
  }
  flush();
  return out;
}

/** An HTML block of a page (it may open an element that markdown after it fills). */
export function htmlBlock(html: string, o: ModelOptions): Block[] {
  return htmlBlocks(parseHtml(html).children, o);
}
