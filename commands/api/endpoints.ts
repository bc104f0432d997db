import type { Command } from 'commander';
import { catalogue } from '../../src/contract/index.js';
import type { Cli } from '../../src/cli/deps.js';
import { emit } from '../../src/cli/emit.js';
import { groupCommands } from '../../src/cli/manifest.js';

function endpointRows() {
  const command = new Map<string, string>();
  for (const plan of groupCommands(catalogue)) {
    command.set(plan.primary.id, `gbctl ${plan.noun} ${plan.verb}`);
    for (const v of plan.variants) command.set(v.id, `gbctl ${plan.noun} ${plan.verb} --${v.cli?.scope?.option}`);
  }
  return catalogue.map((e) => ({ id: e.id, method: e.method, path: `/v1${e.path}`, command: command.get(e.id) ?? '', ...(e.extension ? { extension: e.extension } : {}) }));
}

export function registerEndpoints(api: Command, { io }: Cli): void {
  api
    .command('endpoints')
    .description('List every endpoint of the API with the gbctl command that calls it')
    .addHelpText('after', '\nExamples:\n  $ gbctl api endpoints\n  $ gbctl api endpoints --json --jq \'.[] | select(.method == "DELETE") | .command\'')
    .action(async (_o: unknown, cmd: Command) => {
      const opts = cmd.optsWithGlobals();
      const rows = endpointRows();
      if (opts.json || opts.jq) {
        await emit(io, rows, { json: true, ...(opts.jq ? { jq: opts.jq as string } : {}) });
        return;
      }
      const w = Math.max(...rows.map((r) => r.path.length));
      for (const r of rows) io.stdout.write(`${r.method.padEnd(6)}\t${io.stdout.isTTY ? r.path.padEnd(w) : r.path}\t${r.command}\n`);
    });
}
