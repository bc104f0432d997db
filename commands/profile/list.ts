import type { Command } from 'commander';
import { LOCAL_PROFILE, readConfig, type Profile } from '../../src/cli/config.js';
import type { Cli } from '../../src/cli/deps.js';
import { printsJson } from '../../src/cli/output-flags.js';
import { emitOrText } from '../../src/cli/emit.js';

export function registerList(profile: Command, { io }: Cli): void {
  printsJson(profile.command('list'), ['name', 'endpoint', 'organization', 'site', 'current', 'hasToken'])
    .description('List profiles; * marks the current one')
    .addHelpText('after', '\nExamples:\n  $ gbctl profile list\n  $ gbctl profile list --json')
    .action(async (_o: unknown, cmd: Command) => {
      const c = readConfig(io.env);
      const current = c.currentProfile ?? LOCAL_PROFILE;
      const { [LOCAL_PROFILE]: local, ...others } = c.profiles ?? {};
      const rows = [
        { ...local, name: LOCAL_PROFILE, endpoint: '(embedded store)' } as Profile & { name: string },
        ...Object.entries(others).map(([name, p]) => ({ name, ...p })),
      ];
      const listed = rows.map(({ token, ...r }) => ({ ...r, current: r.name === current, hasToken: !!token }));
      await emitOrText(io, cmd.optsWithGlobals(), listed, () =>
        rows
          .map((r) => `${r.name === current ? '*' : ' '} ${r.name}\t${r.endpoint ?? ''}\t${r.organization ?? ''}\t${r.token ? 'token saved' : ''}`)
          .join('\n'),
      );
    });
}
