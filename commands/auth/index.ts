import type { BespokeModule } from '../../src/cli/deps.js';
import { registerLogin } from './login.js';
import { registerLogout } from './logout.js';
import { registerStatus } from './status.js';
import { registerToken } from './token.js';

export const command: BespokeModule = {
  summary: 'Log in, log out and see how gbctl authenticates',
  register(program, cli) {
    const auth = program.command('auth').description(command.summary as string);
    registerLogin(auth, cli);
    registerStatus(auth, cli);
    registerLogout(auth, cli);
    registerToken(auth, cli);
  },
};
