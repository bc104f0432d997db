import type { Command } from 'commander';
import { SHELLS, treeOf } from '../../src/cli/completion.js';
import type { BespokeModule } from '../../src/cli/deps.js';
import { usageError } from '../../src/cli/exit-codes.js';
import { printsNoJson } from '../../src/cli/output-flags.js';

export const command: BespokeModule = {
  summary: 'Print a shell completion script generated from the command tree',
  register(program: Command, { io }) {
    printsNoJson(program.command('completion'))
      .argument('<shell>', 'bash, zsh or fish')
      .description(command.summary as string)
      .addHelpText(
        'after',
        `
Examples:
  $ gbctl completion bash > /etc/bash_completion.d/gbctl
  $ gbctl completion zsh > "\${fpath[1]}/_gbctl"
  $ gbctl completion fish > ~/.config/fish/completions/gbctl.fish`,
      )
      .action((shell: string) => {
        const gen = SHELLS[shell as keyof typeof SHELLS];
        if (!gen) throw usageError(`no completion for "${shell}"`, 'use bash, zsh or fish');
        io.stdout.write(gen(treeOf(program)));
      });
  },
};
