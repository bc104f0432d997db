import type { Command } from 'commander';
import { LOCAL_PROFILE, readConfig, updateConfig } from '../../src/cli/config.js';
import type { Cli } from '../../src/cli/deps.js';
import { CliError, Exit, usageError } from '../../src/cli/exit-codes.js';
import { confirmOrFail, refuseWithoutTerminal, sayDone } from '../../src/cli/prompt.js';
import { printsNoJson } from '../../src/cli/output-flags.js';

export function registerDelete(profile: Command, { io }: Cli): void {
  printsNoJson(profile.command('delete'))
    .argument('<name>', 'profile to delete')
    .option('-y, --yes', 'do not ask for confirmation')
    .description('Delete a profile and its saved token')
    .addHelpText('after', '\nExamples:\n  $ gbctl profile delete staging --yes')
    .action(async (name: string, _o: unknown, cmd: Command) => {
      const o = cmd.optsWithGlobals() as { yes?: boolean; input?: boolean };
      if (name === LOCAL_PROFILE) throw usageError('the built-in "local" profile cannot be deleted');
      const c = { action: `delete profile "${name}"`, question: `Delete profile "${name}" and its saved token?` };
      refuseWithoutTerminal(io, c, !!o.yes, o.input === false);
      if (!readConfig(io.env).profiles?.[name]) throw new CliError(`no profile "${name}"`, Exit.notFound, 'see "gbctl profile list"');
      await confirmOrFail(io, c, !!o.yes, o.input === false);
      await updateConfig(io.env, (c) => {
        delete c.profiles?.[name];
        if (c.currentProfile === name) delete c.currentProfile;
      });
      sayDone(io, `Deleted profile "${name}"`);
    });
}
