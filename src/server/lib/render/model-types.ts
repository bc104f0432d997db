/** A run of text with one style. `\n` alone is a line break. */
export interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
  href?: string;
}

/**
 * The document model a page is printed from: the token stream the HTML renderer reads, folded
 * into blocks, so a page shows the same forms on screen and on paper.
 */
export type Block =
  | { kind: 'heading'; level: number; runs: Run[] }
  | { kind: 'paragraph'; runs: Run[] }
  | { kind: 'list'; ordered: boolean; start: number; items: Block[][]; tasks?: ('open' | 'done' | undefined)[] }
  | { kind: 'code'; lang: string; title?: string; text: string }
  | { kind: 'quote'; blocks: Block[] }
  | { kind: 'hint'; style: string; blocks: Block[] }
  /** A titled part: a tab, a step, an update, an expandable block, a column, a prompt. */
  | { kind: 'section'; title: Run[]; blocks: Block[] }
  /** A card: a page card, a file, an embed, a card of a card table. */
  | { kind: 'card'; title: string; lines: Run[][]; href?: string }
  | { kind: 'table'; header: Run[][]; rows: Run[][][] }
  | { kind: 'image'; src: string; alt: string; caption?: Run[]; inline?: boolean }
  | { kind: 'rule' };

export interface ModelOptions {
  /** The title of the page a link points at: mentions and page cards show it. */
  linkTitle?(href: string): string | undefined;
}
