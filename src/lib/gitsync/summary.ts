import { parse } from 'yaml';
import { slugify } from '../slug.js';
import { unescapeDestination } from './targets.js';

/** One entry of a SUMMARY.md: `* [Title](link "Navigation label")`, and the entries nested under it. */
export interface SummaryEntry {
  /** The link text, markdown escapes removed. */
  title: string;
  /** The destination as written (without `<…>`): a path relative to SUMMARY.md, maybe with a fragment, or a URL. */
  link: string;
  /** The quoted link title: the page's navigation label. */
  label?: string;
  /**
   * An entry that is a code block (`* ```yaml` … ```` ``` ````) describes computed pages (an
   * OpenAPI reference): the block's text.
   */
  block?: string;
  /** The entry as written, without its indentation (lines after the first keep theirs beyond it). */
  line: string;
  /** Lines before it (blank ones, `***`), when not those export writes. */
  before?: string[];
  children: SummaryEntry[];
}

/** A run of entries under one `## Heading` (no title for those before the first heading). */
export interface SummaryGroup {
  title?: string;
  /** The `id` of the anchor the heading carries (`## Get started <a href="#x" id="x"></a>`). */
  slug?: string;
  /** The heading line as written. */
  line?: string;
  before?: string[];
  entries: SummaryEntry[];
}

/** A whole SUMMARY.md, with what its writing looked like. */
export interface SummaryFile {
  /** Its first line, `# Table of contents` ('' when it has none; the default when not known). */
  header?: string;
  groups: SummaryGroup[];
  /** One step of indentation, and the bullet, of its entries. */
  indent?: string;
  bullet?: string;
  /** What follows the last line: usually a newline. */
  end: string;
}

export const DEFAULT_HEADER = '# Table of contents';
const ENTRY = /^([*+-])[ \t]+\[((?:[^\]\\]|\\.)*)\]\(\s*(<[^>\n]*>|(?:[^()\s]|\((?:[^()\s])*\))+)(?:\s+"((?:[^"\\]|\\.)*)"|\s+'((?:[^'\\]|\\.)*)')?\s*\)\s*$/;
const unescape = (s: string) => s.replace(/\\([!-/:-@[-`{-~])/g, '$1');

/** An entry line, without its indentation. */
export function parseEntryLine(line: string): (Omit<SummaryEntry, 'children' | 'line'> & { bullet: string }) | undefined {
  const m = ENTRY.exec(line);
  if (!m) return undefined;
  const dest = m[3] as string;
  const label = m[4] ?? m[5];
  return {
    bullet: m[1] as string,
    title: unescape(m[2] as string).trim(),
    link: dest.startsWith('<') ? dest.slice(1, -1) : dest,
    ...(label !== undefined ? { label: unescape(label) } : {}),
  };
}

/** A group heading: its title with HTML and escapes removed, and the id of its anchor. */
export function parseGroupLine(line: string): { title: string; slug?: string } | undefined {
  const m = /^##+[ \t]+(.+?)[ \t]*$/.exec(line);
  if (!m) return undefined;
  const text = m[1] as string;
  const id = /<a\b[^>]*\bid\s*=\s*"([^"]+)"[^>]*>/i.exec(text)?.[1];
  const title = unescape(text.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
  const slug = id ? slugify(id) : undefined;
  return { title: title || 'Untitled', ...(slug && slug !== slugify(title) ? { slug } : {}) };
}

type Kind = 'start' | 'header' | 'group' | 'entry';
/** The lines export writes before a heading or an entry, after what came before it: a blank line, but none between entries. */
const usualBefore = (kind: 'group' | 'entry', prev: Kind): string[] => (prev === 'start' || (kind === 'entry' && prev === 'entry') ? [] : ['']);
const sameLines = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The table of contents: `## ` lines open page groups, bullets nest by indentation. */
export function parseSummary(text: string): SummaryFile {
  const body = text.replace(/\r\n?/g, '\n');
  const end = body.slice(body.trimEnd().length);
  const groups: SummaryGroup[] = [{ entries: [] }];
  const out: SummaryFile = { header: '', groups, end };
  const lines = body.slice(0, body.length - end.length).split('\n');
  // Open entries by indentation, innermost last.
  let stack: { indent: number; entry: SummaryEntry; raw: string }[] = [];
  let fence: string | undefined;
  let prev: Kind = 'start';
  let pending: string[] = [];
  const before = (kind: 'group' | 'entry') => {
    const had = pending;
    pending = [];
    const usual = usualBefore(kind, prev);
    prev = kind;
    return sameLines(had, usual) ? {} : { before: had };
  };
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] as string;
    if (fence) {
      if (raw.trim().startsWith(fence)) fence = undefined;
      pending.push(raw);
      continue;
    }
    const open = /^\s*(`{3,}|~{3,})/.exec(raw);
    if (open) {
      fence = open[1];
      pending.push(raw);
      continue;
    }
    if (prev === 'start' && !pending.length && /^#[ \t]/.test(raw)) {
      out.header = raw;
      prev = 'header';
      continue;
    }
    const group = /^##/.test(raw) ? parseGroupLine(raw) : undefined;
    if (group) {
      groups.push({ ...group, line: raw, ...before('group'), entries: [] });
      stack = [];
      continue;
    }
    const lead = /^[ \t]*/.exec(raw)?.[0] ?? '';
    const rest = raw.slice(lead.length);
    let entry: SummaryEntry;
    const blockOpen = /^([*+-])[ \t]+(`{3,}|~{3,})[^`~]*$/.exec(rest);
    if (blockOpen) {
      // An entry holding a code block: its lines up to the closing fence.
      const close = blockOpen[2] as string;
      const own: string[] = [rest];
      const inner: string[] = [];
      const column = lead.length + rest.indexOf(close);
      while (++i < lines.length) {
        const l = lines[i] as string;
        own.push(l.startsWith(lead) ? l.slice(lead.length) : l);
        if (l.trim().startsWith(close)) break;
        inner.push(l.slice(Math.min(column, /^[ \t]*/.exec(l)?.[0].length ?? 0)));
      }
      out.bullet ??= blockOpen[1];
      entry = { title: '', link: '', block: inner.join('\n'), line: own.join('\n'), children: [] };
    } else {
      const parsed = parseEntryLine(rest);
      if (!parsed) {
        pending.push(raw);
        continue;
      }
      const { bullet, ...fields } = parsed;
      out.bullet ??= bullet;
      entry = { ...fields, line: rest, children: [] };
    }
    Object.assign(entry, before('entry'));
    const indent = lead.replace(/\t/g, '    ').length;
    while (stack.length && (stack[stack.length - 1] as { indent: number }).indent >= indent) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) {
      parent.entry.children.push(entry);
      if (out.indent === undefined && lead.startsWith(parent.raw)) out.indent = lead.slice(parent.raw.length);
    } else (groups[groups.length - 1] as SummaryGroup).entries.push(entry);
    stack.push({ indent, entry, raw: lead });
  }
  out.groups = groups.filter((g, i) => i > 0 || g.entries.length > 0);
  return out;
}

const escTitle = (t: string) => t.replace(/([[\]\\])/g, '\\$1');
const escLabel = (t: string) => t.replace(/(["\\])/g, '\\$1');
const bareSafe = (t: string) => /^(?:[^()\s<>]|\((?:[^()\s<>])*\))+$/.test(t);

/** An entry as export writes it. */
export function entryLine(bullet: string, e: { title: string; link: string; label?: string | undefined }): string {
  const dest = bareSafe(e.link) ? e.link : `<${e.link}>`;
  return `${bullet} [${escTitle(e.title)}](${dest}${e.label !== undefined ? ` "${escLabel(e.label)}"` : ''})`;
}

/** A group heading as export writes it: with its anchor when its slug is not its title's. */
export function groupLine(g: { title: string; slug?: string | undefined }): string {
  const anchor = g.slug && g.slug !== slugify(g.title) ? ` <a href="#${g.slug}" id="${g.slug}"></a>` : '';
  return `## ${g.title}${anchor}`;
}

/** An entry that is a code block, as export writes it. */
export function blockLine(bullet: string, block: string): string {
  const body = block.split('\n').map((l) => (l ? `  ${l}` : l));
  return [`${bullet} \`\`\`yaml`, ...body, '  ```'].join('\n');
}

/**
 * SUMMARY.md as export writes it: each line as it was written while it still says the same
 * (`line`), else as Git Sync writes one; a blank line around each group heading, or the lines
 * that stood there.
 */
export function writeSummary(file: SummaryFile): string {
  const bullet = file.bullet ?? '*';
  const step = file.indent ?? '  ';
  const header = file.header ?? DEFAULT_HEADER;
  const out: string[] = [];
  let prev: Kind = 'start';
  if (header) {
    out.push(header);
    prev = 'header';
  }
  const emit = (kind: 'group' | 'entry', before: string[] | undefined, text: string, indent = '') => {
    out.push(...(before ?? usualBefore(kind, prev)));
    out.push(...text.split('\n').map((l) => (l ? `${indent}${l}` : l)));
    prev = kind;
  };
  const entries = (list: SummaryEntry[], depth: number) => {
    for (const e of list) {
      let text: string;
      if (e.block !== undefined) {
        const kept = /^[*+-][ \t]+(`{3,}|~{3,})/.test(e.line) ? blockOf(e.line) : undefined;
        text = kept !== undefined && sameYaml(kept, e.block) ? e.line : blockLine(bullet, e.block);
      } else {
        const kept = parseEntryLine(e.line);
        // A link as written (escapes and all) stays when it still names the same file.
        const same = kept && kept.title === e.title && unescapeDestination(kept.link) === unescapeDestination(e.link) && kept.label === e.label;
        text = same ? e.line : entryLine(bullet, e);
      }
      emit('entry', e.before, text, step.repeat(depth));
      entries(e.children, depth + 1);
    }
  };
  for (const g of file.groups) {
    if (g.title !== undefined) {
      const kept = g.line !== undefined ? parseGroupLine(g.line) : undefined;
      emit('group', g.before, kept && kept.title === g.title && kept.slug === g.slug ? (g.line as string) : groupLine({ title: g.title, slug: g.slug }));
    }
    entries(g.entries, 0);
  }
  return `${out.join('\n')}${file.end}`;
}

/** The text of a code-block entry as written (its lines between the fences, without the entry's indentation). */
function blockOf(line: string): string {
  const lines = line.split('\n');
  const first = lines[0] as string;
  const column = first.search(/`|~/);
  return lines
    .slice(1, -1)
    .map((l) => l.slice(Math.min(column, /^[ \t]*/.exec(l)?.[0].length ?? 0)))
    .join('\n');
}

/** Whether two YAML texts say the same. */
function sameYaml(a: string, b: string): boolean {
  try {
    return JSON.stringify(parse(a)) === JSON.stringify(parse(b));
  } catch {
    return a === b;
  }
}
