import type { default as MarkdownIt, StateBlock, StateCore } from 'markdown-it';

/**
 * The platform's Liquid-style blocks (`{% hint style="info" %}` … `{% endhint %}`) as
 * markdown-it block tokens `gb_block_open` / `gb_block_close`, with the tag's name in `info` and
 * its attributes in `meta`. What sits between open and close is parsed as markdown. A tag line
 * that opens nothing (an unknown tag without its end, a stray `{% endif %}`) becomes a
 * `gb_tag` token, which the renderers print as nothing: no tag source ever reaches a reader.
 */

/** Blocks that wrap content up to their `{% end… %}` tag (any other tag with an end does too). */
export const CONTAINERS = [
  'hint',
  'tabs',
  'tab',
  'code',
  'content-ref',
  'stepper',
  'step',
  'columns',
  'column',
  'updates',
  'update',
  'prompt',
  'if',
  'swagger',
  'openapi',
  'openapi-operation',
  'openapi-schemas',
  'openapi-webhook',
] as const;
/** Blocks that stand alone on one line (an `{% endembed %}` after them, with a caption, is optional). */
export const SINGLES = ['embed', 'file', 'include'] as const;

export type BlockAttrs = Record<string, string>;

const TAG = /^\{%-?\s*([a-z][\w-]*)(.*?)\s*-?%\}$/;
const ATTR = /([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s%"']+))/g;

export interface Tag {
  name: string;
  attrs: BlockAttrs;
  /** What follows the name, as written (`{% include "a.md" %}`, `{% if visitor.x %}`). */
  args: string;
}

export function parseTag(line: string): Tag | undefined {
  const m = TAG.exec(line.trim());
  if (!m) return undefined;
  const attrs: BlockAttrs = {};
  const args = (m[2] ?? '').trim();
  for (const a of args.matchAll(ATTR)) attrs[a[1] as string] = a[2] ?? a[3] ?? a[4] ?? '';
  return { name: m[1] as string, attrs, args };
}

function lineText(state: StateBlock, line: number): string {
  return state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]);
}

/** The line of the `{% endNAME %}` closing the block opened at `start`, counting nested ones. */
function findEnd(state: StateBlock, start: number, endLine: number, name: string): number {
  let depth = 1;
  for (let line = start + 1; line < endLine; line++) {
    if (state.sCount[line]! - state.blkIndent > 3) continue;
    const text = lineText(state, line);
    if (!text.startsWith('{%')) continue;
    const tag = parseTag(text);
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
  const single = (SINGLES as readonly string[]).includes(tag.name);
  const end = tag.name.startsWith('end') ? -1 : findEnd(state, startLine, endLine, tag.name);
  if (silent) return true;
  if (!single && end < 0) {
    const t = state.push('gb_tag', '', 0);
    t.info = tag.name;
    t.meta = tag.attrs;
    t.block = true;
    t.map = [startLine, startLine + 1];
    state.line = startLine + 1;
    return true;
  }
  const open = state.push('gb_block_open', 'div', 1);
  open.info = tag.name;
  open.meta = { ...tag.attrs, ...(tag.args && !Object.keys(tag.attrs).length ? { args: tag.args } : {}) };
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

const TASK = /^\[([ xX])\]\s+/;

/**
 * Task lists (`- [ ] to do`, `- [x] done`): the item gets `meta.task` ('open' | 'done') and the
 * marker leaves its text.
 */
function taskLists(state: StateCore): void {
  const ts = state.tokens;
  for (let i = 2; i < ts.length; i++) {
    const inline = ts[i]!;
    if (inline.type !== 'inline' || ts[i - 1]!.type !== 'paragraph_open' || ts[i - 2]!.type !== 'list_item_open') continue;
    const m = TASK.exec(inline.content);
    const first = inline.children?.[0];
    if (!m || first?.type !== 'text' || !TASK.test(first.content)) continue;
    first.content = first.content.replace(TASK, '');
    inline.content = inline.content.slice(m[0].length);
    const item = ts[i - 2]!;
    item.meta = { ...(item.meta as object | null), task: m[1] === ' ' ? 'open' : 'done' };
  }
}

export function gitbookBlocks(md: MarkdownIt): void {
  md.block.ruler.before('fence', 'gb_block', rule, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.core.ruler.after('inline', 'gb_task_lists', taskLists);
}
