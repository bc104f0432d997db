import type { Command } from 'commander';
import type { Cli } from '../../src/cli/deps.js';
import { listUsers } from '../../src/server/admin/index.js';
import { FIELDS, opts, outList, withStore } from './with-store.js';
import { printsJson } from '../../src/cli/output-flags.js';

export function registerUsersList(parent: Command, { io, deps }: Cli): void {
  printsJson(parent.command('list'), FIELDS.user)
    .description('List users with their roles')
    .addHelpText('after', '\nExamples:\n  $ gbctl local users list\n  $ gbctl local users list --json')
    .action(async (_o: unknown, cmd: Command) => {
      const all = await withStore(cmd, { io, deps }, (env) => env.store.read((tx) => listUsers(tx)));
      const rows = all.map((u) => ({ ...u, memberships: u.memberships.map((m) => `${m.organization}:${m.role}`).join(' ') }));
      await outList(io, opts(cmd), all, rows, ['id', 'displayName', 'email', 'memberships']);
    });
}
