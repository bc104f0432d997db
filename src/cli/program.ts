import { Command, Option } from 'commander';
import { catalogue } from '../contract/index.js';
import { implemented } from '../server/handlers/index.js';
import { overlays } from '../../commands/index.js';
import { registerHandWritten } from '../../commands/hand-written.js';
import { buildCommands, type Invocation } from './build.js';
import { connect, type GlobalOptions, type Io } from './context.js';
import { usageError } from './exit-codes.js';
import { render, useColor } from './output.js';
import { confirmOrFail } from './prompt.js';
import { VERSION } from './version.js';

export function jsonOption(value: unknown): boolean | string[] {
  if (value === true || value === undefined) return !!value;
  return String(value)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The whole command tree: catalogue commands plus the hand-written ones. */
export function buildProgram(io: Io): Command {
  const program = new Command('gbctl')
    .description('Manage GitBook spaces, sites and content from the terminal, in scripts, or offline against a local emulator.')
    .version(VERSION, '-V, --version', 'print the version')
    .addOption(new Option('--endpoint <url>', 'API host to talk to (default: the embedded store)').env('GITBOOK_ENDPOINT'))
    .addOption(new Option('--token <token>', 'API token (prefer GITBOOK_TOKEN: argv is visible to other users)'))
    .addOption(new Option('--store <file>', 'embedded store file').env('GBCTL_DATA'))
    .option('--data <file>', 'embedded store file (as --store)')
    .addOption(new Option('--org <id>', 'organization for organization-scoped commands').env('GITBOOK_ORGANIZATION'))
    .option('--json [fields]', 'print JSON (optionally only these comma-separated fields)')
    .option('--no-color', 'disable colour')
    .showHelpAfterError('(run with --help for usage)')
    .configureHelp({ showGlobalOptions: true, sortSubcommands: true })
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
    });

  const runInvocation = async (inv: Invocation) => {
    const g = inv.opts as GlobalOptions & { json?: unknown; color?: boolean; yes?: boolean };
    const conn = await connect(g, io);
    try {
      if (inv.needsOrg) inv.input.params.organizationId = await conn.organization();
      if (inv.endpoint.destructive) {
        const what = inv.overlay.confirm?.(inv.input.params) ?? `${inv.endpoint.summary} (${Object.values(inv.input.params).join(' ')})?`;
        await confirmOrFail(io, what, !!g.yes);
      }
      const input = {
        params: inv.input.params,
        query: inv.input.query,
        ...(inv.endpoint.body ? { body: inv.input.body } : {}),
      };
      if (!inv.endpoint.body && inv.hasBody) throw usageError(`${inv.endpoint.noun} ${inv.endpoint.verb} takes no body`);
      let result = await conn.client.call(inv.endpoint, input);
      if (inv.overlay.after) result = await inv.overlay.after({ result, opts: inv.opts, io, client: conn.client, input: inv.input });
      const json = jsonOption(g.json);
      const shown = !json && inv.overlay.view ? inv.overlay.view(result, inv.input) : result;
      await render(io, shown, { json, color: useColor(io, g.color), ...(inv.overlay.columns ? { columns: inv.overlay.columns } : {}) });
      if (io.stderr.isTTY && inv.overlay.done) io.stderr.write(`${inv.overlay.done(inv.input.params, result)}\n`);
    } finally {
      await conn.close();
    }
  };

  buildCommands(program, catalogue.filter((e) => implemented(e.id)), overlays, runInvocation);
  registerHandWritten(program, io);
  for (const c of program.commands) c.exitOverride().configureOutput(program.configureOutput());
  for (const c of program.commands) for (const s of c.commands) s.exitOverride().configureOutput(program.configureOutput());
  return program;
}
