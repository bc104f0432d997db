import type { Command } from 'commander';
import { LOCAL_PROFILE, readConfig, type Profile } from '../../src/cli/config.js';
import type { Cli } from '../../src/cli/deps.js';

export function registerList(profile: Command, { io }: Cli): void {
  profile
    .command('list')
    .description('List profiles; * marks the current one')
    .addHelpText('after', '\nExamples:\n  $ gbctl profile list\n  $ gbctl profile list --json')
    .action((_o: unknown, cmd: Command) => {
      const c = readConfig(io.env);
      const current = c.currentProfile ?? LOCAL_PROFILE;
      const { [LOCAL_PROFILE]: local, ...others } = c.profiles ?? {};
      const rows = [{ ...local, name: LOCAL_PROFILE, endpoint: '(embedded store)' } as Profile & { name: string }, ...Object.entries(others).map(([name, p]) => ({ name, ...p }))];
      if (cmd.optsWithGlobals().json) {
        io.stdout.write(`${JSON.stringify(rows.map(({ token, ...r }) => ({ ...r, current: r.name === current, hasToken: !!token })), null, 2)}\n`);
        return;
      }
      for (const r of rows) io.stdout.write(`${r.name === current ? '*' : ' '} ${r.name}\t${r.endpoint ?? ''}\t${r.organization ?? ''}\t${r.token ? 'token saved' : ''}\n`);
    });
}
