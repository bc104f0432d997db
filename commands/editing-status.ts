import type { Command } from 'commander';
import type { Io } from '../src/cli/context.js';
import { CliError } from '../src/cli/exit-codes.js';

/**
 * `gbctl comments resolve|reopen SPACE COMMENT [--change-request N]`: the catalogue's comment
 * update with `resolved` set, run through the same runner (output, --json, errors) as any command.
 */
export function registerCommentStatus(program: Command, io: Io): void {
  const noun = program.commands.find((c) => c.name() === 'comments') ?? program.command('comments').description('Manage comments');
  for (const [verb, resolved] of [['resolve', true], ['reopen', false]] as const) {
    noun
      .command(verb)
      .description(resolved ? 'Resolve a comment (sets resolvedAt and resolvedBy)' : 'Reopen a resolved comment')
      .argument('<space>', 'space id')
      .argument('<comment>', 'comment id')
      .option('--change-request <id>', 'act inside this change request (id or number)')
      .addHelpText('after', `\nExamples:\n  $ gbctl comments ${verb} SPACE COMMENT\n  $ gbctl comments ${verb} SPACE COMMENT --change-request 2 --json status`)
      .action(async (space: string, comment: string, _o: unknown, cmd: Command) => {
        const opts = cmd.optsWithGlobals() as Record<string, unknown>;
        const [{ loadManifest }, { runInvocation }] = await Promise.all([import('../src/cli/program.js'), import('../src/cli/runner.js')]);
        const command = (await loadManifest()).commands.find((c) => c.id === 'comments.update');
        if (!command) throw new CliError('this build of gbctl has no "comments update" command');
        const cr = opts.changeRequest as string | undefined;
        await runInvocation({
          command,
          endpointId: cr ? 'cr-comments.update' : 'comments.update',
          input: { params: { spaceId: space, commentId: comment, ...(cr ? { changeRequestId: cr } : {}) }, query: {}, body: { resolved } },
          opts,
        }, io);
      });
  }
}
