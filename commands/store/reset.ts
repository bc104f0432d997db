import type { Command } from 'commander';
import { storePath, type GlobalOptions } from '../../src/cli/context.js';
import type { Cli } from '../../src/cli/deps.js';
import { confirmOrFail, sayDone } from '../../src/cli/prompt.js';
import { JsonFileStore } from '../../src/store/json-file-store.js';
import { printsNoJson } from '../../src/cli/output-flags.js';

export function registerReset(store: Command, { io }: Cli): void {
  printsNoJson(store.command('reset'))
    .description('Empty the store (the next command seeds a new organization, admin user and token)')
    .addHelpText('after', '\nExamples:\n  $ gbctl store reset --yes --store ./ci-store.json')
    .option('-y, --yes', 'confirm: every object in the store is deleted')
    .action(async (_o: unknown, cmd: Command) => {
      const o = cmd.optsWithGlobals() as GlobalOptions & { yes?: boolean; input?: boolean };
      const path = storePath(o, io.env, { dataAlias: true });
      await confirmOrFail(io, { action: `reset the store ${path}`, question: `Delete every object in ${path}?` }, !!o.yes, o.input === false);
      JsonFileStore.replace(path, { tables: {} });
      sayDone(io, `Reset ${path}: the store is empty`);
    });
}
