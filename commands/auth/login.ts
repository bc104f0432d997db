import type { Command } from 'commander';
import { account } from '../../src/contract/endpoints/account.js';
import { configFile, LOCAL_PROFILE, profileName, readConfig, updateConfig } from '../../src/cli/config.js';
import type { GlobalOptions } from '../../src/cli/context.js';
import type { Cli } from '../../src/cli/deps.js';
import { importEsm } from '../../src/cli/esm.js';
import { redactEndpoint } from '../../src/client/redact.js';
import { httpStatus } from '../../src/cli/errors.js';
import { CliError, Exit, usageError } from '../../src/cli/exit-codes.js';
import { safeLine } from '../../src/cli/terminal-text.js';
import { canPrompt } from '../../src/cli/prompt.js';
import { printsNoJson } from '../../src/cli/output-flags.js';

export const DEFAULT_ENDPOINT = 'https://api.gitbook.com';

interface LoginOptions extends GlobalOptions {
  withToken?: boolean;
  input?: boolean;
  use?: boolean;
}

async function readToken(cli: Cli, o: LoginOptions): Promise<string> {
  const { io } = cli;
  if (o.withToken) {
    const t = io.readStdin().trim();
    if (!t) throw usageError('--with-token: no token on standard input');
    return t;
  }
  if (o.input === false || !canPrompt(io)) throw usageError('no terminal to ask for the token', 'pipe it in: echo "$TOKEN" | gbctl auth login --with-token');
  const { password } = await importEsm('@inquirer/prompts');
  try {
    return (await password({ message: 'Paste an API token (create one at https://app.gitbook.com/account/developer):', mask: true })).trim();
  } catch {
    throw new CliError('cancelled', Exit.cancelled);
  }
}

export function registerLogin(auth: Command, cli: Cli): void {
  const { io } = cli;
  printsNoJson(auth.command('login'))
    .description('Save a token for a profile after checking it with the API')
    .option('--with-token', 'read the token from standard input')
    .option('--use', 'make the profile the current one (as "gbctl profile use"); without --profile it is')
    .addHelpText(
      'after',
      `
The token is checked with an authenticated call, then saved (with the endpoint and any --org)
in the profile given by --profile (or GBCTL_PROFILE), or the current one ("default" when the
current one is the built-in "local"), which then becomes current. A profile named by --profile
or GBCTL_PROFILE becomes current only with --use. Tokens never need to be on the command line.

Examples:
  $ gbctl auth login
  $ echo "$TOKEN" | gbctl auth login --with-token --endpoint https://api.gitbook.com --org ORG
  $ gbctl auth login --profile ci --endpoint http://127.0.0.1:7700 --with-token < token.txt
  $ gbctl auth login --profile staging --use`,
    )
    .action(async (_o: unknown, cmd: Command) => {
      const o = cmd.optsWithGlobals() as LoginOptions;
      const config = readConfig(io.env);
      const current = profileName(o.profile, io.env, config);
      const name = current === LOCAL_PROFILE ? 'default' : current;
      // Logging in to the profile in use makes it current; naming another one leaves the current alone.
      const named = o.profile !== undefined || !!io.env.GBCTL_PROFILE;
      const makeCurrent = !!o.use || !named;
      const endpoint = o.endpoint ?? config.profiles?.[name]?.endpoint ?? io.env.GITBOOK_ENDPOINT ?? DEFAULT_ENDPOINT;
      const token = await readToken(cli, o);
      const conn = await cli.connect({ endpoint, token, profile: name, ...(o.retries ? { retries: o.retries } : {}) });
      let user: { displayName?: string; id?: string };
      try {
        user = await conn.client.call(account['account.user']);
      } catch (e) {
        throw new CliError(
          `the token was not accepted by ${redactEndpoint(endpoint)}: ${(e as Error).message}`,
          Exit.auth,
          'check the token and the endpoint; nothing was saved',
          { status: httpStatus(e), cause: e },
        );
      } finally {
        await conn.close();
      }
      await updateConfig(io.env, (c) => {
        c.profiles ??= {};
        c.profiles[name] = { ...c.profiles[name], endpoint, token, ...(o.org ? { organization: o.org } : {}) };
        if (makeCurrent) c.currentProfile = name;
      });
      const after = profileName(undefined, {}, readConfig(io.env));
      const using =
        makeCurrent || after === name
          ? 'the current profile'
          : `not the current profile, which stays "${after}": use it with --profile ${name}, or make it current with "gbctl profile use ${name}"`;
      io.stderr.write(
        `Logged in to ${redactEndpoint(endpoint)} as ${safeLine(user.displayName ?? user.id ?? '')} (profile "${name}", ${using}; saved in ${configFile(io.env)})\n`,
      );
    });
}
