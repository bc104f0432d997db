import type { Command } from 'commander';
import { account } from '../../src/contract/endpoints/account.js';
import { resolve } from '../../src/cli/config.js';
import { chooseBackend, type GlobalOptions, type JsonFlag } from '../../src/cli/context.js';
import type { BespokeModule, Cli } from '../../src/cli/deps.js';
import { emitOrText } from '../../src/cli/emit.js';
import { explainAuthFailure } from '../../src/cli/errors.js';
import { printsJson } from '../../src/cli/output-flags.js';

const FIELDS = ['user', 'organization', 'backend'];

export const command: BespokeModule = {
  summary: 'Show who gbctl acts as: the user, the organization and the backend (embedded store or endpoint)',
  register: (program, cli) => registerWhoami(program, cli),
};

type Opts = GlobalOptions & { json?: JsonFlag; jq?: string };

function registerWhoami(program: Command, cli: Cli): void {
  const { io } = cli;
  printsJson(program.command('whoami'), FIELDS)
    .description(command.summary as string)
    .addHelpText(
      'after',
      `
The organization is the one organization-scoped commands use when --org is left out; it is
null when none is known (over HTTP, a user in several organizations with none configured).
"gbctl auth status" says more: the profile and where each setting comes from.

Examples:
  $ gbctl whoami
  $ gbctl whoami --json organization --jq .organization
  $ GITBOOK_ENDPOINT=http://127.0.0.1:7700 GITBOOK_TOKEN=... gbctl whoami`,
    )
    .action(async (_o: unknown, cmd: Command) => {
      const o = cmd.optsWithGlobals() as Opts;
      const backend = chooseBackend(o, io.env, resolve(o, io.env));
      const conn = await cli.connect(o);
      let user: { id: string; displayName: string; email?: string };
      let organization: string | undefined;
      try {
        user = await conn.client.call(account['account.user']);
        // Unknown is an answer here, not a failure: whoami is what one runs to find out.
        organization = await conn.organization().catch(() => undefined);
      } catch (e) {
        throw explainAuthFailure(e, conn.resolved.sources.token);
      } finally {
        await conn.close();
      }
      const me = {
        user: { id: user.id, displayName: user.displayName, email: user.email ?? null },
        organization: organization ?? null,
        backend: backend.kind === 'http' ? { kind: 'http', endpoint: backend.endpoint } : { kind: 'embedded', store: backend.path },
      };
      await emitOrText(io, o, me, () =>
        [
          `user          ${user.displayName} (${user.id})${user.email ? ` <${user.email}>` : ''}`,
          `organization  ${organization ?? '(none known: pass --org or set GITBOOK_ORGANIZATION)'}`,
          `backend       ${backend.kind === 'http' ? backend.endpoint : `embedded store ${backend.path}`}`,
        ].join('\n'),
      );
    });
}
