import type { PageGitSync } from '../page-record.js';
import { splitFrontMatter, type PageMeta } from './frontmatter.js';

/** A page's file cut in its parts: front matter, whitespace, `# heading`, body, ending. */
export interface PageFileParts {
  /** The front matter's YAML as written; undefined when the file has none. */
  frontMatter?: string;
  meta: PageMeta;
  /** The text of the `# heading` line after `# `; undefined when the body does not open with one. */
  heading?: string;
  body: string;
  /** Whitespace after the front matter, after the heading line, and after the body. */
  lead: string;
  gap: string;
  end: string;
}

/** The whitespace Git Sync writes: a blank line after the front matter and after the heading, a final newline. */
export function usualSpacing(frontMatter: boolean, body: boolean): { lead: string; gap: string; end: string } {
  return { lead: frontMatter ? '\n\n' : '', gap: body ? '\n\n' : '\n', end: body ? '\n' : '' };
}

/** Cuts a page's file; `writePageFile` of the parts gives the same text back. */
export function readPageFile(text: string): PageFileParts {
  const { raw, meta, rest } = splitFrontMatter(text);
  const lead = /^(?:[ \t]*\n)*/.exec(rest)?.[0] ?? '';
  let after = rest.slice(lead.length);
  const h = /^# ([^\n]*)/.exec(after);
  let gap = '';
  if (h) {
    after = after.slice(h[0].length);
    gap = /^\n?(?:[ \t]*\n)*/.exec(after)?.[0] ?? '';
    after = after.slice(gap.length);
  }
  const end = after.slice(after.trimEnd().length);
  return {
    ...(raw !== undefined ? { frontMatter: raw } : {}),
    meta,
    ...(h ? { heading: h[1] as string } : {}),
    body: after.slice(0, after.length - end.length),
    lead,
    gap,
    end,
  };
}

/** A page's file from its parts; whitespace not given is the usual. */
export function writePageFile(p: {
  frontMatter?: string | undefined;
  heading?: string | undefined;
  body: string;
  lead?: string | undefined;
  gap?: string | undefined;
  end?: string | undefined;
}): string {
  const usual = usualSpacing(p.frontMatter !== undefined, !!p.body);
  const fm = p.frontMatter !== undefined ? `---\n${p.frontMatter}${p.frontMatter ? '\n' : ''}---` : '';
  const heading = p.heading !== undefined ? `# ${p.heading}${p.gap ?? usual.gap}` : '';
  return `${fm}${p.lead ?? usual.lead}${heading}${p.body}${p.end ?? usual.end}`;
}

/** What of a file's parts its page must keep to be written back the same (see PageGitSync). */
export function fileHints(parts: PageFileParts, title: string): PageGitSync {
  const usual = usualSpacing(parts.frontMatter !== undefined, !!parts.body);
  return {
    ...(parts.frontMatter !== undefined ? { frontMatter: parts.frontMatter } : {}),
    ...(parts.heading === undefined ? { headless: true } : parts.heading !== title ? { heading: parts.heading } : {}),
    ...(parts.lead !== usual.lead ? { lead: parts.lead } : {}),
    ...(parts.heading !== undefined && parts.gap !== usual.gap ? { gap: parts.gap } : {}),
    ...(parts.end !== usual.end ? { end: parts.end } : {}),
  };
}
