import type { JsonFlag } from '../../src/cli/context.js';
import type { Command } from 'commander';
import { buildInfo } from '../../src/cli/build-output.js';
import type { BespokeModule, Cli } from '../../src/cli/deps.js';
import { emitOrText } from '../../src/cli/emit.js';
import { VERSION } from '../../src/cli/version.js';
import { printsJson } from '../../src/cli/output-flags.js';

export const command: BespokeModule = {
  summary: "Show gbctl's version, the commit it was built from and the Node.js running it",
  register: (program, cli) => registerVersion(program, cli),
};

function registerVersion(program: Command, { io }: Cli): void {
  printsJson(program.command('version'), ['version', 'commit', 'node'])
    .description(command.summary as string)
    .addHelpText(
      'after',
      `
"gbctl --version" prints the version alone. The commit is null for a build made outside a git
checkout.

Examples:
  $ gbctl version
  $ gbctl version --json`,
    )
    .action(async (_o: unknown, cmd: Command) => {
      const o = cmd.optsWithGlobals() as { json?: JsonFlag; jq?: string };
      const build = buildInfo();
      const info = { version: VERSION, commit: build.commit, node: process.version };
      await emitOrText(io, o, info, () => `gbctl ${info.version}${info.commit ? ` (commit ${info.commit.slice(0, 12)})` : ''}, Node.js ${info.node}`);
    });
}
