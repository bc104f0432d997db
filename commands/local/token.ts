import type { Command } from 'commander';
import type { Cli } from '../../src/cli/deps.js';
import { withStore } from './with-store.js';

export function registerToken(parent: Command, { io, deps }: Cli): void {
  parent
    .command('token')
    .description('Print the admin token of the embedded store (for gbctl serve clients)')
    .addHelpText('after', '\nExamples:\n  $ export GITBOOK_TOKEN=$(gbctl local token --store ./ci-store.json)')
    .action(async (_o: unknown, cmd: Command) => {
      const token = await withStore(cmd, { io, deps }, async (_env, e) => e.token);
      io.stdout.write(`${token}\n`);
    });
}
