/** One entry of a SUMMARY.md: a linked page, and the entries nested under it. */
export interface SummaryItem {
  title: string;
  /** The link as written, decoded, without its fragment. */
  path: string;
  children: SummaryItem[];
}

/** A run of entries under one `## Heading` (`title` absent for those before the first heading). */
export interface SummaryGroup {
  title?: string;
  items: SummaryItem[];
}

const ITEM = /^(\s*)[*+-]\s+\[((?:[^\]\\]|\\.)*)\]\(\s*<?([^)>]*?)>?\s*\)\s*$/;

/** The table of contents: `## ` lines open page groups, bullets nest by indentation. */
export function parseSummary(text: string): SummaryGroup[] {
  const groups: SummaryGroup[] = [{ items: [] }];
  // Open items by indentation, innermost last.
  let stack: { indent: number; item: SummaryItem }[] = [];
  let inFence = false;
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (/^\s*(```|~~~)/.test(raw)) inFence = !inFence;
    if (inFence) continue;
    const heading = /^##+\s+(.+?)\s*#*\s*$/.exec(raw);
    if (heading) {
      groups.push({ title: heading[1] as string, items: [] });
      stack = [];
      continue;
    }
    const m = ITEM.exec(raw.replace(/\t/g, '    '));
    if (!m) continue;
    const indent = (m[1] as string).length;
    const written = m[3] as string;
    const target = /^[a-z][a-z0-9+.-]*:/i.test(written) ? written : (written.split('#')[0] as string);
    let path: string;
    try {
      path = decodeURIComponent(target);
    } catch {
      path = target;
    }
    const item: SummaryItem = { title: (m[2] as string).replace(/\\(.)/g, '$1').trim(), path, children: [] };
    while (stack.length && (stack[stack.length - 1] as { indent: number }).indent >= indent) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) parent.item.children.push(item);
    else (groups[groups.length - 1] as SummaryGroup).items.push(item);
    stack.push({ indent, item });
  }
  return groups.filter((g, i) => i > 0 || g.items.length > 0);
}

const escTitle = (t: string) => t.replace(/([[\]\\])/g, '\\$1');
const encodePath = (p: string) => (/^[a-z][a-z0-9+.-]*:/i.test(p) ? p : encodeURI(p)).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** SUMMARY.md for groups of entries, as export writes it. */
export function writeSummary(groups: SummaryGroup[]): string {
  const out = ['# Table of contents', ''];
  const items = (list: SummaryItem[], depth: number) => {
    for (const it of list) {
      out.push(`${'  '.repeat(depth)}* [${escTitle(it.title)}](${encodePath(it.path)})`);
      items(it.children, depth + 1);
    }
  };
  for (const g of groups) {
    if (g.title !== undefined) {
      if (out[out.length - 1] !== '') out.push('');
      out.push(`## ${g.title}`, '');
    }
    items(g.items, 0);
  }
  return `${out.join('\n')}\n`;
}
