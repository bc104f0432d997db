import type { Command } from 'commander';
import { resolve } from 'node:path';
import type { GlobalOptions } from '../../src/cli/context.js';
import type { Cli } from '../../src/cli/deps.js';
import { emitOrText } from '../../src/cli/emit.js';
import { isGitSyncFolder, readFolder, writeFolder } from '../../src/gitsync/disk.js';
import { usageError } from '../../src/cli/exit-codes.js';
import { readSpace } from '../../src/gitsync/read-space.js';
import { buildFolder } from '../../src/gitsync/write.js';
import { printsJson } from '../../src/cli/output-flags.js';

interface ExportOptions extends GlobalOptions {
  changeRequest?: string;
  revision?: string;
  force?: boolean;
  json?: unknown;
}

export function registerExport(content: Command, cli: Cli): void {
  const { io } = cli;
  printsJson(content.command('export'), ['dir', 'files'])
    .description('Write a space (or a change request) as a Git Sync folder: README.md, SUMMARY.md, .gitbook.yaml, pages and .gitbook/assets/')
    .argument('<space>', 'space id')
    .argument('<dir>', 'folder to write (created when missing; files of the same name are replaced)')
    .option('--change-request <n>', 'export this change request\'s content (id or number)')
    .option('--revision <id>', 'export the content of this revision (the space\'s current one, or a change request\'s)')
    .option('--force', 'write into a folder that holds other files and is no Git Sync folder')
    .addHelpText(
      'after',
      `
Reads with the API's GET operations only (the revision, each page as markdown, each file's
download), so it works with the embedded store, gbctl serve and the hosted API alike. Pages
keep the file they were imported from; links between pages are written as relative links.
The folder must be empty, missing, or a Git Sync folder already (it has a SUMMARY.md, at the
root its .gitbook.yaml names): anything else needs --force. Progress goes to stderr; the
folder's path to stdout.

Examples:
  $ gbctl content export SPACE ./docs
  $ gbctl content export SPACE ./review --change-request 3`,
    )
    .action(async (spaceId: string, dir: string, _o: unknown, cmd: Command) => {
      const o = cmd.optsWithGlobals() as ExportOptions;
      if (!o.force) await refuseForeignFolder(dir);
      const conn = await cli.connect(o);
      try {
        const showProgress = !!io.stderr.isTTY;
        const input = await readSpace(conn.client, { spaceId, changeRequest: o.changeRequest, revision: o.revision }, (done, total, what) => {
          if (showProgress) io.stderr.write(`\r\x1b[Kexporting ${done}/${total} ${what.slice(0, 50)}`);
          else if (done === total || done % 50 === 0) io.stderr.write(`exported ${done} of ${total} pages and files\n`);
        });
        if (showProgress) io.stderr.write('\r\x1b[K');
        const files = buildFolder(input);
        await writeFolder(dir, files);
        // Files of an earlier export that are no longer pages are left alone, but named.
        const stale = [...(await readFolder(dir)).keys()].filter((p) => !files.has(p) && (/\.md$/i.test(p) || /(^|\/)\.gitbook\//.test(p)));
        if (stale.length) io.stderr.write(`warning: ${stale.length} files in ${dir} are not part of the export (left as they were): ${stale.slice(0, 10).join(', ')}${stale.length > 10 ? ', …' : ''}\n`);
        const missing = input.files.filter((f) => !f.bytes).map((f) => f.name);
        if (missing.length) io.stderr.write(`warning: no bytes could be downloaded for ${missing.join(', ')}; they are not in the folder\n`);
        await emitOrText(io, o, { dir: resolve(dir), files: [...files.keys()].sort() }, () => {
          io.stderr.write(`✓ Wrote ${files.size} files to ${dir}\n`);
          return resolve(dir);
        });
      } finally {
        await conn.close();
      }
    });
}

/** A folder that holds files and is no Git Sync folder is someone else's: export does not write into it unasked. */
async function refuseForeignFolder(dir: string): Promise<void> {
  const verdict = await isGitSyncFolder(dir);
  if (verdict === 'foreign') {
    throw usageError(`${dir} holds files and is no Git Sync folder (it has no SUMMARY.md)`, 'export into an empty folder, or pass --force to write into this one');
  }
}
