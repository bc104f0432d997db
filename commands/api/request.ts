import type { Command } from 'commander';
import type { Cli } from '../../src/cli/deps.js';
import { usageError } from '../../src/cli/exit-codes.js';
import { rawRequest } from '../../src/cli/raw-request.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** `gbctl api METHOD PATH`: the command that `gbctl api endpoints` hangs under. */
export function registerRequest(program: Command, cli: Cli, summary: string): Command {
  return program
    .command('api')
    .description(summary)
    .argument('[method]', `HTTP method (${METHODS.join(', ')})`)
    .argument('[path]', 'path under /v1, e.g. /spaces/SPACE (the /v1 prefix is optional)')
    .option('-F, --field <key=value>', 'add a body field (GET: a query parameter); value parsed as JSON when it is JSON', (v: string, p: string[] = []) => [...p, v])
    .addHelpText(
      'after',
      `
Uses the configured endpoint, token, retries, output flags and exit codes.

Examples:
  $ gbctl api GET /orgs/ORG/spaces --jq '.items[].title'
  $ gbctl api POST /orgs/ORG/spaces -F title=Handbook
  $ gbctl api PATCH /spaces/SPACE --data @patch.json
  $ gbctl api endpoints --json`,
    )
    .action(async (method: string | undefined, path: string | undefined, _o: unknown, cmd: Command) => {
      if (!method || !path) throw usageError('gbctl api needs a METHOD and a PATH', 'e.g. gbctl api GET /spaces/SPACE');
      await rawRequest(cli, method.toUpperCase(), path, cmd.optsWithGlobals());
    });
}
