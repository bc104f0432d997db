import type { Command } from 'commander';
import type { Io } from '../src/cli/context.js';
import { usageError } from '../src/cli/exit-codes.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

async function endpointRows() {
  const [{ catalogue: shown }, { groupCommands }] = await Promise.all([import('../src/contract/index.js'), import('../src/cli/manifest.js')]);
  const command = new Map<string, string>();
  for (const plan of groupCommands(shown)) {
    command.set(plan.primary.id, `gbctl ${plan.noun} ${plan.verb}`);
    for (const v of plan.variants) command.set(v.id, `gbctl ${plan.noun} ${plan.verb} --${v.cli?.scope?.option}`);
  }
  return shown.map((e) => ({ id: e.id, method: e.method, path: `/v1${e.path}`, command: command.get(e.id) ?? '', ...(e.extension ? { extension: e.extension } : {}) }));
}

export function registerApi(program: Command, io: Io): void {
  const api = program
    .command('api')
    .description('Send any request to the API, or list its endpoints')
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
      const { rawRequest } = await import('../src/cli/raw-request.js');
      await rawRequest(io, method.toUpperCase(), path, cmd.optsWithGlobals());
    });
  api
    .command('endpoints')
    .description('List every endpoint of the API with the gbctl command that calls it')
    .addHelpText('after', '\nExamples:\n  $ gbctl api endpoints\n  $ gbctl api endpoints --json --jq \'.[] | select(.method == "DELETE") | .command\'')
    .action(async (_o: unknown, cmd: Command) => {
      const opts = cmd.optsWithGlobals();
      const rows = await endpointRows();
      if (opts.json || opts.jq) {
        const { emit } = await import('../src/cli/emit.js');
        await emit(io, rows, { json: true, ...(opts.jq ? { jq: opts.jq as string } : {}) });
        return;
      }
      const w = Math.max(...rows.map((r) => r.path.length));
      for (const r of rows) io.stdout.write(`${r.method.padEnd(6)}\t${io.stdout.isTTY ? r.path.padEnd(w) : r.path}\t${r.command}\n`);
    });
}
