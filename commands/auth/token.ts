import type { Command } from 'commander';
import { resolve } from '../../src/cli/config.js';
import type { GlobalOptions } from '../../src/cli/context.js';
import type { Cli } from '../../src/cli/deps.js';
import { CliError, Exit } from '../../src/cli/exit-codes.js';
import { printsNoJson } from '../../src/cli/output-flags.js';

export function registerToken(auth: Command, cli: Cli): void {
  const { io } = cli;
  printsNoJson(auth.command('token'))
    .description('Print the token gbctl would use, for piping')
    .addHelpText('after', '\nExamples:\n  $ curl -H "Authorization: Bearer $(gbctl auth token)" https://api.gitbook.com/v1/user')
    .action(async (_o: unknown, cmd: Command) => {
      const o = cmd.optsWithGlobals() as GlobalOptions;
      const r = resolve(o, io.env);
      if (r.token) {
        io.stdout.write(`${r.token}\n`);
        return;
      }
      if (!r.endpoint) {
        // A token made here would mean nothing outside this process: say where a usable one comes from.
        throw new CliError(
          'the embedded store needs no token: gbctl acts as its admin in process',
          Exit.auth,
          'for a token a client of "gbctl serve" over this store can send, run "gbctl local token"',
        );
      }
      throw new CliError(`no token for ${r.endpoint}`, Exit.auth, 'run "gbctl auth login" or set GITBOOK_TOKEN');
    });
}
