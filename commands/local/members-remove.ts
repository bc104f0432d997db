import type { Command } from 'commander';
import type { Cli } from '../../src/cli/deps.js';
import { confirmOrFail } from '../../src/cli/prompt.js';
import { removeMember } from '../../src/server/admin/index.js';
import { ORG_HELP, opts, requiredOrg, withStore } from './with-store.js';
import { printsNoJson } from '../../src/cli/output-flags.js';

export function registerMembersRemove(parent: Command, { io, deps }: Cli): void {
  printsNoJson(parent.command('remove'))
    .description('Remove a user from an organization')
    .addHelpText('after', '\nExamples:\n  $ gbctl local members remove --org "$ORG" --user ada@example.com --yes')
    .requiredOption('--user <user>', 'user id or email')
    .option('-y, --yes', 'do not ask for confirmation (required without a terminal)')
    .addHelpText('after', ORG_HELP)
    .action(async (_o: unknown, cmd: Command) => {
      const o = { user: cmd.opts<{ user: string }>().user, org: requiredOrg(cmd) };
      const g = opts(cmd) as ReturnType<typeof opts> & { yes?: boolean; input?: boolean };
      await confirmOrFail(
        io,
        {
          action: `remove user "${o.user}" from organization "${o.org}"`,
          question: `Remove user "${o.user}" from organization "${o.org}"? They lose access to its objects.`,
        },
        !!g.yes,
        g.input === false,
      );
      const m = await withStore(cmd, { io, deps }, (env) => env.store.write((tx) => removeMember(tx, o)));
      io.stderr.write(`✓ Removed user ${m.user} from organization ${m.organization}\n`);
    });
}
