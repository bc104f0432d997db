import type { BespokeModule } from '../../src/cli/deps.js';
import { registerCompact } from './compact.js';
import { registerExport } from './export.js';
import { registerImport } from './import.js';
import { registerInfo } from './info.js';
import { registerReset } from './reset.js';

export const command: BespokeModule = {
  summary: 'Inspect and maintain the embedded store file (local only, not part of the platform API)',
  register(program, cli) {
    const store = program
      .command('store')
      .description(command.summary as string)
      .addHelpText(
        'after',
        `
The store is a JSON snapshot (FILE) plus a journal of later writes (FILE.journal), with a lock
file (FILE.lock) while a process writes. See "The embedded store" in the README.

Examples:
  $ gbctl store info --store ./ci-store.json
  $ gbctl store export backup.json && gbctl store import backup.json`,
      );
    registerInfo(store, cli);
    registerExport(store, cli);
    registerImport(store, cli);
    registerCompact(store, cli);
    registerReset(store, cli);
  },
};
