import type { BespokeModule } from '../../src/cli/deps.js';
import { registerClock } from './clock.js';
import { registerFaults } from './faults.js';
import { registerHealth } from './health.js';
import { registerRequests } from './requests.js';
import { registerReset } from './reset.js';
import { registerRestore } from './restore.js';
import { registerSnapshot } from './snapshot.js';
import { registerWait } from './wait.js';

export const command: BespokeModule = {
  summary: 'Drive a running "gbctl serve" for tests: wait for it, its health, clock, dataset snapshots, fault injection and request log',
  register(program, cli) {
    const emulator = program
      .command('emulator')
      .description(command.summary as string)
      .addHelpText(
        'after',
        `
These wrap the test controls under /_gbctl/ of "gbctl serve" (see "gbctl serve --help"); they
are not part of the platform API and need an operator token (an admin of the store's default
organization, as "gbctl serve --write-env" writes). Against the embedded store they exit 2.

Examples:
  $ gbctl serve --detach --port 0 --write-env gbctl.env
  $ set -a; . ./gbctl.env; set +a
  $ gbctl emulator wait --timeout 30s        # a server started elsewhere (a container, a service)
  $ gbctl emulator snapshot clean && gbctl emulator clock --advance 8d
  $ gbctl emulator restore clean --yes`,
      );
    registerHealth(emulator, cli);
    registerWait(emulator, cli);
    registerClock(emulator, cli);
    registerSnapshot(emulator, cli);
    registerRestore(emulator, cli);
    registerReset(emulator, cli);
    registerFaults(emulator, cli);
    registerRequests(emulator, cli);
  },
};
