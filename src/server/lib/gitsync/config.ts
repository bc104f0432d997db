import { parse } from 'yaml';

/** What `.gitbook.yaml` says: where the content is, its first page, its table of contents, redirects. */
export interface GitbookConfig {
  /** Folder of the content, relative to the repository ('' for the top). */
  root: string;
  readme: string;
  summary: string;
  /** Old path (without `.md`) to the file it now lives in, relative to the root. */
  redirects: Record<string, string>;
}

export const DEFAULT_CONFIG: GitbookConfig = { root: '', readme: 'README.md', summary: 'SUMMARY.md', redirects: {} };

const clean = (p: string) => p.replace(/^\.?\/+/, '').replace(/\/+$/, '');

/** Reads `.gitbook.yaml`; `problem` says what was wrong with it when it could not be used whole. */
export function parseGitbookYaml(text: string): { config: GitbookConfig; problem?: string } {
  let data: unknown;
  try {
    data = parse(text);
  } catch (e) {
    return { config: DEFAULT_CONFIG, problem: `.gitbook.yaml is not valid YAML (${(e as Error).message.split('\n')[0]}); the defaults were used` };
  }
  if (data === null || data === undefined) return { config: DEFAULT_CONFIG };
  if (typeof data !== 'object' || Array.isArray(data)) return { config: DEFAULT_CONFIG, problem: '.gitbook.yaml is not a mapping; the defaults were used' };
  const d = data as { root?: unknown; structure?: { readme?: unknown; summary?: unknown }; redirects?: unknown };
  const str = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() ? clean(v.trim()) : fallback);
  const redirects: Record<string, string> = {};
  if (d.redirects && typeof d.redirects === 'object' && !Array.isArray(d.redirects)) {
    for (const [from, to] of Object.entries(d.redirects as Record<string, unknown>)) {
      if (typeof to === 'string') redirects[clean(from)] = clean(to);
    }
  }
  return {
    config: {
      root: str(d.root, ''),
      readme: str(d.structure?.readme, DEFAULT_CONFIG.readme),
      summary: str(d.structure?.summary, DEFAULT_CONFIG.summary),
      redirects,
    },
  };
}

/** `.gitbook.yaml` as export writes it: the structure always, redirects when there are some. */
export function writeGitbookYaml(redirects: Record<string, string>): string {
  const lines = ['root: ./', '', 'structure:', '  readme: README.md', '  summary: SUMMARY.md'];
  const entries = Object.entries(redirects).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length) {
    lines.push('', 'redirects:');
    for (const [from, to] of entries) lines.push(`  ${yamlKey(from)}: ${yamlKey(to)}`);
  }
  return `${lines.join('\n')}\n`;
}

const yamlKey = (s: string) => (/^[\w./-]+$/.test(s) ? s : JSON.stringify(s));
