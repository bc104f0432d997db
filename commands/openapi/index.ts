import type { BespokeModule } from '../../src/cli/deps.js';
import { registerPublish } from './publish.js';

/** Verbs added to the catalogue's `openapi` noun. */
export const command: BespokeModule = {
  register(program, cli) {
    const openapi = program.commands.find((c) => c.name() === 'openapi') ?? program.command('openapi').description('Manage OpenAPI specs');
    registerPublish(openapi, cli);
  },
};
