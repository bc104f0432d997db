import type { Command } from 'commander';
import { storePath, type GlobalOptions, type Io } from '../src/cli/context.js';
import { CliError, usageError } from '../src/cli/exit-codes.js';

type Opts = GlobalOptions & { json?: unknown; force?: boolean; yes?: boolean };

function fail(e: unknown): never {
  if (e instanceof CliError) throw e;
  throw new CliError((e as Error).message);
}

const kib = (n: number) => (n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 / 1024).toFixed(1)} MiB`);

export function registerStore(program: Command, io: Io): void {
  const store = program
    .command('store')
    .description('Inspect and maintain the embedded store file (local only, not part of the platform API)')
    .addHelpText(
      'after',
      `
The store is a JSON snapshot (FILE) plus a journal of later writes (FILE.journal), with a lock
file (FILE.lock) while a process writes. See "The embedded store" in the README.

Examples:
  $ gbctl store info --store ./ci-store.json
  $ gbctl store export backup.json && gbctl store import backup.json`,
    );

  store
    .command('info')
    .description('Show the store\'s path, format version, object counts, sizes and journal length')
    .action(async (_o: unknown, cmd: Command) => {
      const o = cmd.optsWithGlobals() as Opts;
      const path = storePath(o, io.env);
      const { JsonFileStore } = await import('../src/store/json-file-store.js');
      let info;
      try {
        const s = JsonFileStore.open(path, { readOnly: true });
        info = await s.info();
        await s.close();
      } catch (e) {
        fail(e);
      }
      if (o.json !== undefined && o.json !== false) {
        io.stdout.write(`${JSON.stringify(info, null, 2)}\n`);
        return;
      }
      const lines = [
        `path\t${info.path}${info.exists ? '' : ' (does not exist yet)'}`,
        `format\tversion ${info.formatVersion}`,
        `objects\t${info.objects}`,
        ...Object.entries(info.tables).map(([t, n]) => `  ${t}\t${n}`),
        `snapshot\t${kib(info.snapshotBytes)}`,
        `journal\t${info.journal.records} records, ${kib(info.journal.bytes)} (${info.journal.path})`,
        ...(info.lock ? [`lock\theld by ${info.lock.holder ? `process ${info.lock.holder.pid} on ${info.lock.holder.host}` : 'an unknown process'} since ${info.lock.since} (${info.lock.path})`] : []),
        ...(info.edited ? ['warning\tchanged outside gbctl since gbctl last wrote it'] : []),
        ...info.notes.map((n) => `note\t${n}`),
      ];
      io.stdout.write(`${lines.join('\n')}\n`);
    });

  store
    .command('export')
    .argument('<file>', 'file to write, or - for stdout')
    .description('Write the whole store as one JSON document (gbctl-store format), others\' latest writes included')
    .action(async (file: string, _o: unknown, cmd: Command) => {
      const path = storePath(cmd.optsWithGlobals() as Opts, io.env);
      const [{ JsonFileStore }, { exportText }, { writeFileDurably }] = await Promise.all([
        import('../src/store/json-file-store.js'),
        import('../src/store/snapshot.js'),
        import('../src/store/files.js'),
      ]);
      try {
        const s = JsonFileStore.open(path);
        const dump = await s.export();
        await s.close();
        const text = exportText(dump.tables);
        if (file === '-') io.stdout.write(text);
        else {
          writeFileDurably(file, [text]);
          const n = Object.values(dump.tables).reduce((a, rows) => a + rows.length, 0);
          io.stderr.write(`exported ${n} objects to ${file}\n`);
        }
      } catch (e) {
        fail(e);
      }
    });

  store
    .command('import')
    .argument('<file>', 'a gbctl-store JSON document (an export, or a store file); - for stdin')
    .description('Replace the whole store with a file, after checking every record (a bad file changes nothing)')
    .option('--no-check', 'skip reading every object back through the API against its schema (large trusted files)')
    .addHelpText(
      'after',
      `
Before anything is replaced, the file is checked: its format and version, string ids unique per
table, and then every object is read back through the API (on a copy in memory) with each answer
checked against its schema, so that broken references and malformed records are refused.`,
    )
    .action(async (file: string, _o: unknown, cmd: Command) => {
      const o = cmd.optsWithGlobals() as Opts & { check?: boolean };
      const path = storePath(o, io.env);
      const [{ JsonFileStore }, { validateDocument }, { migrate }, { readFileSync }] = await Promise.all([
        import('../src/store/json-file-store.js'),
        import('../src/store/validate.js'),
        import('../src/store/migrate.js'),
        import('node:fs'),
      ]);
      let text: string;
      try {
        text = readFileSync(file === '-' ? 0 : file, 'utf8');
      } catch (e) {
        throw new CliError(`cannot read ${file}: ${(e as Error).message}`);
      }
      try {
        let data: unknown;
        try {
          data = JSON.parse(text);
        } catch (e) {
          throw new CliError(`${file} is not valid JSON (${(e as Error).message}); nothing was changed`);
        }
        const { doc, steps } = migrate(validateDocument(data, file, true));
        if (steps.length) io.stderr.write(`migrated ${file} in memory from format version ${doc.version - steps.length}: ${steps.join('; ')}\n`);
        if (o.check !== false) {
          const { checkDataset } = await import('../src/server/dataset-check.js');
          const { problems } = await checkDataset({ tables: doc.tables });
          if (problems.length) {
            const shown = problems.slice(0, 10).map((p) => `  ${p}`).join('\n');
            throw new CliError(`${file} has ${problems.length} object${problems.length === 1 ? '' : 's'} that do not read back valid; nothing was changed:\n${shown}`, 1, 'fix the file, or export a good store with "gbctl store export"');
          }
        }
        JsonFileStore.replace(path, { tables: doc.tables });
        const n = Object.values(doc.tables).reduce((a, rows) => a + rows.length, 0);
        io.stderr.write(`imported ${n} objects from ${file} into ${path}\n`);
      } catch (e) {
        fail(e);
      }
    });

  store
    .command('compact')
    .description('Fold the journal into a new snapshot')
    .option('--force', 'accept a snapshot edited outside gbctl: it becomes the store, journaled writes replayed on top')
    .action(async (_o: unknown, cmd: Command) => {
      const o = cmd.optsWithGlobals() as Opts;
      const path = storePath(o, io.env);
      const { JsonFileStore } = await import('../src/store/json-file-store.js');
      try {
        const s = JsonFileStore.open(path, { force: !!o.force });
        await s.compact();
        const info = await s.info();
        await s.close();
        io.stderr.write(`compacted ${path}: ${info.objects} objects, ${kib(info.snapshotBytes)}\n`);
      } catch (e) {
        fail(e);
      }
    });

  store
    .command('reset')
    .description('Empty the store (the next command seeds a new organization, admin user and token)')
    .option('-y, --yes', 'confirm: every object in the store is deleted')
    .action(async (_o: unknown, cmd: Command) => {
      const o = cmd.optsWithGlobals() as Opts;
      const path = storePath(o, io.env);
      if (!o.yes) throw usageError(`store reset needs --yes: it deletes everything in ${path}`, 'pass --yes to confirm');
      const { JsonFileStore } = await import('../src/store/json-file-store.js');
      try {
        JsonFileStore.replace(path, { tables: {} });
      } catch (e) {
        fail(e);
      }
      io.stderr.write(`reset ${path}: the store is empty\n`);
    });
}
