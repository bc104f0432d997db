import type { Command } from 'commander';
import { LOCAL_PROFILE, readConfig, updateConfig } from '../../src/cli/config.js';
import type { Cli } from '../../src/cli/deps.js';
import { CliError } from '../../src/cli/exit-codes.js';
import { printsNoJson } from '../../src/cli/output-flags.js';

export function registerUse(profile: Command, { io }: Cli): void {
  printsNoJson(profile.command('use'))
    .argument('<name>', 'profile to make current')
    .description('Make a profile the current one')
    .addHelpText('after', '\nExamples:\n  $ gbctl profile use staging\n  $ gbctl profile use local   # back to the embedded store')
    .action(async (name: string) => {
      if (name !== LOCAL_PROFILE && !readConfig(io.env).profiles?.[name])
        throw new CliError(`no profile "${name}"`, 1, 'create it with "gbctl profile set ..." or "gbctl auth login --profile NAME"');
      await updateConfig(io.env, (c) => {
        c.currentProfile = name;
      });
      io.stderr.write(`Now using profile "${name}"\n`);
    });
}
