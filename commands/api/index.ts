import type { BespokeModule } from '../../src/cli/deps.js';
import { registerEndpoints } from './endpoints.js';
import { registerRequest } from './request.js';

export const command: BespokeModule = {
  summary: 'Send any request to the API, or list its endpoints',
  register(program, cli) {
    const api = registerRequest(program, cli, command.summary as string);
    registerEndpoints(api, cli);
  },
};
