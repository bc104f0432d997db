import type { Command } from 'commander';
import type { Cli } from '../../src/cli/deps.js';
import { confirmOrFail } from '../../src/cli/prompt.js';
import { revokeToken } from '../../src/server/admin/index.js';
import { FIELDS, opts, withStore } from './with-store.js';
import { emitOrText } from '../../src/cli/emit.js';
import { printsJson } from '../../src/cli/output-flags.js';

export function registerTokensRevoke(parent: Command, { io, deps }: Cli): void {
  printsJson(parent.command('revoke'), FIELDS.token)
    .argument('<token>', 'token id (or a unique prefix of 8+ characters), label, or the secret itself')
    .description('Revoke a token: requests with it answer 401 from then on')
    .option('-y, --yes', 'do not ask for confirmation (required without a terminal)')
    .addHelpText('after', '\nExamples:\n  $ gbctl local tokens revoke ci-reader --yes')
    .action(async (ref: string, _o: unknown, cmd: Command) => {
      const g = opts(cmd) as ReturnType<typeof opts> & { yes?: boolean; input?: boolean };
      await confirmOrFail(
        io,
        { action: `revoke token "${ref}"`, question: `Revoke token "${ref}"? Requests with it will answer 401.` },
        !!g.yes,
        g.input === false,
      );
      const t = await withStore(cmd, { io, deps }, (env) => env.store.write((tx) => revokeToken(tx, ref)));
      io.stderr.write(`Revoked token "${t.label}" of user ${t.user}\n`);
      await emitOrText(io, opts(cmd), t, () => '');
    });
}
