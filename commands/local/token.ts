import type { Command } from 'commander';
import type { Cli } from '../../src/cli/deps.js';
import { mintAdminToken } from '../../src/server/admin/index.js';
import { withStore } from './with-store.js';
import { printsNoJson } from '../../src/cli/output-flags.js';

export function registerToken(parent: Command, { io, deps }: Cli): void {
  printsNoJson(parent.command('token'))
    .description("Mint a new API token of the embedded store's admin and print it, once (for gbctl serve clients)")
    .addHelpText(
      'after',
      `
The store keeps only the token's SHA-256, so a token cannot be shown again: each run mints a new
one (labelled "local admin", "local admin 2", …; revoke old ones with "gbctl local tokens revoke").
The embedded CLI itself needs no token: it acts as the admin in its own process.

Examples:
  $ export GITBOOK_TOKEN=$(gbctl local token --store ./ci-store.json)`,
    )
    .action(async (_o: unknown, cmd: Command) => {
      const token = await withStore(cmd, { io, deps }, async (env) => mintAdminToken(env));
      io.stdout.write(`${token}\n`);
    });
}
