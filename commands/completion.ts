import type { Command } from 'commander';
import type { Io } from '../src/cli/context.js';
import { usageError } from '../src/cli/exit-codes.js';

export function registerCompletion(program: Command, io: Io): void {
  program
    .command('completion')
    .argument('<shell>', 'bash, zsh or fish')
    .description('Print a shell completion script generated from the command tree')
    .addHelpText(
      'after',
      `
Examples:
  $ gbctl completion bash > /etc/bash_completion.d/gbctl
  $ gbctl completion zsh > "\${fpath[1]}/_gbctl"
  $ gbctl completion fish > ~/.config/fish/completions/gbctl.fish`,
    )
    .action(async (shell: string) => {
      const { SHELLS, treeOf } = await import('../src/cli/completion.js');
      const gen = SHELLS[shell as keyof typeof SHELLS];
      if (!gen) throw usageError(`no completion for "${shell}"`, 'use bash, zsh or fish');
      io.stdout.write(gen(treeOf(program)));
    });
}
