import type { Command } from 'commander';
import type { Cli } from '../../src/cli/deps.js';
import { createOrg } from '../../src/server/admin/index.js';
import { FIELDS, opts, withStore } from './with-store.js';
import { emitOrText } from '../../src/cli/emit.js';
import { printsJson } from '../../src/cli/output-flags.js';

export function registerOrgsAdd(parent: Command, { io, deps }: Cli): void {
  printsJson(parent.command('add'), FIELDS.org)
    .description("Add an organization, with the store's admin (the embedded CLI's user) as its admin; prints its id")
    .requiredOption('--title <title>', 'title of the organization')
    .addHelpText(
      'after',
      '\nOthers join it with "gbctl local members add".\n\nExamples:\n  $ gbctl local orgs add --title "Acme"\n  $ gbctl spaces create --org "$(gbctl local orgs add --title Acme)" --title Handbook',
    )
    .action(async (o: { title: string }, cmd: Command) => {
      const org = await withStore(cmd, { io, deps }, (env) => env.store.write((tx) => createOrg(env, tx, { title: o.title })));
      io.stderr.write(`Added organization "${org.title}" (${org.id})\n`);
      await emitOrText(io, opts(cmd), org, () => org.id);
    });
}
