import type { default as MarkdownIt, StateBlock } from 'markdown-it';

/**
 * The platform's Liquid-style blocks (`{% hint style="info" %}` … `{% endhint %}`) as
 * markdown-it block tokens `gb_block_open` / `gb_block_close`, with the tag's name in `info`
 * and its attributes in `meta`. What sits between open and close is parsed as markdown.
 */

/** Blocks that wrap content up to their `{% end… %}` tag. */
export const CONTAINERS = ['hint', 'tabs', 'tab', 'code', 'content-ref', 'stepper', 'step', 'columns', 'column', 'swagger', 'openapi'] as const;
/** Blocks that stand alone on one line (an `{% endembed %}` after them is optional). */
export const SINGLES = ['embed', 'file', 'include'] as const;

export type BlockAttrs = Record<string, string>;

const TAG = /^\{%\s*([a-z][\w-]*)((?:\s+[\w-]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s%]+))*)\s*%\}\s*$/;
const ATTR = /([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s%]+))/g;

export function parseTag(line: string): { name: string; attrs: BlockAttrs } | undefined {
  const m = TAG.exec(line.trim());
  if (!m) return undefined;
  const attrs: BlockAttrs = {};
  for (const a of (m[2] ?? '').matchAll(ATTR)) attrs[a[1] as string] = a[2] ?? a[3] ?? a[4] ?? '';
  return { name: m[1] as string, attrs };
}

function lineText(state: StateBlock, line: number): string {
  return state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]);
}

/** The line of the `{% endNAME %}` closing the block opened at `start`, counting nested ones. */
function findEnd(state: StateBlock, start: number, endLine: number, name: string): number {
  let depth = 1;
  for (let line = start + 1; line < endLine; line++) {
    if (state.sCount[line]! - state.blkIndent > 3) continue;
    const tag = parseTag(lineText(state, line));
    if (!tag) continue;
    if (tag.name === name) depth++;
    else if (tag.name === `end${name}`) {
      depth--;
      if (depth === 0) return line;
    }
  }
  return -1;
}

function rule(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent > 3) return false;
  const first = lineText(state, startLine);
  if (!first.startsWith('{%')) return false;
  const tag = parseTag(first);
  if (!tag) return false;
  const isContainer = (CONTAINERS as readonly string[]).includes(tag.name);
  if (!isContainer && !(SINGLES as readonly string[]).includes(tag.name)) return false;
  // A single block (`{% embed %}`) may carry a caption up to an optional `{% endembed %}`.
  const end = findEnd(state, startLine, endLine, tag.name);
  if (isContainer && end < 0) return false;
  if (silent) return true;
  const open = state.push('gb_block_open', 'div', 1);
  open.info = tag.name;
  open.meta = tag.attrs;
  open.block = true;
  open.map = [startLine, end < 0 ? startLine + 1 : end + 1];
  if (end > startLine + 1) {
    const oldParent = state.parentType;
    const oldLineMax = state.lineMax;
    // The inside of a block is parsed as a document of its own, up to the closing tag.
    state.parentType = 'root';
    state.lineMax = end;
    state.md.block.tokenize(state, startLine + 1, end);
    state.parentType = oldParent;
    state.lineMax = oldLineMax;
  }
  const close = state.push('gb_block_close', 'div', -1);
  close.info = tag.name;
  close.block = true;
  state.line = end < 0 ? startLine + 1 : end + 1;
  return true;
}

export function gitbookBlocks(md: MarkdownIt): void {
  md.block.ruler.before('fence', 'gb_block', rule, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
}
