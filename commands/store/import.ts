import type { Command } from 'commander';
import { storePath, type GlobalOptions } from '../../src/cli/context.js';
import type { Cli } from '../../src/cli/deps.js';
import { CliError } from '../../src/cli/exit-codes.js';
import { readText } from '../../src/cli/read-input.js';
import { accountProblem } from '../../src/server/admin/index.js';
import { checkDataset, importedTables, pathProblems } from '../../src/server/dataset-check.js';
import { JsonFileStore } from '../../src/store/json-file-store.js';
import { migrate } from '../../src/store/migrate.js';
import { validateDocument } from '../../src/store/validate.js';
import { printsNoJson } from '../../src/cli/output-flags.js';
import { confirmOrFail, refuseWithoutTerminal } from '../../src/cli/prompt.js';
import { existsSync } from 'node:fs';

export function registerImport(store: Command, { io, deps }: Cli): void {
  printsNoJson(store.command('import'))
    .argument('<file>', 'a gbctl-store JSON document (an export, or a store file); - for stdin')
    .description('Replace the whole store with a file, after checking every record (a bad file changes nothing)')
    .addHelpText(
      'after',
      '\nExamples:\n  $ gbctl store import backup.json --yes\n  $ gbctl store import seed.json --store ./ci-store.json   # a new store file: nothing to confirm',
    )
    .option('-y, --yes', "confirm: the store's objects are replaced by the file's (needed when the store file exists)")
    .option('--no-check', 'skip reading every object back through the API against its schema (large trusted files)')
    .addHelpText(
      'after',
      `
Before anything is replaced, the file is checked: its format and version, string ids unique per
table, its accounts (roles that exist; memberships and tokens of users that exist; a default
organization that exists, with the admin user the embedded CLI acts as), the paths of its pages
and files (none that leaves a folder or that a Git Sync folder cannot hold: content export
writes there), and then every object is read back through the API (on a copy in memory) with each answer
checked against its schema, so that broken references and malformed records are refused.
When the store file exists, what it holds is replaced: that asks on a terminal and needs --yes
otherwise (off a terminal it is refused before the file is read).`,
    )
    .action(async (file: string, _o: unknown, cmd: Command) => {
      const o = cmd.optsWithGlobals() as GlobalOptions & { check?: boolean; yes?: boolean; input?: boolean };
      const path = storePath(o, io.env, { dataAlias: true });
      const replacing = existsSync(path);
      const confirmation = { action: `replace the store ${path} with ${file}`, question: `Replace every object in ${path} with those of ${file}?` };
      if (replacing) refuseWithoutTerminal(io, confirmation, !!o.yes, o.input === false);
      const text = readText({ flag: 'FILE', path: file }, io.readStdin);
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch (e) {
        throw new CliError(`${file} is not valid JSON (${(e as Error).message}); nothing was changed`);
      }
      const { doc, steps } = migrate(validateDocument(data, file, true));
      if (steps.length) io.stderr.write(`migrated ${file} in memory from format version ${doc.version - steps.length}: ${steps.join('; ')}\n`);
      // Checked even with --no-check: roles and references are what every request is authorized by.
      const accounts = accountProblem(doc.tables);
      if (accounts) throw new CliError(`${file}: ${accounts}; nothing was changed`, 1, 'fix the file, or export a good store with "gbctl store export"');
      // Checked even with --no-check: content export writes where these say, and must stay in its folder.
      const paths = await pathProblems(doc.tables);
      if (paths.length)
        throw new CliError(
          `${file} holds content that content export could not write safely into a folder; nothing was changed:\n${paths.map((p) => `  ${p}`).join('\n')}`,
          1,
          'fix the file, or export a good store with "gbctl store export"',
        );
      if (o.check !== false) {
        const { problems } = await checkDataset({ tables: doc.tables }, deps.serverResources);
        if (problems.length) {
          const shown = problems
            .slice(0, 10)
            .map((p) => `  ${p}`)
            .join('\n');
          throw new CliError(
            `${file} has ${problems.length} object${problems.length === 1 ? '' : 's'} that do not read back valid; nothing was changed:\n${shown}`,
            1,
            'fix the file, or export a good store with "gbctl store export"',
          );
        }
      }
      if (replacing) await confirmOrFail(io, confirmation, !!o.yes, o.input === false);
      const tables = importedTables(doc.tables);
      JsonFileStore.replace(path, { tables });
      const n = Object.values(tables).reduce((a, rows) => a + rows.length, 0);
      io.stderr.write(`imported ${n} objects from ${file} into ${path}\n`);
    });
}
