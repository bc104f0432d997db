import type { Command } from 'commander';
import { catalogue } from '../src/contract/index.js';
import { implemented } from '../src/server/handlers/index.js';
import type { Io } from '../src/cli/context.js';
import { groupCommands } from '../src/cli/build.js';

/** The full gbctl invocation of each endpoint, without arguments. */
export function commandOf(id: string): string {
  for (const plan of groupCommands(catalogue)) {
    if (plan.primary.id === id) return `gbctl ${plan.noun} ${plan.verb}`;
    const v = plan.variants.find((e) => e.id === id);
    if (v) return `gbctl ${plan.noun} ${plan.verb} --${v.cli?.scope?.option}`;
  }
  return '';
}

export function registerApi(program: Command, io: Io): void {
  const api = program.command('api').description('Inspect the API gbctl speaks');
  api
    .command('endpoints')
    .description('List every endpoint of the API with the gbctl command that calls it')
    .addHelpText('after', '\nExamples:\n  $ gbctl api endpoints\n  $ gbctl api endpoints --json | jq \'.[] | select(.method == "DELETE")\'')
    .action((_o: unknown, cmd: Command) => {
      const json = cmd.optsWithGlobals().json;
      const rows = catalogue.filter((e) => implemented(e.id)).map((e) => ({ id: e.id, method: e.method, path: `/v1${e.path}`, command: commandOf(e.id), ...(e.extension ? { extension: e.extension } : {}) }));
      if (json) {
        io.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
        return;
      }
      const w = Math.max(...rows.map((r) => r.path.length));
      for (const r of rows) io.stdout.write(`${r.method.padEnd(6)}\t${io.stdout.isTTY ? r.path.padEnd(w) : r.path}\t${r.command}\n`);
    });
}
