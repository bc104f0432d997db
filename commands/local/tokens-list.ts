import type { Command } from 'commander';
import type { Cli } from '../../src/cli/deps.js';
import { listTokens } from '../../src/server/admin/index.js';
import { FIELDS, opts, outList, withStore } from './with-store.js';
import { printsJson } from '../../src/cli/output-flags.js';

export function registerTokensList(parent: Command, { io, deps }: Cli): void {
  printsJson(parent.command('list'), FIELDS.token)
    .description('List tokens: ids, labels and users, never secrets')
    .addHelpText('after', '\nExamples:\n  $ gbctl local tokens list --user ada@example.com')
    .option('--user <user>', "only this user's tokens (id or email)")
    .action(async (_o: unknown, cmd: Command) => {
      const o = cmd.opts<{ user?: string }>();
      const all = await withStore(cmd, { io, deps }, (env) => env.store.read((tx) => listTokens(tx, o.user)));
      const rows = all.map((t) => ({ ...t, id: t.id.slice(0, 12), local: t.local ? 'local' : '' }));
      await outList(io, opts(cmd), all, rows, ['id', 'label', 'user', 'displayName', 'createdAt', 'local']);
    });
}
