import { statSync } from 'node:fs';
import type { Command } from 'commander';
import { account } from '../../src/contract/endpoints/account.js';
import { configFile, resolve } from '../../src/cli/config.js';
import { chooseBackend, type GlobalOptions, type JsonFlag } from '../../src/cli/context.js';
import type { Cli } from '../../src/cli/deps.js';
import { emitOrText } from '../../src/cli/emit.js';
import { httpStatus } from '../../src/cli/errors.js';
import { CliError, Exit } from '../../src/cli/exit-codes.js';
import { printsJson } from '../../src/cli/output-flags.js';

/** A file's permission bits, or undefined when it cannot be read. */
function fileMode(path: string): number | undefined {
  try {
    return statSync(path).mode & 0o777;
  } catch {
    return undefined;
  }
}

export function registerStatus(auth: Command, cli: Cli): void {
  const { io } = cli;
  printsJson(auth.command('status'), ['profile', 'mode', 'endpoint', 'backend', 'organization', 'user', 'token', 'shadowedBy', 'error'])
    .description('Show the profile, endpoint, organization and where the token comes from')
    .addHelpText('after', '\nExamples:\n  $ gbctl auth status\n  $ gbctl auth status --json')
    .action(async (_o: unknown, cmd: Command) => {
      const o = cmd.optsWithGlobals() as GlobalOptions & { json?: JsonFlag; jq?: string };
      const r = resolve(o, io.env);
      const backend = chooseBackend(o, io.env, r);
      const conn = await cli.connect(o);
      let user: { displayName?: string; id?: string } | undefined;
      let problem: string | undefined;
      let failure: unknown;
      let organization: string | undefined;
      try {
        user = await conn.client.call(account['account.user']);
        organization = await conn.organization().catch(() => undefined);
      } catch (e) {
        problem = (e as Error).message;
        failure = e;
      } finally {
        await conn.close();
      }
      const status = {
        profile: r.profile,
        mode: conn.mode,
        endpoint: backend.kind === 'http' ? backend.endpoint : `embedded store ${backend.path}`,
        backend: { ...backend },
        organization: organization ?? null,
        user: user ? { id: user.id, displayName: user.displayName } : null,
        token: { source: conn.resolved.sources.token, storedIn: r.sources.token.startsWith('profile') ? configFile(io.env) : null },
        shadowedBy: r.shadowed,
        ...(problem ? { error: problem } : {}),
      };
      const mode = status.token.storedIn ? fileMode(status.token.storedIn) : undefined;
      await emitOrText(io, o, status, () =>
        [
          `profile:       ${status.profile}`,
          `backend:       ${status.endpoint} (from ${backend.source})`,
          `organization:  ${status.organization ?? '(none: pass --org or set GITBOOK_ORGANIZATION)'}`,
          `user:          ${user ? `${user.displayName} (${user.id})` : '(unknown)'}`,
          `token from:    ${status.token.source}${status.token.storedIn ? ` — stored in the file ${status.token.storedIn} (${mode === undefined ? 'mode unknown' : `mode ${mode.toString(8).padStart(4, '0')}`})` : ''}`,
        ].join('\n'),
      );
      // The mode as it is, not as gbctl writes it: a file copied or edited elsewhere may be readable by others.
      if (mode !== undefined && (mode & 0o077) !== 0) {
        io.stderr.write(
          `warning: ${status.token.storedIn} holds a token and can be read by other users (mode ${mode.toString(8).padStart(4, '0')}); run: chmod 600 ${status.token.storedIn}\n`,
        );
      }
      for (const v of r.shadowed) io.stderr.write(`warning: ${v} is set and overrides the value in profile "${r.profile}"\n`);
      if (problem)
        throw new CliError(`the token does not work: ${problem}`, Exit.auth, 'run "gbctl auth login"', { status: httpStatus(failure), cause: failure });
    });
}
