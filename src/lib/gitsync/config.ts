import { parse, parseDocument } from 'yaml';
import type { RevisionGitSync } from '../page-record.js';
import { folderPathProblem } from './folder-names.js';

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
  const config = {
    root: ((r) => (r === '.' ? '' : r))(str(d.root, '')),
    readme: str(d.structure?.readme, DEFAULT_CONFIG.readme),
    summary: str(d.structure?.summary, DEFAULT_CONFIG.summary),
    redirects,
  };
  // The root and the structure name files of the folder: one that would leave it (../, /, C:) is not used.
  const problems: string[] = [];
  for (const k of ['root', 'readme', 'summary'] as const) {
    const why = k === 'root' && !config.root ? undefined : folderPathProblem(config[k]);
    if (!why) continue;
    problems.push(`${k === 'root' ? 'root' : `structure.${k}`} "${config[k]}" cannot be used (${why})`);
    config[k] = DEFAULT_CONFIG[k];
  }
  return problems.length ? { config, problem: `.gitbook.yaml: ${problems.join('; ')}; the default was used` } : { config };
}

/** `.gitbook.yaml` as export writes it when it has none as written: the structure always, redirects when there are some. */
export function writeGitbookYaml(
  redirects: Record<string, string>,
  layout: Pick<RevisionGitSync, 'root' | 'readme' | 'summary'> = { root: '', readme: 'README.md', summary: 'SUMMARY.md' },
): string {
  const lines = [
    `root: ./${layout.root ? `${layout.root}/` : ''}`,
    '',
    'structure:',
    `  readme: ${yamlKey(layout.readme)}`,
    `  summary: ${yamlKey(layout.summary)}`,
  ];
  const entries = Object.entries(redirects).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length) {
    lines.push('', 'redirects:');
    for (const [from, to] of entries) lines.push(`  ${yamlKey(from)}: ${yamlKey(to)}`);
  }
  return `${lines.join('\n')}\n`;
}

const sameMap = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/**
 * `.gitbook.yaml` for export: as it was written while it still says the content's root,
 * structure and redirects (redirects that changed are set in it, the rest kept); generated for
 * content that came from no folder; none when the folder had none and nothing needs one.
 */
export function configFor(gs: RevisionGitSync | undefined, redirects: Record<string, string>): string | undefined {
  if (!gs) return writeGitbookYaml(redirects);
  if (gs.config === undefined) return gs.root || Object.keys(redirects).length ? writeGitbookYaml(redirects, gs) : undefined;
  const { config } = parseGitbookYaml(gs.config);
  if (config.root !== gs.root || config.readme !== gs.readme || config.summary !== gs.summary) return writeGitbookYaml(redirects, gs);
  if (sameMap(config.redirects, redirects)) return gs.config;
  const doc = parseDocument(gs.config);
  if (Object.keys(redirects).length) doc.set('redirects', redirects);
  else doc.delete('redirects');
  return doc.toString();
}

const yamlKey = (s: string) => (/^[\w./-]+$/.test(s) ? s : JSON.stringify(s));
