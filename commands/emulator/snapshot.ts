import type { Command } from 'commander';
import type { Cli } from '../../src/cli/deps.js';
import { usageError } from '../../src/cli/exit-codes.js';
import { itemsOf, Named } from '../../src/server/controls/index.js';
import { control, examples, opts, show } from './control.js';
import { printsJson } from '../../src/cli/output-flags.js';

export const SNAPSHOT_NAME = /^[\w-]{1,64}$/;

export function checkName(name: string): string {
  if (!SNAPSHOT_NAME.test(name)) throw usageError(`snapshot name "${name}": 1 to 64 letters, digits, "_" or "-"`);
  if (name === 'initial') throw usageError('"initial" is the start-up state "gbctl emulator reset" returns to; pick another name');
  return name;
}

export function registerSnapshot(parent: Command, cli: Cli): void {
  printsJson(parent.command('snapshot'), ['id'])
    .description('Save the whole dataset under a name, to put back later with "gbctl emulator restore"; with --list, list the saved ones')
    .argument('[name]', 'name to save it under (letters, digits, "_", "-"); a name in use is replaced; default snap-N')
    .option('--list', 'list the saved snapshots instead')
    .addHelpText('after', examples('gbctl emulator snapshot before-migration', 'gbctl emulator snapshot --list'))
    .action(async (name: string | undefined, f: { list?: boolean }, cmd: Command) => {
      const o = opts(cmd);
      if (f.list) {
        if (name !== undefined) throw usageError('--list takes no name');
        const list = await control(cli, o, 'GET', 'snapshots', itemsOf(Named));
        await show(cli, o, list.items, (items) => items.map((s) => s.id).join('\n'));
        return;
      }
      const saved = await control(cli, o, 'POST', 'snapshots', Named, name !== undefined ? { name: checkName(name) } : {});
      cli.io.stderr.write(`✓ Saved snapshot ${saved.id}\n`);
      await show(cli, o, saved, (s) => s.id);
    });
}
