import type { Command } from 'commander';
import type { Cli } from '../../src/cli/deps.js';
import { listOrgs } from '../../src/server/admin/index.js';
import { FIELDS, opts, outList, withStore } from './with-store.js';
import { printsJson } from '../../src/cli/output-flags.js';

export function registerOrgsList(parent: Command, { io, deps }: Cli): void {
  printsJson(parent.command('list'), FIELDS.org)
    .description('List organizations; "default" marks the one the embedded CLI uses')
    .addHelpText('after', '\nExamples:\n  $ gbctl local orgs list')
    .action(async (_o: unknown, cmd: Command) => {
      const all = await withStore(cmd, { io, deps }, (env) => env.store.read((tx) => listOrgs(tx)));
      const rows = all.map((x) => ({ ...x, default: x.default ? 'default' : '' }));
      await outList(io, opts(cmd), all, rows, ['id', 'title', 'members', 'default']);
    });
}
