import type { Command } from 'commander';
import type { Cli } from '../../src/cli/deps.js';
import { createUser } from '../../src/server/admin/index.js';
import { FIELDS, opts, withStore } from './with-store.js';
import { emitOrText } from '../../src/cli/emit.js';
import { printsJson } from '../../src/cli/output-flags.js';

export function registerUsersAdd(parent: Command, { io, deps }: Cli): void {
  printsJson(parent.command('add'), FIELDS.user)
    .description('Add a user; prints its id')
    .requiredOption('--name <name>', 'display name')
    .option('--email <email>', 'email address (unique; can name the user in other commands)')
    .addHelpText('after', '\nExamples:\n  $ gbctl local users add --name "Ada" --email ada@example.com')
    .action(async (o: { name: string; email?: string }, cmd: Command) => {
      const u = await withStore(cmd, { io, deps }, (env) => env.store.write((tx) => createUser(env, tx, { name: o.name, email: o.email })));
      io.stderr.write(`Added user "${u.displayName}" (${u.id})\n`);
      await emitOrText(io, opts(cmd), u, () => u.id);
    });
}
