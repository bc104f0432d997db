import type { Command } from 'commander';
import type { Cli } from '../../src/cli/deps.js';
import { usageError } from '../../src/cli/exit-codes.js';
import { createToken } from '../../src/server/admin/index.js';
import { FIELDS, ORG_HELP, opts, withStore } from './with-store.js';
import { emitOrText } from '../../src/cli/emit.js';
import { printsJson } from '../../src/cli/output-flags.js';

export function registerTokensCreate(parent: Command, { io, deps }: Cli): void {
  printsJson(parent.command('create'), FIELDS.tokenCreated)
    .description('Create an API token for a user; prints the secret (once)')
    .requiredOption('--user <user>', 'user id or email')
    .option('--role <role>', 'role in --org: admin, create, review, edit, comment or read; the user is made a member with it')
    .option('--label <label>', 'unique name of the token (default: derived from the user)')
    .addHelpText(
      'after',
      `${ORG_HELP}\nWith --role, the user becomes a member with that role (or their role changes); without
it, the user must already be a member.`,
    )
    .addHelpText(
      'after',
      '\nExamples:\n  $ export GITBOOK_TOKEN=$(gbctl local tokens create --user ada@example.com --org "$ORG" --role read --label ci-reader)',
    )
    .action(async (_o: unknown, cmd: Command) => {
      const org = opts(cmd).org;
      const o = { ...cmd.opts<{ user: string; role?: string; label?: string }>(), ...(org !== undefined ? { org } : {}) };
      if (o.role !== undefined && o.org === undefined) throw usageError('--role needs --org: a role is held in an organization');
      const t = await withStore(cmd, { io, deps }, (env) => env.store.write((tx) => createToken(env, tx, o)));
      const role = t.membership ? ` (${t.membership.role} in ${t.membership.organization})` : '';
      io.stderr.write(`Created token "${t.label}" for user ${t.user}${role}; its secret is shown only now\n`);
      await emitOrText(io, opts(cmd), t, () => t.secret);
    });
}
