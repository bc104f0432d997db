import type { Command } from 'commander';
import { storePath, type GlobalOptions } from '../../src/cli/context.js';
import type { Cli } from '../../src/cli/deps.js';
import { usageError } from '../../src/cli/exit-codes.js';
import { JsonFileStore } from '../../src/store/json-file-store.js';

export function registerReset(store: Command, { io }: Cli): void {
  store
    .command('reset')
    .description('Empty the store (the next command seeds a new organization, admin user and token)')
    .option('-y, --yes', 'confirm: every object in the store is deleted')
    .action((_o: unknown, cmd: Command) => {
      const o = cmd.optsWithGlobals() as GlobalOptions & { yes?: boolean };
      const path = storePath(o, io.env, { dataAlias: true });
      if (!o.yes) throw usageError(`store reset needs --yes: it deletes everything in ${path}`, 'pass --yes to confirm');
      JsonFileStore.replace(path, { tables: {} });
      io.stderr.write(`reset ${path}: the store is empty\n`);
    });
}
