import type { Command } from 'commander';
import { resolve } from 'node:path';
import type { GlobalOptions, JsonFlag } from '../../src/cli/context.js';
import type { Cli } from '../../src/cli/deps.js';
import { emitOrText } from '../../src/cli/emit.js';
import { CliError, Exit, usageError } from '../../src/cli/exit-codes.js';
import { leftOutLines } from '../../src/lib/gitsync/left-out.js';
import { safeLine } from '../../src/cli/terminal-text.js';
import { readSpace } from './read-space.js';
import { printsJson } from '../../src/cli/output-flags.js';

interface ExportOptions extends GlobalOptions {
  changeRequest?: string;
  revision?: string;
  force?: boolean;
  json?: JsonFlag;
}

/**
 * The Git Sync writer (with yaml) and the folder's reader: loaded when an export runs, not with
 * the `content` noun, whose catalogue commands need neither.
 */
const gitSync = async () => {
  const [write, folder] = await Promise.all([import('../../src/lib/gitsync/write.js'), import('./local-folder.js')]);
  return { ...write, ...folder };
};

export function registerExport(content: Command, cli: Cli): void {
  const { io } = cli;
  printsJson(content.command('export'), ['dir', 'files', 'skipped'])
    .description('Write a space (or a change request) as a Git Sync folder: README.md, SUMMARY.md, .gitbook.yaml, pages and .gitbook/assets/')
    .argument('<space>', 'space id')
    .argument('<dir>', 'folder to write (created when missing; files of the same name are replaced)')
    .option('--change-request <n>', "export this change request's content (id or number)")
    .option('--revision <id>', "export the content of this revision (the space's current one, or a change request's)")
    .option('--force', 'write into a folder that holds other files and is no Git Sync folder')
    .addHelpText(
      'after',
      `
Reads with the API's GET operations only (the revision, each page as markdown, each file's
download), so it works with the embedded store, gbctl serve and the hosted API alike. Pages
keep the file they were imported from; links between pages are written as relative links.
The folder must be empty, missing, or a Git Sync folder already (it has a SUMMARY.md, at the
root its .gitbook.yaml names): anything else needs --force. Progress goes to stderr; the
folder's path to stdout. A path of the content that cannot be a file of the folder (with ..,
absolute, a drive letter, a name Windows reserves, or through a link on disk that leads out
of the folder) is not written: it is named with the reason, and the command exits 1.

Examples:
  $ gbctl content export SPACE ./docs
  $ gbctl content export SPACE ./review --change-request 3`,
    )
    .action(async (spaceId: string, dir: string, _o: unknown, cmd: Command) => {
      const o = cmd.optsWithGlobals() as ExportOptions;
      const { buildFolder, exportPathOf, listFolder, writeFolder } = await gitSync();
      if (!o.force) await refuseForeignFolder(dir);
      const conn = await cli.connect(o);
      try {
        const showProgress = !!io.stderr.isTTY;
        const input = await readSpace(conn.client, { spaceId, changeRequest: o.changeRequest, revision: o.revision }, (done, total, what) => {
          if (showProgress) io.stderr.write(`\r\x1b[Kexporting ${done}/${total} ${safeLine(what.slice(0, 50))}`);
          else if (done === total || done % 50 === 0) io.stderr.write(`exported ${done} of ${total} pages and files\n`);
        });
        if (showProgress) io.stderr.write('\r\x1b[K');
        const files = buildFolder(input);
        const { written, leftOut } = await writeFolder(dir, files);
        // Files of an earlier export that are no longer pages are left alone, but named.
        const stale = (await listFolder(dir)).files.map((f) => f.path).filter((p) => !files.has(p) && (/\.md$/i.test(p) || /(^|\/)\.gitbook\//.test(p)));
        if (stale.length)
          io.stderr.write(
            `warning: ${stale.length} files in ${safeLine(dir)} are not part of the export (left as they were): ${safeLine(stale.slice(0, 10).join(', '))}${stale.length > 10 ? ', …' : ''}\n`,
          );
        // What the space has but the folder does not: files with no bytes, paths that cannot be written there.
        const skipped = [
          ...input.files.filter((f) => !f.bytes).map((f) => ({ path: exportPathOf(f, input.gitSync), reason: f.missing ?? 'the server has no bytes for it' })),
          ...leftOut,
        ];
        for (const line of leftOutLines(skipped)) io.stderr.write(`${safeLine(line)}\n`);
        await emitOrText(io, o, { dir: resolve(dir), files: written.sort(), skipped }, () => {
          io.stderr.write(
            skipped.length
              ? `Wrote ${written.length} files to ${safeLine(dir)}; ${skipped.length} left out (named above)\n`
              : `✓ Wrote ${written.length} files to ${safeLine(dir)}\n`,
          );
          return resolve(dir);
        });
        if (skipped.length)
          throw new CliError(
            `${skipped.length} file${skipped.length === 1 ? '' : 's'} of the space ${skipped.length === 1 ? 'is' : 'are'} not in ${dir}: ${safeLine(
              skipped
                .slice(0, 3)
                .map((f) => f.path)
                .join(', '),
            )}${skipped.length > 3 ? ', …' : ''}`,
            Exit.error,
          );
      } finally {
        await conn.close();
      }
    });
}

/** A folder that holds files and is no Git Sync folder is someone else's: export does not write into it unasked. */
async function refuseForeignFolder(dir: string): Promise<void> {
  const verdict = await (await gitSync()).isGitSyncFolder(dir);
  if (verdict === 'foreign') {
    throw usageError(
      `${dir} holds files and is no Git Sync folder (it has no SUMMARY.md)`,
      'export into an empty folder, or pass --force to write into this one',
    );
  }
}
