import type { Command } from 'commander';
import type { Cli } from '../../src/cli/deps.js';
import { confirmOrFail, sayDone } from '../../src/cli/prompt.js';
import { ResetAnswer } from '../../src/server/controls/index.js';
import { checkServed, control, examples, opts, show } from './control.js';
import { printsJson } from '../../src/cli/output-flags.js';

export function registerReset(parent: Command, cli: Cli): void {
  printsJson(parent.command('reset'), ['reset', 'clock'])
    .description('Put the dataset back as it was when the server started, and its clock back to real time')
    .option('-y, --yes', 'confirm without asking: every change since start-up is undone')
    .addHelpText('after', examples('gbctl emulator reset --yes'))
    .action(async (_f: unknown, cmd: Command) => {
      const o = opts(cmd);
      const where = checkServed(cli, o);
      await confirmOrFail(
        cli.io,
        { action: `reset the server ${where}`, question: `Reset ${where} to its start-up state, undoing every change since?` },
        !!o.yes,
        o.input === false,
      );
      const r = await control(cli, o, 'POST', 'reset', ResetAnswer);
      sayDone(cli.io, 'Reset the server to its start-up state');
      await show(cli, o, r, () => '');
    });
}
