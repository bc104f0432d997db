import type { JsonFlag } from '../../src/cli/context.js';
import { Option, type Command } from 'commander';
import { catalogue } from '../../src/contract/index.js';
import type { Cli } from '../../src/cli/deps.js';
import { emitOrText } from '../../src/cli/emit.js';
import { groupCommands } from '../../src/cli/manifest.js';
import { printsJson } from '../../src/cli/output-flags.js';
import { OWN_ROUTES } from '../../src/server/controls/index.js';

/** Whose a route is: the platform's API (which gbctl emulates), or gbctl's own. */
type Origin = 'platform' | 'gbctl';

interface Row {
  id: string;
  method: string;
  path: string;
  command: string;
  origin: Origin;
  extension?: string;
}

/** Every route gbctl knows: the catalogue (the platform's, and a few of gbctl's own), then gbctl's test controls and downloads. */
export function endpointRows(): Row[] {
  const command = new Map<string, string>();
  for (const plan of groupCommands(catalogue)) {
    command.set(plan.primary.id, `gbctl ${plan.noun} ${plan.verb}`);
    for (const v of plan.variants) command.set(v.id, `gbctl ${plan.noun} ${plan.verb} --${v.cli?.scope?.option}`);
  }
  const api: Row[] = catalogue.map((e) => ({
    id: e.id,
    method: e.method,
    path: `/v1${e.path}`,
    command: command.get(e.id) ?? '',
    origin: e.gbctlOnly ? 'gbctl' : 'platform',
    ...(e.extension ? { extension: e.extension } : {}),
  }));
  const own: Row[] = OWN_ROUTES.map((r) => ({
    id: `gbctl.${r.method.toLowerCase()}${r.path
      .replace(/^\/_gbctl/, '')
      .replace(/[/{}]+/g, '-')
      .replace(/-$/, '')}`,
    method: r.method,
    path: r.path,
    command: r.command,
    origin: 'gbctl',
    extension: r.path.startsWith('/_gbctl/blobs') ? 'gbctl: file downloads' : `gbctl: test control, gbctl serve only; ${r.summary.toLowerCase()}`,
  }));
  return [...api, ...own];
}

export function registerEndpoints(api: Command, { io }: Cli): void {
  printsJson(api.command('endpoints'), ['id', 'method', 'path', 'command', 'origin', 'extension'])
    .description("List every endpoint gbctl knows with the command that calls it, and whose it is: the platform's API or gbctl's own")
    .addOption(new Option('--origin <origin>', "only the platform's endpoints, or only gbctl's own").choices(['platform', 'gbctl']))
    .addHelpText(
      'after',
      `
The origin column says whose each endpoint is: "platform" for the platform's API (what gbctl
emulates and what the hosted service answers), "gbctl" for gbctl's own: routes for editing a
change request's pages, file downloads, and the /_gbctl/ test controls of gbctl serve.
On a terminal, a count of each goes to stderr.

Examples:
  $ gbctl api endpoints
  $ gbctl api endpoints --origin platform --json --jq length
  $ gbctl api endpoints --json --jq '.[] | select(.method == "DELETE") | .command'`,
    )
    .action(async (_o: unknown, cmd: Command) => {
      const opts = cmd.optsWithGlobals() as { origin?: Origin; json?: JsonFlag; jq?: string };
      const all = endpointRows();
      const rows = opts.origin ? all.filter((r) => r.origin === opts.origin) : all;
      const platform = all.filter((r) => r.origin === 'platform').length;
      // A person is told the counts; a script counts the rows (--jq length).
      if (io.stdout.isTTY && !opts.json && !opts.jq)
        io.stderr.write(
          `${all.length} endpoints: ${platform} of the platform's API, ${all.length - platform} gbctl's own${opts.origin ? `; ${rows.length} shown` : ''}\n`,
        );
      const w = Math.max(...rows.map((r) => r.path.length));
      await emitOrText(io, opts, rows, () =>
        rows.map((r) => `${r.method.padEnd(6)}\t${io.stdout.isTTY ? r.path.padEnd(w) : r.path}\t${r.command}\t${r.origin}`).join('\n'),
      );
    });
}
