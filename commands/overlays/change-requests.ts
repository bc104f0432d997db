import { resolve } from 'node:path';
import type { Client } from '../../src/client/client.js';
import { CliError, Exit, usageError } from '../../src/cli/exit-codes.js';
import { writeFileAtomicSync } from '../../src/lib/safe-path.js';
import { fetchDownload } from './download.js';
import type { ExtraOption, Overlays } from '../../src/cli/overlay.js';
import { readText } from '../../src/cli/read-input.js';

const markdownFile: ExtraOption = {
  name: 'file',
  value: '<path>',
  description: 'page content: markdown read from this file ("-" for stdin)',
  apply: (v, input, io) => {
    input.body.markdown = readText({ flag: '--file', path: v }, io.readStdin);
  },
};

/** Saves a downloadable the server answered with (`{url}`) to `--output`. */
async function saveDownload(result: { url: string }, opts: Record<string, unknown>, client: Client): Promise<unknown> {
  const url = result.url;
  const out = opts.output as string | undefined;
  const embedded = url.startsWith('gbctl:');
  if (!out) {
    if (embedded) throw usageError('the embedded store hands out no web link: pass --output FILE to save the PDF');
    return result;
  }
  const bytes = await fetchDownload(url, client, 'PDF');
  try {
    writeFileAtomicSync(out, bytes);
  } catch (e) {
    throw new CliError(`cannot write ${out} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  return { file: resolve(out), bytes: bytes.length, url };
}

interface Conflicted {
  page: string;
  kind: string;
  title: string;
  path: string;
  resolved: boolean;
}

const KINDS: Record<string, string> = {
  edited: 'changed on both sides',
  'deleted-in-main': 'deleted on main, changed in the change request',
  'deleted-in-change-request': 'deleted in the change request, changed on main',
  moved: 'moved to different places on both sides',
};

/**
 * The error a merge or update answered with conflicts ends with: each page by title and path
 * (and id, for a page the change request no longer has), what to do, and the conflict exit code.
 */
function conflictsError(params: Record<string, unknown>, r: { result: string; conflicts?: Conflicted[] }, lead: (n: number) => string): CliError | undefined {
  if (r.result !== 'conflicts') return undefined;
  const list = r.conflicts ?? [];
  const lines = list.map((c) => `  - "${c.title}" (${c.path || 'no path'}, page ${c.page}): ${KINDS[c.kind] ?? c.kind}`);
  const space = String(params.spaceId);
  const cr = String(params.changeRequestId);
  return new CliError(
    `${lead(list.length)}\n${lines.join('\n')}`,
    Exit.conflict,
    `settle each page: edit it (gbctl pages update ${space} ${cr} PAGE --file FILE), remove it (gbctl pages delete ${space} ${cr} PAGE), or keep one side (gbctl change-requests resolve ${space} ${cr} PAGE --keep main|change-request); then merge again`,
  );
}

const pages = (n: number) => `${n} page${n === 1 ? '' : 's'}`;

const crColumns = ['number', 'id', 'status', 'subject', 'outdated', 'updatedAt'];

export const overlays: Overlays = {
  'change-requests.list': { columns: crColumns, examples: ['gbctl change-requests list SPACE --status open'] },
  'change-requests.list-org': { columns: ['space', ...crColumns], examples: ['gbctl change-requests list-org --status open'] },
  'change-requests.create': {
    examples: ['gbctl change-requests create SPACE --subject "Rewrite the quickstart"'],
    done: (_p, r) => `✓ Created change request #${r.number}`,
  },
  'change-requests.get': { examples: ['gbctl change-requests get SPACE 3'] },
  'change-requests.update': {
    examples: ['gbctl change-requests update SPACE 3 --status open', 'gbctl change-requests update SPACE 3 --subject "Better subject"'],
  },
  'change-requests.merge': {
    description:
      'Merges the change request into the main content. When a page conflicts with main (changed on both sides, deleted on one and changed on the other, or moved to different places by both), nothing is merged: the result is "conflicts", each page is named on stderr and the exit code is 6 (conflict). Settle each (edit it in the change request, or "gbctl change-requests resolve") and merge again.',
    examples: ['gbctl change-requests merge SPACE 3'],
    done: (p) => `✓ Merged change request ${String(p.changeRequestId)}`,
    failure: (p, r) => conflictsError(p, r, (n) => `change request ${String(p.changeRequestId)} was not merged: ${pages(n)} conflict with the main content`),
  },
  'change-requests.refresh': {
    description:
      'Brings the latest main content into the change request (the API\'s "update"). Where a page conflicts, the change request keeps its side, the result is "conflicts", each page is named on stderr and the exit code is 6 (conflict); a merge refuses until each is settled.',
    examples: ['gbctl change-requests refresh SPACE 3'],
    failure: (p, r) =>
      conflictsError(p, r, (n) => `change request ${String(p.changeRequestId)} has ${pages(n)} in conflict with the main content; it kept its side of each`),
  },
  'change-requests.resolve': {
    description:
      "Settles a conflicted page of a change request: --keep change-request keeps its page as it is, --keep main puts main's page into the change request. Editing or removing the page in the change request settles it too.",
    examples: ['gbctl change-requests resolve SPACE 3 PAGE --keep main', 'gbctl change-requests resolve SPACE 3 guides/install --keep change-request'],
    done: (p) => `✓ Settled page ${String(p.pageId)} of change request ${String(p.changeRequestId)}`,
  },
  'change-requests.export': {
    options: [{ name: 'output', value: '<file>', description: 'save the PDF to this file (required with the embedded store)' }],
    after: ({ result, opts, client }) => saveDownload(result, opts, client),
    examples: ['gbctl change-requests export SPACE 3 --output cr.pdf', 'gbctl change-requests export SPACE 3 --page-id PAGE --only --output page.pdf'],
  },
  'change-requests.create-page': {
    options: [markdownFile],
    examples: [
      'gbctl pages create SPACE 3 --title "Troubleshooting" --file troubleshooting.md',
      'cat page.md | gbctl pages create SPACE 3 --title FAQ --file -',
    ],
    done: (_p, r) => `✓ Added page ${r.id}`,
  },
  'change-requests.update-page': {
    options: [markdownFile],
    examples: [
      'gbctl pages update SPACE 3 PAGE --file page.md',
      'gbctl pages get SPACE PAGE --format markdown | sed s/old/new/ | gbctl pages update SPACE 3 PAGE --file -',
    ],
  },
  'change-requests.delete-page': {
    confirm: (p, name) => `Remove page ${name} and its children from change request ${String(p.changeRequestId)}?`,
    examples: ['gbctl pages delete SPACE 3 PAGE --yes'],
  },
};
