import type { Command } from 'commander';
import type { Cli } from '../../src/cli/deps.js';
import { confirmOrFail, sayDone } from '../../src/cli/prompt.js';
import { RestoredAnswer } from '../../src/server/controls/index.js';
import { control, examples, opts, show, checkServed } from './control.js';
import { checkName } from './snapshot.js';
import { printsJson } from '../../src/cli/output-flags.js';

export function registerRestore(parent: Command, cli: Cli): void {
  printsJson(parent.command('restore'), ['restored'])
    .description('Put the whole dataset back as it was when the named snapshot was taken (everything since is lost)')
    .argument('<name>', 'the snapshot\'s name, as "gbctl emulator snapshot" gave it')
    .option('-y, --yes', 'confirm without asking: every change since the snapshot is undone')
    .addHelpText('after', examples('gbctl emulator restore before-migration --yes'))
    .action(async (name: string, _f: unknown, cmd: Command) => {
      const o = opts(cmd);
      checkName(name);
      const where = checkServed(cli, o);
      await confirmOrFail(
        cli.io,
        { action: `restore snapshot ${name}`, question: `Restore snapshot ${name} on ${where}, undoing every change made since?` },
        !!o.yes,
        o.input === false,
      );
      const r = await control(cli, o, 'POST', `snapshots/${name}/restore`, RestoredAnswer);
      sayDone(cli.io, `Restored snapshot ${name}`);
      await show(cli, o, r, () => '');
    });
}
