import type { Command } from 'commander';
import { configFile, LOCAL_PROFILE, profileName, readConfig, resolve, updateConfig } from '../src/cli/config.js';
import type { GlobalOptions, Io } from '../src/cli/context.js';
import { CliError, Exit, usageError } from '../src/cli/exit-codes.js';
import { canPrompt } from '../src/cli/prompt.js';
import { importEsm } from '../src/cli/esm.js';

export const DEFAULT_ENDPOINT = 'https://api.gitbook.com';

interface LoginOptions extends GlobalOptions {
  withToken?: boolean;
  input?: boolean;
}

async function readToken(io: Io, o: LoginOptions): Promise<string> {
  if (o.withToken) {
    const { readFileSync } = await import('node:fs');
    const t = readFileSync(0, 'utf8').trim();
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

export function registerAuth(program: Command, io: Io): void {
  const auth = program.command('auth').description('Log in, log out and see how gbctl authenticates');

  auth
    .command('login')
    .description('Save a token for a profile after checking it with the API')
    .option('--with-token', 'read the token from standard input')
    .addHelpText(
      'after',
      `
The token is checked with an authenticated call, then saved (with the endpoint and any --org)
in the profile given by --profile, or the current one ("default" when the current one is the
built-in "local"). Tokens never need to be on the command line.

Examples:
  $ gbctl auth login
  $ echo "$TOKEN" | gbctl auth login --with-token --endpoint https://api.gitbook.com --org ORG
  $ gbctl auth login --profile ci --endpoint http://127.0.0.1:7700 --with-token < token.txt`,
    )
    .action(async (_o: unknown, cmd: Command) => {
      const o = cmd.optsWithGlobals() as LoginOptions;
      const config = readConfig(io.env);
      const current = profileName(o.profile, io.env, config);
      const name = current === LOCAL_PROFILE ? 'default' : current;
      const endpoint = o.endpoint ?? config.profiles?.[name]?.endpoint ?? io.env.GITBOOK_ENDPOINT ?? DEFAULT_ENDPOINT;
      const token = await readToken(io, o);
      const { connect } = await import('../src/cli/context.js');
      const { endpoints } = await import('../src/contract/index.js');
      const conn = await connect({ endpoint, token, profile: name, ...(o.retries ? { retries: o.retries } : {}) }, io);
      let user: { displayName?: string; id?: string };
      try {
        user = (await conn.client.call(endpoints['account.user'])) as typeof user;
      } catch (e) {
        throw new CliError(`the token was not accepted by ${endpoint}: ${(e as Error).message}`, Exit.auth, 'check the token and the endpoint; nothing was saved');
      } finally {
        await conn.close();
      }
      await updateConfig(io.env, (c) => {
        c.profiles ??= {};
        c.profiles[name] = { ...c.profiles[name], endpoint, token, ...(o.org ? { organization: o.org } : {}) };
        c.currentProfile = name;
      });
      io.stderr.write(`Logged in to ${endpoint} as ${user.displayName ?? user.id} (profile "${name}", saved in ${configFile(io.env)})\n`);
    });

  auth
    .command('status')
    .description('Show the profile, endpoint, organization and where the token comes from')
    .addHelpText('after', '\nExamples:\n  $ gbctl auth status\n  $ gbctl auth status --json')
    .action(async (_o: unknown, cmd: Command) => {
      const o = cmd.optsWithGlobals() as GlobalOptions & { json?: unknown };
      const r = resolve(o, io.env);
      const { connect, storePath } = await import('../src/cli/context.js');
      const { endpoints } = await import('../src/contract/index.js');
      const conn = await connect(o, io);
      let user: { displayName?: string; id?: string } | undefined;
      let problem: string | undefined;
      let organization: string | undefined;
      try {
        user = (await conn.client.call(endpoints['account.user'])) as typeof user;
        organization = await conn.organization().catch(() => undefined);
      } catch (e) {
        problem = (e as Error).message;
      } finally {
        await conn.close();
      }
      const status = {
        profile: r.profile,
        mode: conn.mode,
        endpoint: conn.mode === 'http' ? r.endpoint : `embedded store ${storePath(o, io.env)}`,
        organization: organization ?? null,
        user: user ? { id: user.id, displayName: user.displayName } : null,
        token: { source: conn.resolved.sources.token, storedIn: r.sources.token.startsWith('profile') ? configFile(io.env) : null },
        shadowedBy: r.shadowed,
        ...(problem ? { error: problem } : {}),
      };
      if (o.json) io.stdout.write(`${JSON.stringify(status, null, 2)}\n`);
      else {
        const lines = [
          `profile:       ${status.profile}`,
          `endpoint:      ${status.endpoint}`,
          `organization:  ${status.organization ?? '(none: pass --org or set GITBOOK_ORGANIZATION)'}`,
          `user:          ${user ? `${user.displayName} (${user.id})` : '(unknown)'}`,
          `token from:    ${status.token.source}${status.token.storedIn ? ` — stored in the file ${status.token.storedIn} (mode 0600)` : ''}`,
        ];
        io.stdout.write(`${lines.join('\n')}\n`);
      }
      for (const v of r.shadowed) io.stderr.write(`warning: ${v} is set and overrides the value in profile "${r.profile}"\n`);
      if (problem) throw new CliError(`the token does not work: ${problem}`, Exit.auth, 'run "gbctl auth login"');
    });

  auth
    .command('logout')
    .description('Remove the saved token of a profile')
    .addHelpText('after', '\nExamples:\n  $ gbctl auth logout\n  $ gbctl auth logout --profile ci')
    .action(async (_o: unknown, cmd: Command) => {
      const o = cmd.optsWithGlobals() as GlobalOptions;
      const name = profileName(o.profile, io.env);
      if (!readConfig(io.env).profiles?.[name]?.token) throw new CliError(`profile "${name}" has no saved token`, Exit.error);
      await updateConfig(io.env, (c) => {
        const p = c.profiles?.[name];
        if (p) delete p.token;
      });
      io.stderr.write(`Removed the token of profile "${name}"\n`);
    });

  auth
    .command('token')
    .description('Print the token gbctl would use, for piping')
    .addHelpText('after', '\nExamples:\n  $ curl -H "Authorization: Bearer $(gbctl auth token)" https://api.gitbook.com/v1/user')
    .action(async (_o: unknown, cmd: Command) => {
      const o = cmd.optsWithGlobals() as GlobalOptions;
      const r = resolve(o, io.env);
      if (r.token) {
        io.stdout.write(`${r.token}\n`);
        return;
      }
      if (!r.endpoint) {
        const { connect } = await import('../src/cli/context.js');
        const conn = await connect(o, io);
        await conn.close();
        io.stdout.write(`${conn.resolved.token}\n`);
        return;
      }
      throw new CliError(`no token for ${r.endpoint}`, Exit.auth, 'run "gbctl auth login" or set GITBOOK_TOKEN');
    });
}
