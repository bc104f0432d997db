import type { BespokeModule } from '../../src/cli/deps.js';
import { buildProgram } from '../../src/cli/program.js';
import { commandReference } from '../../src/cli/reference.js';
import { printsNoJson } from '../../src/cli/output-flags.js';

export const command: BespokeModule = {
  summary: 'Print the reference of every command (Markdown), generated from the command tree',
  register(program, cli) {
    printsNoJson(program.command('reference'))
      .description(command.summary as string)
      .addHelpText(
        'after',
        `
docs/commands.md is this output, checked in ("npm run gen" writes it).

Examples:
  $ gbctl reference > commands.md
  $ gbctl reference | grep -A20 '^### gbctl spaces create$'`,
      )
      .action(async () => {
        // Only the invoked command is built in full (start-up): the reference needs them all.
        const all = await buildProgram(cli);
        cli.io.stdout.write(commandReference(all));
      });
  },
};
