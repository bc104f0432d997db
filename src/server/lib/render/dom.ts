import { Element, Text, type AnyNode, type ParentNode } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Anchors } from './anchors.js';
import { isCardTable, readCards } from './cards.js';
import { MENTION_TITLE, type Heading, type HtmlOptions, type RenderedPage } from './options.js';
import { safeUrl } from './parser.js';
import { sanitize } from './sanitize.js';

/**
 * The pass over a rendered page as a tree (htmlparser2's), markdown's HTML and the page's own
 * alike: the HTML forms Git Sync writes become what the platform shows (card tables as cards,
 * page mentions with the page's title, icons, coloured text, framed images, titled code), every
 * link and image is resolved the one way, headings and expandable blocks written as HTML get
 * anchors. The sanitiser then lets through only its allow-list.
 */

const el = (name: string, attribs: Record<string, string>, children: AnyNode[] = []) => {
  const e = new Element(name, attribs);
  for (const c of children) DomUtils.appendChild(e, c);
  return e;
};

const elements = (p: ParentNode) => p.children.filter((c): c is Element => DomUtils.isTag(c));
const addClass = (e: Element, c: string) => (e.attribs.class = [e.attribs.class, c].filter(Boolean).join(' '));
const hasScheme = (u: string) => /^[a-z][a-z0-9+.-]*:/i.test(u);

/** A `<table data-view="cards">` as cards: cover, shown cells, and a link over the whole card. */
function cards(table: Element): Element {
  const t = readCards(table);
  const out = el('div', { class: t.large ? 'cards cards-large' : 'cards' });
  for (const c of t.cards) {
    const fields = c.fields.map((cell) => el('div', { class: 'card-field' }, [...cell.children]));
    const card = el('div', { class: 'card' }, [
      ...(c.cover ? [el('img', { class: 'card-cover', src: c.cover, alt: '' })] : []),
      el('div', { class: 'card-body' }, fields),
    ]);
    if (c.target) DomUtils.appendChild(card, el('a', { class: 'card-link', href: c.target }));
    DomUtils.appendChild(out, card);
  }
  return out;
}

const PALETTE = new Set(['red', 'orange', 'yellow', 'green', 'blue', 'purple', 'primary', 'info', 'success', 'warning', 'danger']);

/** `<mark style="color:red;background-color:purple">`: the platform's palette as classes, nothing else. */
function markClasses(style: string): string {
  const out: string[] = [];
  for (const decl of style.split(';')) {
    const [prop, value] = decl.split(':').map((s) => s.trim().toLowerCase().replace(/^\$/, ''));
    if (!value || !PALETTE.has(value)) continue;
    if (prop === 'color') out.push(`mark-${value}`);
    else if (prop === 'background-color' || prop === 'background') out.push(`mark-bg-${value}`);
  }
  return out.join(' ');
}

/** A srcset of one URL that may hold spaces (`a (1).svg`) or a list of `URL descriptor` pairs. */
function resolveSrcset(srcset: string, resolve: (u: string) => string): string {
  const one = srcset.trim();
  if (!one.includes(',') && !/\s\d+(\.\d+)?[wx]$/.test(one)) return resolve(one);
  return one
    .split(/,\s+/)
    .map((part) => {
      const m = /^(\S+)(\s+\S+)?$/.exec(part.trim());
      return m ? `${resolve(m[1] as string)}${m[2] ?? ''}` : part;
    })
    .join(', ');
}

interface Pass {
  o: HtmlOptions;
  anchors: Anchors;
  headings: Heading[];
}

function link(a: Element, p: Pass): void {
  const href = a.attribs.href;
  if (href === undefined) return;
  if ('data-mention' in a.attribs || a.attribs.title === MENTION_TITLE) {
    if (a.attribs.title === MENTION_TITLE) delete a.attribs.title;
    addClass(a, 'mention');
    const title = p.o.linkTitle?.(href);
    if (title) a.children.splice(0, a.children.length, new Text(title));
  }
  if (href.startsWith('#')) return;
  const to = p.o.resolveLink?.(href) ?? href;
  if (!safeUrl(to)) delete a.attribs.href;
  else {
    a.attribs.href = to;
    if (hasScheme(to)) a.attribs.rel = 'noopener noreferrer';
  }
}

/**
 * Where an image is served from. With a resolver, a relative path that names no file of the
 * revision is not requested at all (it could only answer 404): the image shows its alt text.
 */
function imageUrl(src: string, p: Pass): string | undefined {
  const to = p.o.resolveImage ? (p.o.resolveImage(src) ?? (hasScheme(src) ? src : undefined)) : src;
  return to !== undefined && safeUrl(to) ? to : undefined;
}

function image(img: Element, p: Pass): void {
  const to = imageUrl(img.attribs.src ?? '', p);
  if (to === undefined) delete img.attribs.src;
  else img.attribs.src = to;
  img.attribs.loading = 'lazy';
}

function heading(h: Element, p: Pass, inTable: boolean): void {
  if (inTable) return;
  if (!h.attribs.id) {
    // An anchor written at the end of the heading names it.
    const last = [...h.children].reverse().find((c) => !(c instanceof Text && !c.data.trim()));
    if (last instanceof Element && last.name === 'a' && (last.attribs.id || last.attribs.name) && !DomUtils.textContent(last).trim()) {
      h.attribs.id = (last.attribs.id || last.attribs.name) as string;
      p.anchors.reserve(h.attribs.id);
      DomUtils.removeElement(last);
    } else h.attribs.id = p.anchors.make(DomUtils.textContent(h));
  }
  p.headings.push({ level: Number(h.name.slice(1)), text: DomUtils.textContent(h).trim(), id: h.attribs.id });
}

function visit(parent: ParentNode, p: Pass, inTable: boolean): void {
  for (const e of elements(parent)) {
    if (isCardTable(e)) {
      const made = cards(e);
      DomUtils.replaceElement(e, made);
      visit(made, p, true);
      // The link over a card is named by the card's first text (icons have none once drawn).
      for (const card of elements(made)) {
        const a = elements(card).find((c) => c.name === 'a');
        const body = elements(card).find((c) => c.attribs.class === 'card-body');
        const name = body
          ? elements(body)
              .map((f) => DomUtils.textContent(f).trim())
              .find(Boolean)
          : undefined;
        if (a) a.attribs['aria-label'] = name ?? a.attribs.href ?? '';
      }
      continue;
    }
    switch (e.name) {
      case 'a':
        link(e, p);
        break;
      case 'img':
        image(e, p);
        break;
      case 'source': {
        // The page is light: a picture's dark-mode variant would show on it in a dark system theme.
        if (/prefers-color-scheme\s*:\s*dark/i.test(e.attribs.media ?? '')) {
          DomUtils.removeElement(e);
          continue;
        }
        if (e.attribs.srcset) e.attribs.srcset = resolveSrcset(e.attribs.srcset, (u) => imageUrl(u, p) ?? '');
        break;
      }
      case 'i': {
        const icon = /(?:^|\s)fa-([\w-]+)/.exec(e.attribs.class ?? '')?.[1];
        if (icon) {
          DomUtils.replaceElement(e, el('span', { class: 'icon', role: 'img', 'aria-label': icon.replace(/-/g, ' ') }));
          continue;
        }
        break;
      }
      case 'mark':
        e.attribs.class = markClasses(e.attribs.style ?? '');
        break;
      case 'div':
        if (e.attribs['data-with-frame'] === 'true') addClass(e, 'frame');
        break;
      case 'table': {
        // Git Sync keeps a hidden header's cells (their widths, sometimes names); the platform does not show them.
        const head = 'data-header-hidden' in e.attribs ? elements(e).find((c) => c.name === 'thead') : undefined;
        if (head) DomUtils.removeElement(head);
        break;
      }
      case 'button':
        e.attribs.type = 'button';
        break;
      case 'pre': {
        if (e.attribs['data-overflow'] === 'wrap') addClass(e, 'code-wrap');
        const title = e.attribs['data-title'];
        if (title !== undefined && !(e.parent instanceof Element && e.parent.name === 'figure')) {
          const fig = el('figure', { class: 'code-block' });
          DomUtils.replaceElement(e, fig);
          if (title) DomUtils.appendChild(fig, el('figcaption', {}, [new Text(title)]));
          DomUtils.appendChild(fig, e);
        }
        break;
      }
      case 'details': {
        const summary = elements(e).find((c) => c.name === 'summary');
        if (!e.attribs.id && summary) e.attribs.id = p.anchors.make(DomUtils.textContent(summary), 'details');
        break;
      }
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6':
        heading(e, p, inTable);
        break;
    }
    visit(e, p, inTable || e.name === 'table');
  }
}

/** The rendered page's final HTML: forms turned into what the platform shows, then sanitised. */
export function finishHtml(html: string, o: HtmlOptions, anchors: Anchors): RenderedPage {
  const doc = parseDocument(html);
  const p: Pass = { o, anchors, headings: [] };
  visit(doc, p, false);
  return { html: sanitize(DomUtils.getOuterHTML(doc)), headings: p.headings };
}
