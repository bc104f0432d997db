import type { Command } from 'commander';
import { profileName, readConfig, updateConfig } from '../../src/cli/config.js';
import type { GlobalOptions } from '../../src/cli/context.js';
import type { Cli } from '../../src/cli/deps.js';
import { CliError, Exit } from '../../src/cli/exit-codes.js';
import { printsNoJson } from '../../src/cli/output-flags.js';

export function registerLogout(auth: Command, cli: Cli): void {
  const { io } = cli;
  printsNoJson(auth.command('logout'))
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
}
