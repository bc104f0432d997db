import type { Element } from 'domhandler';
import { DomUtils } from 'htmlparser2';

/**
 * Card tables as Git Sync writes them: `<table data-view="cards">`, whose header cells say what
 * each column is (`data-card-target`: where the card leads; `data-card-cover`: its picture;
 * `data-hidden`: not shown) and whose rows are the cards. Read here once for both renderers.
 */

export interface Card {
  /** Where the card leads, as written (a page path, a file, a URL). */
  target?: string;
  /** Its cover picture, as written. */
  cover?: string;
  /** The cells shown, in order. */
  fields: Element[];
}

export interface CardTable {
  large: boolean;
  cards: Card[];
}

export const isCardTable = (el: Element) => el.name === 'table' && el.attribs['data-view'] === 'cards';

const cellsOf = (tr: Element) => tr.children.filter((c): c is Element => DomUtils.isTag(c) && (c.name === 'td' || c.name === 'th'));

/** The URL a cell holds: its first link's or image's, else its text when that is all it is. */
function urlIn(cell: Element): string | undefined {
  const a = DomUtils.findOne((e) => e.name === 'a' && !!e.attribs.href, cell.children);
  if (a) return a.attribs.href;
  const img = DomUtils.findOne((e) => e.name === 'img' && !!e.attribs.src, cell.children);
  if (img) return img.attribs.src;
  const text = DomUtils.textContent(cell).trim();
  return text && !/\s/.test(text) ? text : undefined;
}

export function readCards(table: Element): CardTable {
  const rows = DomUtils.findAll((e) => e.name === 'tr', table.children);
  const head = rows.find((r) => r.parent && DomUtils.isTag(r.parent) && r.parent.name === 'thead');
  const kinds = (head ? cellsOf(head) : []).map((th) => {
    const has = (a: string) => a in th.attribs;
    if (has('data-card-target')) return 'target';
    if (has('data-card-cover')) return 'cover';
    if (has('data-card-cover-dark') || has('data-hidden')) return 'hidden';
    return 'field';
  });
  const cards = rows
    .filter((r) => r !== head)
    .map((r) => {
      const card: Card = { fields: [] };
      cellsOf(r).forEach((cell, k) => {
        const kind = kinds[k] ?? 'field';
        if (kind === 'target') card.target = urlIn(cell);
        else if (kind === 'cover') card.cover = urlIn(cell);
        else if (kind === 'field') card.fields.push(cell);
      });
      return card;
    });
  return { large: table.attribs['data-card-size'] === 'large', cards };
}
