import { writeGitbookYaml } from '../server/lib/gitsync/config.js';
import { writeFrontMatter, type PageMeta } from '../server/lib/gitsync/frontmatter.js';
import { assignPaths, relativeLink, type LayoutPage } from '../server/lib/gitsync/layout.js';
import { writeSummary, type SummaryGroup, type SummaryItem } from '../server/lib/gitsync/summary.js';
import { mapTargets, safeDecode, splitFragment } from '../server/lib/gitsync/targets.js';

/** A page as the API answers it, with its markdown. */
export interface ApiPage {
  id: string;
  title: string;
  type: string;
  description?: string;
  icon?: string;
  hidden?: boolean;
  layout?: Record<string, unknown>;
  href?: string;
  target?: { kind?: string; url?: string };
  git?: { path?: string };
  markdown?: string;
  pages?: ApiPage[];
}

export interface ExportInput {
  pages: ApiPage[];
  /** Files by name, with their bytes (absent when the server has none). */
  files: { name: string; bytes?: Uint8Array }[];
  redirects?: Record<string, string>;
}

const ASSETS = '.gitbook/assets/';
const LAYOUT_SWITCHES = ['cover', 'title', 'description', 'tableOfContents', 'outline', 'pagination', 'metadata'];

function metaOf(p: ApiPage): PageMeta {
  const layout: Record<string, boolean | string> = {};
  if (p.layout?.width === 'wide') layout.width = 'wide';
  for (const k of LAYOUT_SWITCHES) if (p.layout?.[k] === false) layout[k] = false;
  return {
    ...(p.description ? { description: p.description } : {}),
    ...(p.icon ? { icon: p.icon } : {}),
    ...(p.hidden ? { hidden: true } : {}),
    ...(Object.keys(layout).length ? { layout } : {}),
  };
}

const hrefOf = (p: ApiPage) => p.href ?? p.target?.url;

function layoutOf(pages: readonly ApiPage[]): LayoutPage[] {
  return pages.map((p) => ({ id: p.id, title: p.title, type: p.type, path: p.type === 'link' ? hrefOf(p) : p.git?.path, pages: layoutOf(p.pages ?? []) }));
}

/** A page's file: front matter, its title as the `# heading`, then its markdown with links made relative. */
export function pageFile(p: ApiPage, path: string, pathOf: Map<string, string>): string {
  const body = mapTargets((p.markdown ?? '').trim(), (t) => {
    const { path: target, fragment } = splitFragment(t);
    if (target.startsWith('page:')) {
      const to = pathOf.get(target.slice(5));
      return to && !to.includes(':') ? `${relativeLink(path, to)}${fragment}` : undefined;
    }
    const clean = target.replace(/^\.?\//, '');
    if (clean.startsWith(ASSETS)) return `${relativeLink(path, safeDecode(clean))}${fragment}`;
    return undefined;
  });
  return `${writeFrontMatter(metaOf(p))}# ${p.title}\n${body ? `\n${body}\n` : ''}`;
}

/**
 * The space as a Git Sync folder: `.gitbook.yaml`, `SUMMARY.md` (top-level groups as `## `
 * sections), one file per document page where layout.ts places it, and `.gitbook/assets/`.
 */
export function buildFolder(input: ExportInput): Map<string, string | Uint8Array> {
  const out = new Map<string, string | Uint8Array>();
  const pathOf = assignPaths(layoutOf(input.pages));
  const groups: SummaryGroup[] = [];
  const items = (list: readonly ApiPage[]): SummaryItem[] =>
    list.flatMap((p): SummaryItem[] => {
      if (p.type === 'link' && hrefOf(p)) return [{ title: p.title, path: hrefOf(p) as string, children: [] }];
      if (p.type !== 'document') return [];
      const path = pathOf.get(p.id) as string;
      out.set(path, pageFile(p, path, pathOf));
      return [{ title: p.title, path, children: items(p.pages ?? []) }];
    });
  for (const p of input.pages) {
    if (p.type === 'group') groups.push({ title: p.title, items: items(p.pages ?? []) });
    else {
      const last = groups[groups.length - 1];
      const here = items([p]);
      if (last && last.title === undefined) last.items.push(...here);
      else if (here.length) groups.push({ items: here });
    }
  }
  out.set('SUMMARY.md', writeSummary(groups));
  out.set('.gitbook.yaml', writeGitbookYaml(input.redirects ?? {}));
  for (const f of input.files) if (f.bytes) out.set(`${ASSETS}${f.name}`, f.bytes);
  return out;
}
