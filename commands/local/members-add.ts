import type { Command } from 'commander';
import type { Cli } from '../../src/cli/deps.js';
import { setMember } from '../../src/server/admin/index.js';
import { FIELDS, ORG_HELP, opts, requiredOrg, withStore } from './with-store.js';
import { emitOrText } from '../../src/cli/emit.js';
import { printsJson } from '../../src/cli/output-flags.js';

export function registerMembersAdd(parent: Command, { io, deps }: Cli): void {
  printsJson(parent.command('add'), FIELDS.memberSet)
    .description('Make a user a member of an organization with a role, or change their role')
    .requiredOption('--user <user>', 'user id or email')
    .requiredOption('--role <role>', 'admin, create, review, edit, comment or read')
    .addHelpText('after', `${ORG_HELP}\n\nExamples:\n  $ gbctl local members add --org "$ORG" --user ada@example.com --role edit`)
    .action(async (_o: unknown, cmd: Command) => {
      const o = { ...cmd.opts<{ user: string; role: string }>(), org: requiredOrg(cmd) };
      const m = await withStore(cmd, { io, deps }, (env) => env.store.write((tx) => setMember(env, tx, o)));
      const how = m.previousRole ? `changed from "${m.previousRole}" to "${m.role}"` : `"${m.role}"`;
      io.stderr.write(`User ${m.user} in organization ${m.organization}: ${how}\n`);
      await emitOrText(io, opts(cmd), m, () => '');
    });
}
