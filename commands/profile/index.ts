import type { BespokeModule } from '../../src/cli/deps.js';
import { registerDelete } from './delete.js';
import { registerList } from './list.js';
import { registerSet } from './set.js';
import { registerUse } from './use.js';

export const command: BespokeModule = {
  summary: 'Manage configuration profiles (endpoint, token, default organization and site)',
  register(program, cli) {
    const profile = program
      .command('profile')
      .description(command.summary as string)
      .addHelpText(
        'after',
        `
The built-in profile "local" is the embedded store. Values resolve as: flags, then
environment variables (GITBOOK_ENDPOINT, GITBOOK_TOKEN, GITBOOK_ORGANIZATION), then the profile.
A profile's site is used by the site commands when their site argument is left out
(gbctl profile set site SITE_ID, then gbctl sites get, gbctl sites sections list, ...).`,
      );
    registerList(profile, cli);
    registerUse(profile, cli);
    registerSet(profile, cli);
    registerDelete(profile, cli);
  },
};
