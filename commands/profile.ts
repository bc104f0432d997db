import type { Command } from 'commander';
import { configFile, LOCAL_PROFILE, profileName, readConfig, updateConfig, type Profile } from '../src/cli/config.js';
import type { Io } from '../src/cli/context.js';
import { CliError, usageError } from '../src/cli/exit-codes.js';

const KEYS = ['endpoint', 'organization', 'site'] as const;

export function registerProfile(program: Command, io: Io): void {
  const profile = program
    .command('profile')
    .description('Manage configuration profiles (endpoint, token, default organization and site)')
    .addHelpText(
      'after',
      `
The built-in profile "local" is the embedded store. Values resolve as: flags, then
environment variables (GITBOOK_ENDPOINT, GITBOOK_TOKEN, GITBOOK_ORGANIZATION), then the profile.
A profile's site is used by the site commands when their site argument is left out
(gbctl profile set site SITE_ID, then gbctl sites get, gbctl sites sections list, ...).`,
    );

  profile
    .command('list')
    .description('List profiles; * marks the current one')
    .action((_o: unknown, cmd: Command) => {
      const c = readConfig(io.env);
      const current = c.currentProfile ?? LOCAL_PROFILE;
      const rows = [{ name: LOCAL_PROFILE, endpoint: '(embedded store)' } as Profile & { name: string }, ...Object.entries(c.profiles ?? {}).map(([name, p]) => ({ name, ...p }))];
      if (cmd.optsWithGlobals().json) {
        io.stdout.write(`${JSON.stringify(rows.map(({ token, ...r }) => ({ ...r, current: r.name === current, hasToken: !!token })), null, 2)}\n`);
        return;
      }
      for (const r of rows) io.stdout.write(`${r.name === current ? '*' : ' '} ${r.name}\t${r.endpoint ?? ''}\t${r.organization ?? ''}\t${r.token ? 'token saved' : ''}\n`);
    });

  profile
    .command('use')
    .argument('<name>', 'profile to make current')
    .description('Make a profile the current one')
    .action(async (name: string) => {
      if (name !== LOCAL_PROFILE && !readConfig(io.env).profiles?.[name]) throw new CliError(`no profile "${name}"`, 1, 'create it with "gbctl profile set ..." or "gbctl auth login --profile NAME"');
      await updateConfig(io.env, (c) => {
        c.currentProfile = name;
      });
      io.stderr.write(`Now using profile "${name}"\n`);
    });

  profile
    .command('set')
    .argument('<key>', `one of ${KEYS.join(', ')}`)
    .argument('<value>', 'the value ("" removes it)')
    .description('Set a value of a profile (the current one, or --profile NAME, created if new)')
    .addHelpText('after', '\nExamples:\n  $ gbctl profile set endpoint http://127.0.0.1:7700 --profile ci\n  $ gbctl profile set organization ORG')
    .action(async (key: string, value: string, _o: unknown, cmd: Command) => {
      if (!(KEYS as readonly string[]).includes(key)) throw usageError(`unknown profile key "${key}"`, `keys: ${KEYS.join(', ')} (tokens are set with "gbctl auth login")`);
      const name = profileName(cmd.optsWithGlobals().profile as string | undefined, io.env);
      if (name === LOCAL_PROFILE) throw usageError('the built-in "local" profile cannot be changed', 'pass --profile NAME');
      if (key === 'endpoint' && value) {
        try {
          new URL(value);
        } catch {
          throw usageError(`"${value}" is not a URL`);
        }
      }
      await updateConfig(io.env, (c) => {
        c.profiles ??= {};
        const p: Profile = { ...c.profiles[name] };
        if (value) p[key as (typeof KEYS)[number]] = value;
        else delete p[key as (typeof KEYS)[number]];
        c.profiles[name] = p;
      });
      io.stderr.write(`Set ${key} of profile "${name}" (${configFile(io.env)})\n`);
    });

  profile
    .command('delete')
    .argument('<name>', 'profile to delete')
    .option('-y, --yes', 'do not ask for confirmation')
    .description('Delete a profile and its saved token')
    .action(async (name: string, o: { yes?: boolean }) => {
      if (name === LOCAL_PROFILE) throw usageError('the built-in "local" profile cannot be deleted');
      if (!readConfig(io.env).profiles?.[name]) throw new CliError(`no profile "${name}"`);
      const { confirmOrFail } = await import('../src/cli/prompt.js');
      await confirmOrFail(io, `Delete profile "${name}" and its saved token?`, !!o.yes);
      await updateConfig(io.env, (c) => {
        delete c.profiles?.[name];
        if (c.currentProfile === name) delete c.currentProfile;
      });
      io.stderr.write(`Deleted profile "${name}"\n`);
    });
}
