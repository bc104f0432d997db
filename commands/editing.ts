import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { Client } from '../src/client/client.js';
import type { Io } from '../src/cli/context.js';
import { CliError, usageError } from '../src/cli/exit-codes.js';
import type { ExtraOption, InvocationInput, Overlays } from '../src/cli/overlay.js';
import { templateHelp } from '../src/server/services/template-list.js';
import { registerCommentStatus } from './editing-status.js';

/** Markdown from a file, or from stdin with "-". */
export function readMarkdown(flag: string, value: string): string {
  try {
    return readFileSync(value === '-' ? 0 : value, 'utf8');
  } catch (e) {
    throw usageError(`${flag}: cannot read ${value === '-' ? 'stdin' : value} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}

const markdownFile: ExtraOption = {
  flags: '--file <path>',
  description: 'page content: markdown read from this file ("-" for stdin)',
  apply: (v, input) => {
    input.body.markdown = readMarkdown('--file', v);
  },
};

/** `--markdown TEXT` for a comment or reply body, instead of `--body '{"markdown":…}'`. */
const markdownBody: ExtraOption = {
  flags: '--markdown <text>',
  description: 'text of the comment, as markdown ("-" reads stdin)',
  apply: (v, input) => {
    input.body.body = { markdown: v === '-' ? readMarkdown('--markdown', v) : v };
  },
};

interface Flat {
  id: string;
  title: string;
  type: string;
  path?: string;
  pages?: Flat[];
}

const flatten = (pages: Flat[]): Flat[] => pages.flatMap((p) => [p, ...flatten(p.pages ?? [])]);

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
    if (!res.ok) throw new CliError(`cannot download the PDF: ${url} answered HTTP ${res.status}`);
    bytes = new Uint8Array(await res.arrayBuffer());
  }
  try {
    writeFileSync(out, bytes);
  } catch (e) {
    throw new CliError(`cannot write ${out} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  return { file: resolve(out), bytes: bytes.length, url };
}

const commentColumns = ['id', 'status', 'postedBy.displayName', 'replies', 'target.page.title', 'body.markdown'];
const crColumns = ['number', 'id', 'status', 'subject', 'outdated', 'updatedAt'];

/** Presentation of content, comment and change-request commands. */
export const editingOverlays: Overlays = {
  'content.search': {
    columns: ['id', 'title', 'path'],
    examples: ['gbctl content search SPACE "install"', 'gbctl content search SPACE "install" --json items'],
  },
  'content.revision': { examples: ['gbctl content revision SPACE --json', 'gbctl content revision SPACE --change-request 3 --no-metadata --json'] },
  'content.import': {
    description: 'Sources read by the embedded server: markdown (a .md file, or a folder or zip of them: one page per file, folders as parent pages), html (HTML files), website (an http(s) site, crawled on its origin) and zip. The URL may be file:// or http(s)://.',
    examples: ['gbctl content import SPACE --url "file://$PWD/docs" --source markdown', 'gbctl content import SPACE --url https://example.com/ --source website --change-request 2'],
    done: (_p, r) => `✓ Imported ${(r as { importedResources: number }).importedResources} of ${(r as { totalResources: number }).totalResources} resources as revision ${(r as { revision: string }).revision}`,
  },
  'content.template': {
    description: `Templates:\n${templateHelp()}`,
    examples: ['gbctl content template SPACE --id getting-started', 'gbctl content template SPACE --id api-reference --params \'{"contentRefs":{"spec":{"kind":"openapi","spec":"petstore"}}}\''],
    done: (p) => `✓ Applied the template to space ${String(p.spaceId)}`,
  },
  'content.pages': {
    columns: ['id', 'title', 'type', 'path'],
    view: (r) => ({ items: flatten((r as { pages: Flat[] }).pages) }),
    examples: ['gbctl content pages SPACE', 'gbctl content pages SPACE --change-request 2 --json'],
  },
  'content.files': { columns: ['id', 'name', 'contentType', 'size'], examples: ['gbctl content files SPACE'] },
  'content.file': { examples: ['gbctl content file SPACE FILE --json downloadURL'] },
  'content.backlinks': { columns: ['kind', 'page', 'space'], examples: ['gbctl content backlinks SPACE FILE'] },
  'content.page': {
    view: (r, input: InvocationInput) => (input.query.format === 'markdown' ? ((r as { markdown?: string }).markdown ?? '') : r),
    examples: ['gbctl content page SPACE PAGE --format markdown > page.md', 'gbctl content page SPACE PAGE --change-request 2 --format markdown'],
  },
  'content.links': { columns: ['status', 'targetReference.kind', 'targetReference.page', 'targetReference.url'], examples: ['gbctl content links SPACE PAGE --status broken'] },

  'comments.list': { columns: commentColumns, examples: ['gbctl comments list SPACE --status open', 'gbctl comments list SPACE --change-request 2 --order asc'] },
  'comments.create': {
    options: [markdownBody],
    examples: ['gbctl comments create SPACE --markdown "Is this still true?" --page PAGE', 'gbctl comments create SPACE --change-request 2 --markdown "Looks good"'],
    done: (_p, r) => `✓ Posted comment ${(r as { id: string }).id}`,
  },
  'comments.get': { examples: ['gbctl comments get SPACE COMMENT --format markdown'] },
  'comments.update': {
    options: [markdownBody],
    examples: ['gbctl comments update SPACE COMMENT --markdown "Fixed wording"', 'gbctl comments update SPACE COMMENT --added-reactions 👍', 'gbctl comments resolve SPACE COMMENT'],
  },
  'comments.delete': {
    confirm: (p) => `Delete comment ${String(p.commentId)} and its replies?`,
    done: (p) => `✓ Deleted comment ${String(p.commentId)}`,
    examples: ['gbctl comments delete SPACE COMMENT --yes'],
  },
  'comments.list-replies': { columns: ['id', 'postedBy.displayName', 'postedAt', 'body.markdown'], examples: ['gbctl replies list SPACE COMMENT'] },
  'comments.create-reply': {
    options: [markdownBody],
    examples: ['gbctl replies create SPACE COMMENT --markdown "Agreed"', 'gbctl replies create SPACE COMMENT --change-request 2 --markdown "Done"'],
    done: (_p, r) => `✓ Replied (${(r as { id: string }).id})`,
  },
  'comments.get-reply': { examples: ['gbctl replies get SPACE COMMENT REPLY'] },
  'comments.update-reply': {
    options: [markdownBody],
    examples: ['gbctl replies update SPACE COMMENT REPLY --markdown "Edited"', 'gbctl replies update SPACE COMMENT REPLY --change-request 2 --resolved'],
  },
  'comments.delete-reply': {
    confirm: (p) => `Delete reply ${String(p.commentReplyId)}?`,
    done: (p) => `✓ Deleted reply ${String(p.commentReplyId)}`,
    examples: ['gbctl replies delete SPACE COMMENT REPLY --yes'],
  },
  'comments.list-commenters': { columns: ['id', 'user.displayName', 'role'], examples: ['gbctl commenters list SPACE', 'gbctl commenters list SPACE --change-request 2'] },

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
    examples: ['gbctl pages update SPACE 3 PAGE --file page.md', 'gbctl content page SPACE PAGE --format markdown | sed s/old/new/ | gbctl pages update SPACE 3 PAGE --file -'],
  },
  'change-requests.delete-page': {
    confirm: (p) => `Remove page ${String(p.pageId)} and its children from change request ${String(p.changeRequestId)}?`,
    examples: ['gbctl pages delete SPACE 3 PAGE --yes'],
  },
};

/** Hand-written commands of the editing side. */
export function registerEditing(program: Command, io: Io): void {
  registerCommentStatus(program, io);
}
