import type { Command } from 'commander';
import type { Cli } from '../../src/cli/deps.js';
import { listMembers } from '../../src/server/admin/index.js';
import { FIELDS, ORG_HELP, opts, outList, withStore } from './with-store.js';
import { printsJson } from '../../src/cli/output-flags.js';

export function registerMembersList(parent: Command, { io, deps }: Cli): void {
  printsJson(parent.command('list'), FIELDS.member)
    .description('List memberships (of one organization with --org)')
    .addHelpText('after', '\nExamples:\n  $ gbctl local members list --org "$ORG"')
    .addHelpText('after', ORG_HELP)
    .action(async (_o: unknown, cmd: Command) => {
      const org = opts(cmd).org;
      const all = await withStore(cmd, { io, deps }, (env) => env.store.read((tx) => listMembers(tx, org)));
      await outList(
        io,
        opts(cmd),
        all,
        all.map((m) => ({ ...m })),
        ['organization', 'user', 'displayName', 'role'],
      );
    });
}
