import type { Command } from 'commander';
import { configFile, LOCAL_PROFILE, profileName, updateConfig, type Profile } from '../../src/cli/config.js';
import type { Cli } from '../../src/cli/deps.js';
import { usageError } from '../../src/cli/exit-codes.js';
import { printsNoJson } from '../../src/cli/output-flags.js';

const KEYS = ['endpoint', 'organization', 'site'] as const;

export function registerSet(profile: Command, { io }: Cli): void {
  printsNoJson(profile.command('set'))
    .argument('<key>', `one of ${KEYS.join(', ')}`)
    .argument('<value>', 'the value ("" removes it)')
    .description('Set a value of a profile (the current one, or --profile NAME, created if new)')
    .addHelpText(
      'after',
      '\nExamples:\n  $ gbctl profile set endpoint http://127.0.0.1:7700 --profile ci\n  $ gbctl profile set organization ORG\n  $ gbctl profile set site SITE   # also on the built-in local profile',
    )
    .action(async (key: string, value: string, _o: unknown, cmd: Command) => {
      if (!(KEYS as readonly string[]).includes(key))
        throw usageError(`unknown profile key "${key}"`, `keys: ${KEYS.join(', ')} (tokens are set with "gbctl auth login")`);
      const name = profileName(cmd.optsWithGlobals().profile as string | undefined, io.env);
      // "local" is the embedded store: it may keep a default organization and site, never an endpoint.
      if (name === LOCAL_PROFILE && key === 'endpoint')
        throw usageError('the built-in "local" profile is the embedded store and takes no endpoint', 'pass --profile NAME to make a profile for an endpoint');
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
}
