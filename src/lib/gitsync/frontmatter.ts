import { parse, parseDocument, stringify } from 'yaml';

/** Page settings a page's front matter carries, in the API's terms. */
export interface PageMeta {
  /** A title given in the front matter (used when SUMMARY.md gives none). */
  title?: string;
  description?: string;
  icon?: string;
  hidden?: boolean;
  noIndex?: boolean;
  /** Layout that differs from the default: switches turned off (false), `width: wide`, `coverSize: full`. */
  layout?: Record<string, boolean | string>;
  /** `cover` (a path, as written: relative to the page's file) and `coverY`. */
  cover?: { path: string; yPos?: number };
}

export const LAYOUT_SWITCHES = ['cover', 'title', 'description', 'tableOfContents', 'outline', 'pagination', 'metadata'] as const;

const FENCE = /^---\n(?:([\s\S]*?)\n)?---(?=[ \t]*(?:\n|$))/;

/**
 * Splits `---` front matter off: its YAML as written (`raw`), what it says, and the text after
 * the closing `---`. Text that is not a YAML mapping stays in the body.
 */
export function splitFrontMatter(text: string): { raw?: string; meta: PageMeta; rest: string } {
  const fm = FENCE.exec(text);
  if (!fm) return { meta: {}, rest: text };
  const raw = fm[1] ?? '';
  let data: unknown;
  try {
    data = parse(raw);
  } catch {
    return { meta: {}, rest: text };
  }
  if (data !== null && (typeof data !== 'object' || Array.isArray(data))) return { meta: {}, rest: text };
  return { raw, meta: readMeta((data ?? {}) as Record<string, unknown>), rest: text.slice(fm[0].length) };
}

/** What front matter says, in the API's terms. */
export function readMeta(d: Record<string, unknown>): PageMeta {
  const meta: PageMeta = {};
  if (typeof d.title === 'string' && d.title.trim()) meta.title = d.title.trim();
  if (typeof d.description === 'string' && d.description.trim()) meta.description = d.description.trim();
  if (typeof d.icon === 'string' && d.icon.trim()) meta.icon = d.icon.trim().slice(0, 50);
  if (d.hidden === true) meta.hidden = true;
  if (d.noIndex === true) meta.noIndex = true;
  if (typeof d.cover === 'string' && d.cover.trim()) {
    meta.cover = { path: d.cover.trim(), ...(typeof d.coverY === 'number' ? { yPos: d.coverY } : {}) };
  }
  const layout = readLayout(d.layout);
  if (layout) meta.layout = layout;
  return meta;
}

/** The front matter's `layout` (`title: {visible: false}`, `width: wide`, `cover: {size: full}`) as API settings. */
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
  const size = l.cover && typeof l.cover === 'object' ? (l.cover as { size?: unknown }).size : undefined;
  if (size === 'full') out.coverSize = 'full';
  return Object.keys(out).length ? out : undefined;
}

/** Settings as export compares them: the cover's place and the defaults made explicit. */
function norm(m: PageMeta, coverOf: (path: string) => string | undefined) {
  const layout = Object.fromEntries(Object.entries(m.layout ?? {}).sort(([a], [b]) => a.localeCompare(b)));
  return {
    description: m.description ?? '',
    icon: m.icon ?? '',
    hidden: !!m.hidden,
    noIndex: !!m.noIndex,
    layout: JSON.stringify(layout),
    // A cover that names no file of the folder says nothing the API could say: it is kept as written.
    cover: (m.cover && coverOf(m.cover.path)) ?? '',
    coverY: m.cover && coverOf(m.cover.path) ? (m.cover.yPos ?? 0) : 0,
  };
}

/**
 * The YAML of a page's front matter, without the `---` lines, or undefined for none. Front
 * matter as it was read (`raw`) is kept as written while it says what the page's settings say;
 * keys whose value changed are set in it alone (the rest, unknown keys included, as written).
 * `coverOf` names the file a cover path points at, so that a path spelled otherwise still fits.
 */
export function frontMatterFor(want: PageMeta, raw: string | undefined, coverOf: (path: string) => string | undefined = (p) => p): string | undefined {
  if (raw === undefined) return freshFrontMatter(want);
  const { meta: had } = splitFrontMatter(`---\n${raw}${raw ? '\n' : ''}---\n`);
  const a = norm(had, coverOf);
  const b = norm(want, coverOf);
  if (JSON.stringify(a) === JSON.stringify(b)) return raw;
  const doc = parseDocument(raw);
  const put = (key: string, value: unknown, unset: boolean) => (unset ? doc.delete(key) : doc.set(key, value));
  if (a.description !== b.description) put('description', want.description, !want.description);
  if (a.icon !== b.icon) put('icon', want.icon, !want.icon);
  if (a.hidden !== b.hidden) put('hidden', true, !want.hidden);
  if (a.noIndex !== b.noIndex) put('noIndex', true, !want.noIndex);
  if (a.cover !== b.cover) put('cover', want.cover?.path, !want.cover);
  if (a.coverY !== b.coverY || (a.cover !== b.cover && !want.cover)) put('coverY', want.cover?.yPos ?? 0, !want.cover);
  if (a.cover !== b.cover && !want.cover) doc.delete('coverHeight');
  if (a.layout !== b.layout) {
    const l = want.layout ?? {};
    const hadLayout = had.layout ?? {};
    if ((l.width ?? 'default') !== (hadLayout.width ?? 'default')) doc.setIn(['layout', 'width'], l.width ?? 'default');
    if ((l.coverSize ?? 'hero') !== (hadLayout.coverSize ?? 'hero')) doc.setIn(['layout', 'cover', 'size'], l.coverSize ?? 'hero');
    for (const k of LAYOUT_SWITCHES) {
      if ((l[k] ?? true) !== (hadLayout[k] ?? true)) doc.setIn(['layout', k, 'visible'], l[k] ?? true);
    }
  }
  const text = doc.toString().replace(/\n$/, '');
  return text === '{}' ? undefined : text;
}

/** Front matter for settings that came from no file: the keys that differ from the defaults. */
function freshFrontMatter(meta: PageMeta): string | undefined {
  const data: Record<string, unknown> = {};
  if (meta.description) data.description = meta.description;
  if (meta.icon) data.icon = meta.icon;
  if (meta.cover) {
    data.cover = meta.cover.path;
    data.coverY = meta.cover.yPos ?? 0;
  }
  if (meta.hidden) data.hidden = true;
  if (meta.noIndex) data.noIndex = true;
  if (meta.layout) {
    const layout: Record<string, unknown> = {};
    if (meta.layout.width === 'wide') layout.width = 'wide';
    if (meta.layout.coverSize === 'full') layout.cover = { size: 'full' };
    for (const k of LAYOUT_SWITCHES) {
      if (meta.layout[k] === false) layout[k] = { ...(k === 'cover' && layout.cover ? (layout.cover as object) : {}), visible: false };
    }
    if (Object.keys(layout).length) data.layout = layout;
  }
  if (!Object.keys(data).length) return undefined;
  return stringify(data).replace(/\n$/, '');
}
