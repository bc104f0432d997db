import type { Command } from 'commander';
import type { Cli } from '../../src/cli/deps.js';
import { removeMember } from '../../src/server/admin/local-admin.js';
import { ORG_HELP, requiredOrg, withStore } from './with-store.js';

export function registerMembersRemove(parent: Command, { io, deps }: Cli): void {
  parent
    .command('remove')
    .description('Remove a user from an organization')
    .addHelpText('after', '\nExamples:\n  $ gbctl local members remove --org "$ORG" --user ada@example.com')
    .requiredOption('--user <user>', 'user id or email')
    .addHelpText('after', ORG_HELP)
    .action(async (_o: unknown, cmd: Command) => {
      const o = { ...cmd.opts<{ user: string }>(), org: requiredOrg(cmd) };
      const m = await withStore(cmd, { io, deps }, (env) => env.store.write((tx) => removeMember(tx, o)));
      io.stderr.write(`Removed user ${m.user} from organization ${m.organization}\n`);
    });
}
