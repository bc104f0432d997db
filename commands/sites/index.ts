import type { BespokeModule } from '../../src/cli/deps.js';
import { registerSetup } from './setup.js';

/** Verbs added to the catalogue's `sites` noun. */
export const command: BespokeModule = {
  register(program, cli) {
    const sites = program.commands.find((c) => c.name() === 'sites') ?? program.command('sites').description('Manage sites');
    registerSetup(sites, cli);
  },
};
