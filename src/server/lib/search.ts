import { slugify } from '../model/page-tree.js';


export interface Section {
  /** Anchor of the heading that opens the section; the page id for the text before any heading. */
  id: string;
  title: string;
  body: string;
}

/** A page's markdown cut at its headings; text before the first heading is its own section. */
export function splitSections(pageId: string, pageTitle: string, markdown: string): Section[] {
  const out: Section[] = [];
  let current: Section = { id: pageId, title: pageTitle, body: '' };
  const seen = new Map<string, number>();
  let fence = false;
  for (const line of markdown.split(/\r?\n/)) {
    if (/^(```|~~~)/.test(line)) fence = !fence;
    const h = fence ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (h) {
      if (current.body.trim() || current.id !== pageId) out.push(current);
      let anchor = slugify(h[1] as string);
      const n = seen.get(anchor) ?? 0;
      seen.set(anchor, n + 1);
      if (n) anchor = `${anchor}-${n}`;
      current = { id: anchor, title: h[1] as string, body: '' };
    } else {
      current.body += `${line}\n`;
    }
  }
  if (current.body.trim() || current.id !== pageId) out.push(current);
  return out.map((s) => ({ ...s, body: s.body.trim() }));
}
