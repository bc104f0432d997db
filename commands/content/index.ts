import type { BespokeModule } from '../../src/cli/deps.js';
import { registerExport } from './export.js';
import { registerPush } from './push.js';

/** Verbs added to the catalogue's `content` noun: the Git Sync folder round trip. */
export const command: BespokeModule = {
  register(program, cli) {
    const content = program.commands.find((c) => c.name() === 'content') ?? program.command('content').description('Read and change the content of spaces');
    registerExport(content, cli);
    registerPush(content, cli);
  },
};
