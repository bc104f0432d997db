import type { Command } from 'commander';
import { storePath, type GlobalOptions, type Io } from '../src/cli/context.js';
import { CliError } from '../src/cli/exit-codes.js';

export function registerLocal(program: Command, io: Io): void {
  const local = program.command('local').description('Manage the embedded store\'s local users and tokens (local only, not part of the platform API)');
  local
    .command('token')
    .description('Print the admin token of the embedded store (for gbctl serve clients)')
    .addHelpText('after', '\nExamples:\n  $ export GITBOOK_TOKEN=$(gbctl local token --store ./ci-store.json)')
    .action(async (_o: unknown, cmd: Command) => {
      const path = storePath(cmd.optsWithGlobals() as GlobalOptions, io.env);
      const [{ JsonFileStore }, { ensureSeeded }, envMod] = await Promise.all([
        import('../src/store/json-file-store.js'),
        import('../src/server/services/orgs.js'),
        import('../src/server/env.js'),
      ]);
      let store;
      try {
        store = JsonFileStore.open(path);
      } catch (e) {
        throw new CliError((e as Error).message);
      }
      const token = await ensureSeeded({ store, clock: envMod.systemClock, ids: envMod.randomIds, origin: '', translations: 'translation' });
      await store.close();
      io.stdout.write(`${token}\n`);
    });
}
