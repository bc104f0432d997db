import type { Command } from 'commander';
import { storePath, type GlobalOptions } from '../../src/cli/context.js';
import type { Cli } from '../../src/cli/deps.js';
import { JsonFileStore } from '../../src/store/json-file-store.js';
import { kib } from './sizes.js';
import { printsNoJson } from '../../src/cli/output-flags.js';

export function registerCompact(store: Command, { io }: Cli): void {
  printsNoJson(store.command('compact'))
    .description('Fold the journal into a new snapshot')
    .addHelpText('after', '\nExamples:\n  $ gbctl store compact')
    .option('--force', 'accept a snapshot edited outside gbctl: it becomes the store, journaled writes replayed on top')
    .action(async (_o: unknown, cmd: Command) => {
      const o = cmd.optsWithGlobals() as GlobalOptions & { force?: boolean };
      const path = storePath(o, io.env, { dataAlias: true });
      const s = JsonFileStore.open(path, { force: !!o.force, warn: (m) => io.stderr.write(`${m}\n`) });
      await s.compact();
      const info = await s.info();
      await s.close();
      io.stderr.write(`compacted ${path}: ${info.objects} objects, ${kib(info.snapshotBytes)}\n`);
    });
}
