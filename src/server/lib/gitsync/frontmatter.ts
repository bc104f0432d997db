import { parse, stringify } from 'yaml';

/** Page settings a page's front matter carries, in the API's shape. */
export interface PageMeta {
  /** A title given in the front matter (export writes it as the `# heading` instead). */
  title?: string;
  description?: string;
  icon?: string;
  hidden?: boolean;
  /** Layout switches that differ from the default (true) or a `wide` width. */
  layout?: Record<string, boolean | string>;
}

const LAYOUT_SWITCHES = ['cover', 'title', 'description', 'tableOfContents', 'outline', 'pagination', 'metadata'] as const;

/** Splits `---` front matter off; text that is not a YAML mapping stays in the body. */
export function splitFrontMatter(text: string): { meta: PageMeta; body: string } {
  const fm = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(\r?\n|$)/.exec(text);
  if (!fm) return { meta: {}, body: text };
  let data: unknown;
  try {
    data = parse(fm[1] as string);
  } catch {
    return { meta: {}, body: text };
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return { meta: {}, body: text };
  const d = data as Record<string, unknown>;
  const meta: PageMeta = {};
  if (typeof d.title === 'string' && d.title.trim()) meta.title = d.title.trim();
  if (typeof d.description === 'string' && d.description.trim()) meta.description = d.description.trim();
  if (typeof d.icon === 'string' && d.icon.trim()) meta.icon = d.icon.trim().slice(0, 50);
  if (d.hidden === true) meta.hidden = true;
  const layout = readLayout(d.layout);
  if (layout) meta.layout = layout;
  return { meta, body: text.slice(fm[0].length) };
}

/** The front matter's `layout` (`title: {visible: false}`, `width: wide`) as API switches. */
function readLayout(v: unknown): PageMeta['layout'] {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const l = v as Record<string, unknown>;
  const out: Record<string, boolean | string> = {};
  if (l.width === 'wide') out.width = 'wide';
  for (const k of LAYOUT_SWITCHES) {
    const s = l[k];
    const visible = s && typeof s === 'object' ? (s as { visible?: unknown }).visible : s;
    if (visible === false) out[k] = false;
  }
  return Object.keys(out).length ? out : undefined;
}

/** Front matter for a page's settings, or '' when it has none. */
export function writeFrontMatter(meta: PageMeta): string {
  const data: Record<string, unknown> = {};
  if (meta.description) data.description = meta.description;
  if (meta.icon) data.icon = meta.icon;
  if (meta.hidden) data.hidden = true;
  if (meta.layout) {
    const layout: Record<string, unknown> = {};
    if (meta.layout.width === 'wide') layout.width = 'wide';
    for (const k of LAYOUT_SWITCHES) if (meta.layout[k] === false) layout[k] = { visible: false };
    if (Object.keys(layout).length) data.layout = layout;
  }
  if (!Object.keys(data).length) return '';
  return `---\n${stringify(data, { lineWidth: 0 })}---\n\n`;
}
