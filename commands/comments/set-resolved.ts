import type { Command } from 'commander';
import type { Cli } from '../../src/cli/deps.js';
import { CliError } from '../../src/cli/exit-codes.js';
import { runInvocation } from '../../src/cli/runner.js';
import { printsJson } from '../../src/cli/output-flags.js';

/**
 * `gbctl comments resolve|reopen SPACE COMMENT [--change-request N]`: the catalogue's comment
 * update with `resolved` set, run through the same runner (output, --json, errors) as any command.
 */
export function registerSetResolved(comments: Command, cli: Cli, verb: 'resolve' | 'reopen', description: string): void {
  const resolved = verb === 'resolve';
  printsJson(comments.command(verb), 'generated')
    .description(description)
    .argument('<space>', 'space id')
    .argument('<comment>', 'comment id')
    .option('--change-request <id>', 'act inside this change request (id or number)')
    .addHelpText('after', `\nExamples:\n  $ gbctl comments ${verb} SPACE COMMENT\n  $ gbctl comments ${verb} SPACE COMMENT --change-request 2 --json status`)
    .action(async (space: string, comment: string, _o: unknown, cmd: Command) => {
      const opts = cmd.optsWithGlobals() as Record<string, unknown>;
      const command = cli.deps.manifest.commands.find((c) => c.id === 'comments.update');
      if (!command) throw new CliError('this build of gbctl has no "comments update" command');
      const cr = opts.changeRequest as string | undefined;
      await runInvocation(
        {
          command,
          endpointId: cr ? 'cr-comments.update' : 'comments.update',
          input: { params: { spaceId: space, commentId: comment, ...(cr ? { changeRequestId: cr } : {}) }, query: {}, body: { resolved } },
          opts,
        },
        cli,
      );
    });
}
