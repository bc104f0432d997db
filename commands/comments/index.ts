import type { BespokeModule } from '../../src/cli/deps.js';
import { registerReopen } from './reopen.js';
import { registerResolve } from './resolve.js';

/** Verbs added to the catalogue's `comments` noun. */
export const command: BespokeModule = {
  register(program, cli) {
    const comments = program.commands.find((c) => c.name() === 'comments') ?? program.command('comments').description('Manage comments');
    registerResolve(comments, cli);
    registerReopen(comments, cli);
  },
};
