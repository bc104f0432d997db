import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { InvocationInput, Overlays } from '../../src/cli/overlay.js';
import type { Endpoints, ResultOf } from '../../src/contract/index.js';
import { checkOutput, fetchDownload, saveBytes } from './download.js';
import { LINK_COLUMNS, linkRow, locationRow } from './links.js';
import { templateHelp } from '../../src/lib/template-list.js';
import { leftOutLines } from '../../src/lib/gitsync/left-out.js';
import { safeText } from '../../src/cli/terminal-text.js';

interface Flat {
  id: string;
  title: string;
  type: string;
  path?: string;
  pages?: Flat[];
}

type ImportAnswer = ResultOf<Endpoints['content.import'] | Endpoints['cr-content.import']>;

/** The import's outcome; the files left out are listed by `after`, on stderr, whatever the output (all of them in --json's `skipped`). */
function importDone(r: ImportAnswer): string {
  return `✓ Imported ${r.importedResources} of ${r.totalResources} resources as revision ${r.revision}`;
}

/** The page tree as rows; on a terminal a page's title is indented under its parent's. */
const flatten = (pages: Flat[], indent = '', terminal = false): Flat[] =>
  pages.flatMap((p) => [{ ...p, title: terminal ? `${indent}${p.title}` : p.title }, ...flatten(p.pages ?? [], `${indent}  `, terminal)]);

export const overlays: Overlays = {
  'content.search': {
    columns: ['id', 'title', 'path'],
    examples: ['gbctl content search SPACE "install"', 'gbctl content search SPACE "install" --json title,path'],
  },
  'content.revision': { examples: ['gbctl content revision SPACE --json', 'gbctl content revision SPACE --change-request 3 --no-metadata --json'] },
  'content.import': {
    description:
      'Sources read by the embedded server: markdown (a Git Sync folder: .gitbook.yaml, SUMMARY.md for order and groups, or the folder tree without it; a .md file with the images beside it; or a zip), html (HTML files), website (an http(s) site, crawled on its origin) and zip. The URL may be file:// or http(s)://. A folder, a zip or a website becomes the content: pages matched by their file keep their ids, pages not in the source are removed; before that, the command says how many pages go and asks (without a terminal it needs --yes). A single .md or .html file adds its page, or updates the page of the same path, and leaves the others alone.',
    examples: [
      'gbctl content import SPACE --path ./docs',
      'gbctl content import SPACE --path ./changelog.md',
      'gbctl content import SPACE --url "file://$PWD/docs.zip" --source zip --yes',
      'gbctl content import SPACE --url https://example.com/ --source website --change-request 2',
    ],
    confirmFirst: async ({ client, input }) => (await import('./content-import-check.js')).importRemovals(client, input.params, input.body),
    options: [
      { short: 'y', name: 'yes', description: 'remove the pages the import does not have without asking (required without a terminal)' },
      {
        name: 'path',
        value: '<path>',
        description: 'a local folder, .zip or .md file, sent as its file:// URL (source markdown, or zip for a .zip, unless --source says otherwise)',
        apply: (v, input) => {
          input.body.url = pathToFileURL(resolve(v)).href;
          input.body.source ??= /\.zip$/i.test(v) ? 'zip' : 'markdown';
        },
      },
    ],
    done: (_p, r) => importDone(r),
    after: ({ result, io }) => {
      for (const line of leftOutLines(result.skipped ?? [])) io.stderr.write(`${safeText(line)}\n`);
      for (const w of result.warnings ?? []) io.stderr.write(`warning: ${safeText(w)}\n`);
      return Promise.resolve(result);
    },
  },
  'content.template': {
    description: `Templates:\n${templateHelp()}`,
    examples: [
      'gbctl content template SPACE --id getting-started',
      'gbctl content template SPACE --id api-reference --params \'{"contentRefs":{"spec":{"kind":"openapi","spec":"petstore"}}}\'',
    ],
    done: (p) => `✓ Applied the template to space ${String(p.spaceId)}`,
  },
  'content.pages': {
    columns: ['id', 'title', 'type', 'path'],
    view: (r, _input, terminal) => ({ items: flatten(r.pages, '', terminal) }),
    examples: ['gbctl pages list SPACE', 'gbctl pages list SPACE --change-request 2 --json'],
  },
  'content.files': { columns: ['id', 'name', 'contentType', 'size'], examples: ['gbctl content files SPACE'] },
  'content.file': {
    options: [
      { name: 'output', value: '<path>', description: 'save the file\'s bytes here ("-" for stdout) instead of showing its details' },
      { name: 'force', description: 'with --output, replace a file that exists' },
    ],
    check: (opts) => {
      if (opts.output !== undefined) checkOutput(opts.output as string, !!opts.force);
    },
    after: async ({ result, opts, io, client }) => {
      const out = opts.output as string | undefined;
      if (out === undefined) return result;
      const url = result.downloadURL;
      const saved = saveBytes(io, out, await fetchDownload(url, client, 'file'));
      if (!saved) return undefined;
      io.stderr.write(`✓ Saved ${saved.bytes} bytes to ${saved.file}\n`);
      return { ...saved, id: result.id, name: result.name };
    },
    examples: ['gbctl content file SPACE FILE --json downloadURL', 'gbctl content file SPACE FILE --output logo.png'],
  },
  'content.backlinks': {
    columns: ['page', 'title', 'id'],
    view: (r) => ({ items: r.items.map(locationRow) }),
    examples: ['gbctl content backlinks SPACE FILE'],
  },
  'content.page': {
    view: (r, input: InvocationInput) => (input.query.format === 'markdown' ? (r.markdown ?? '') : r),
    examples: ['gbctl pages get SPACE PAGE --format markdown > page.md', 'gbctl pages get SPACE PAGE --change-request 2 --format markdown'],
  },
  'content.links': {
    columns: LINK_COLUMNS,
    view: (r) => ({ items: r.items.map(linkRow) }),
    examples: ['gbctl content links SPACE PAGE --status broken'],
  },
};
