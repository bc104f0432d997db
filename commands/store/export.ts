import type { Command } from 'commander';
import { storePath, type GlobalOptions } from '../../src/cli/context.js';
import type { Cli } from '../../src/cli/deps.js';
import { writeFileDurably } from '../../src/store/files.js';
import { JsonFileStore } from '../../src/store/json-file-store.js';
import { exportText } from '../../src/store/snapshot.js';
import { printsNoJson } from '../../src/cli/output-flags.js';

export function registerExport(store: Command, { io }: Cli): void {
  printsNoJson(store.command('export'))
    .argument('<file>', 'file to write, or - for stdout')
    .description("Write the whole store as one JSON document (gbctl-store format), others' latest writes included")
    .addHelpText('after', '\nExamples:\n  $ gbctl store export > backup.json')
    .action(async (file: string, _o: unknown, cmd: Command) => {
      const path = storePath(cmd.optsWithGlobals() as GlobalOptions, io.env, { dataAlias: true });
      const s = JsonFileStore.open(path, { readOnly: 'auto', warn: (m) => io.stderr.write(`${m}\n`) });
      let dump;
      try {
        dump = await s.snapshot();
      } finally {
        await s.close();
      }
      const text = exportText(dump.tables);
      if (file === '-') io.stdout.write(text);
      else {
        writeFileDurably(file, [text]);
        const n = Object.values(dump.tables).reduce((a, rows) => a + rows.length, 0);
        io.stderr.write(`exported ${n} objects to ${file}\n`);
      }
    });
}
