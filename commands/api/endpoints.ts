import type { Command } from 'commander';
import { catalogue } from '../../src/contract/index.js';
import type { Cli } from '../../src/cli/deps.js';
import { emitOrText } from '../../src/cli/emit.js';
import { groupCommands } from '../../src/cli/manifest.js';
import { printsJson } from '../../src/cli/output-flags.js';

function endpointRows() {
  const command = new Map<string, string>();
  for (const plan of groupCommands(catalogue)) {
    command.set(plan.primary.id, `gbctl ${plan.noun} ${plan.verb}`);
    for (const v of plan.variants) command.set(v.id, `gbctl ${plan.noun} ${plan.verb} --${v.cli?.scope?.option}`);
  }
  return catalogue.map((e) => ({ id: e.id, method: e.method, path: `/v1${e.path}`, command: command.get(e.id) ?? '', ...(e.extension ? { extension: e.extension } : {}) }));
}

export function registerEndpoints(api: Command, { io }: Cli): void {
  printsJson(api.command('endpoints'), ['id', 'method', 'path', 'command', 'extension'])
    .description('List every endpoint of the API with the gbctl command that calls it')
    .addHelpText('after', '\nExamples:\n  $ gbctl api endpoints\n  $ gbctl api endpoints --json --jq \'.[] | select(.method == "DELETE") | .command\'')
    .action(async (_o: unknown, cmd: Command) => {
      const opts = cmd.optsWithGlobals();
      const rows = endpointRows();
      const w = Math.max(...rows.map((r) => r.path.length));
      await emitOrText(io, opts, rows, () => rows.map((r) => `${r.method.padEnd(6)}\t${io.stdout.isTTY ? r.path.padEnd(w) : r.path}\t${r.command}`).join('\n'));
    });
}
