import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Client } from '../../src/client/client.js';
import { CliError, exitForStatus, usageError } from '../../src/cli/exit-codes.js';
import type { ExtraOption, Overlays } from '../../src/cli/overlay.js';
import { readText } from '../../src/cli/read-input.js';

const markdownFile: ExtraOption = {
  flags: '--file <path>',
  description: 'page content: markdown read from this file ("-" for stdin)',
  apply: (v, input, io) => {
    input.body.markdown = readText({ flag: '--file', path: v }, io.readStdin);
  },
};

/** Saves a downloadable the server answered with (`{url}`) to `--output`. */
async function saveDownload(result: unknown, opts: Record<string, unknown>, client: Client): Promise<unknown> {
  const url = (result as { url: string }).url;
  const out = opts.output as string | undefined;
  const embedded = url.startsWith('gbctl:');
  if (!out) {
    if (embedded) throw usageError('the embedded store hands out no web link: pass --output FILE to save the PDF');
    return result;
  }
  const u = new URL(url);
  let sameServer = embedded;
  try {
    sameServer ||= new URL(client.target).origin === u.origin;
  } catch {
    // the target is not a URL (embedded): handled above
  }
  let bytes: Uint8Array;
  if (sameServer) bytes = (await client.download(u.pathname + u.search)).bytes;
  else {
    const res = await fetch(url);
    if (!res.ok) throw new CliError(`cannot download the PDF: ${url} answered HTTP ${res.status}`, exitForStatus(res.status), undefined, { status: res.status });
    bytes = new Uint8Array(await res.arrayBuffer());
  }
  try {
    writeFileSync(out, bytes);
  } catch (e) {
    throw new CliError(`cannot write ${out} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  return { file: resolve(out), bytes: bytes.length, url };
}

const crColumns = ['number', 'id', 'status', 'subject', 'outdated', 'updatedAt'];

export const overlays: Overlays = {
  'change-requests.list': { columns: crColumns, examples: ['gbctl change-requests list SPACE --status open'] },
  'change-requests.list-org': { columns: ['space', ...crColumns], examples: ['gbctl change-requests list-org --status open'] },
  'change-requests.create': {
    examples: ['gbctl change-requests create SPACE --subject "Rewrite the quickstart"'],
    done: (_p, r) => `✓ Created change request #${(r as { number: number }).number}`,
  },
  'change-requests.get': { examples: ['gbctl change-requests get SPACE 3'] },
  'change-requests.update': { examples: ['gbctl change-requests update SPACE 3 --status open', 'gbctl change-requests update SPACE 3 --subject "Better subject"'] },
  'change-requests.merge': {
    examples: ['gbctl change-requests merge SPACE 3'],
    done: (p, r) => `✓ Merged change request ${String(p.changeRequestId)}${(r as { result: string }).result === 'conflicts' ? ' with conflicts: its version of pages both sides changed was kept' : ''}`,
  },
  'change-requests.refresh': {
    description: 'Brings the latest main content into the change request (the API\'s "update"). Where both changed a page, the change request\'s version is kept and the result is "conflicts".',
    examples: ['gbctl change-requests refresh SPACE 3'],
  },
  'change-requests.export': {
    options: [{ flags: '--output <file>', description: 'save the PDF to this file (required with the embedded store)' }],
    after: ({ result, opts, client }) => saveDownload(result, opts, client),
    examples: ['gbctl change-requests export SPACE 3 --output cr.pdf', 'gbctl change-requests export SPACE 3 --page PAGE --only --output page.pdf'],
  },
  'change-requests.create-page': {
    options: [markdownFile],
    examples: ['gbctl pages create SPACE 3 --title "Troubleshooting" --file troubleshooting.md', 'cat page.md | gbctl pages create SPACE 3 --title FAQ --file -'],
    done: (_p, r) => `✓ Added page ${(r as { id: string }).id}`,
  },
  'change-requests.update-page': {
    options: [markdownFile],
    examples: ['gbctl pages update SPACE 3 PAGE --file page.md', 'gbctl pages get SPACE PAGE --format markdown | sed s/old/new/ | gbctl pages update SPACE 3 PAGE --file -'],
  },
  'change-requests.delete-page': {
    confirm: (p, name) => `Remove page ${name} and its children from change request ${String(p.changeRequestId)}?`,
    examples: ['gbctl pages delete SPACE 3 PAGE --yes'],
  },
};
