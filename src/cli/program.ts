import { Command, Option } from 'commander';
import { buildCommands, type Called } from './build.js';
import { withDefaultSite } from './default-site.js';
import type { Cli } from './deps.js';
import { fieldLocator } from './fields.js';
import { registerHelp } from './help.js';
import { toInvocation } from './invocation.js';
import { checkCommandOutputFlags } from './output-flags.js';
import { jsonFields } from './emit.js';
import { checkTuning } from './global-flags.js';
import { runInvocation } from './runner.js';
import { VERSION } from './version.js';

/** The root command with the global options, and nothing under it yet. */
export function rootCommand(cli: Cli): Command {
  const { io } = cli;
  const program = new Command('gbctl')
    .description('Manage GitBook spaces, sites and content from the terminal, in scripts, or offline against a local emulator.')
    .version(VERSION, '-V, --version', 'print the version')
    .addOption(new Option('--endpoint <url>', 'API host (default: the embedded store)'))
    .addOption(new Option('--token <token>', 'API token (prefer GITBOOK_TOKEN or "gbctl auth login": argv is visible to others)'))
    .addOption(new Option('--profile <name>', 'configuration profile to use'))
    .addOption(new Option('--store <file>', 'embedded store file (or GBCTL_DATA); selects the embedded store even when a profile has an endpoint'))
    .option('--data <@file|-|json>', 'request body: @FILE, - (stdin) or inline JSON (serve, local and store also take --data FILE as --store)')
    .addOption(new Option('--org <id>', 'organization for organization-scoped commands'))
    .addOption(new Option('--json [fields]', 'print JSON (only these comma-separated fields, if given)').argParser(jsonFields))
    .option('--jq <expr>', 'filter JSON output with a jq expression')
    .option('--no-color', 'disable colour')
    .option('--no-input', 'never prompt')
    .option('--debug', 'trace every request on stderr (method, URL, status, time)')
    .option('--retries <n>', 'retries of idempotent requests on 429, 502-504 and network errors (default 3)')
    .option('--no-retry', 'do not retry')
    .option('--timeout <duration>', 'how long one request may take: 30s, 2m, 500ms, or seconds (default 30s)')
    .showHelpAfterError('(run with --help for usage)')
    .configureHelp({ showGlobalOptions: false, sortSubcommands: true })
    .addHelpText('afterAll', '\nOptions every command takes (--json, --jq, --store, --endpoint, --org, …): gbctl help global-options')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) });
  program.helpCommand(false);
  // Every command, the bespoke ones included, refuses output flags it cannot honour, and flags
  // that tune requests with values they cannot take, before it does anything.
  program.hook('preAction', async (_root, action) => {
    const opts = action.optsWithGlobals();
    checkTuning(opts);
    await checkCommandOutputFlags(action, opts);
  });
  return program;
}

/** Every top-level command name: the catalogue's nouns, the bespoke commands' names and help. */
export function topLevelNames(cli: Cli): Set<string> {
  const { manifest } = cli.deps;
  return new Set(['help', ...Object.keys(manifest.nouns), ...manifest.bespoke.map((b) => b.name)]);
}

/** The global flags that take a value, read from the root command itself. */
function valueFlags(program: Command): Set<string> {
  return new Set(program.options.filter((o) => o.required && o.long).map((o) => o.long as string));
}

/** What an invocation reaches, for buildProgram: the command names (undefined: all) and the verb after the first. */
export interface Target {
  names: Set<string> | undefined;
  verb: string | undefined;
}

/**
 * The command names an invocation reaches (the first word, or the topic of `help`; undefined for
 * all) and the word after the first, when it runs a command (`list` of `gbctl spaces list`). A
 * word after `--json` is its field list unless it names a command.
 */
export function targetOf(program: Command, args: string[], commands: Set<string>): Target {
  const takesValue = valueFlags(program);
  const words: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    const next = args[i + 1];
    if (takesValue.has(a) || (a === '--json' && next !== undefined && !commands.has(next) && !next.startsWith('-'))) i++;
    else if (!a.startsWith('-')) words.push(a);
  }
  const [first, second] = words;
  if (!first) return { names: new Set(), verb: undefined };
  if (first === 'completion') return { names: undefined, verb: undefined };
  if (first === 'help') return { names: second ? new Set([second]) : new Set(), verb: undefined };
  return { names: new Set([first]), verb: second };
}

/**
 * A group named with no verb (`gbctl`, `gbctl spaces`, `gbctl --store x local tokens`) is a
 * request for its help, which goes to stdout with exit 0 as `--help` does: `--help` is added.
 * A group is a command with subcommands and no arguments of its own (`gbctl api` has both).
 */
export function helpForBareGroup(program: Command, args: string[]): string[] {
  if (args.includes('--help') || args.includes('-h')) return args;
  const takesValue = valueFlags(program);
  let cmd = program;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '--') return args;
    if (takesValue.has(a)) {
      i++;
      continue;
    }
    if (a.startsWith('-')) continue;
    const sub = cmd.commands.find((c) => c.name() === a || c.aliases().includes(a));
    if (!sub) return args;
    cmd = sub;
  }
  return cmd.commands.length && !cmd.registeredArguments.length ? [...args, '--help'] : args;
}

/**
 * `--json` takes an optional field list, so in `gbctl --json spaces list` it would read
 * "spaces" as fields: when the next word names a command, the flag moves to the end.
 */
export function normaliseJsonFlag(args: string[], commandNames: Set<string>): string[] {
  const i = args.indexOf('--json');
  const next = args[i + 1];
  if (i < 0 || next === undefined || !commandNames.has(next)) return args;
  return [...args.slice(0, i), ...args.slice(i + 1), '--json'];
}

/**
 * Registers the bespoke commands `names` reaches (all when undefined); the others are listed by
 * name when `listAll`.
 */
async function addBespoke(program: Command, cli: Cli, names: Set<string> | undefined, listAll: boolean): Promise<void> {
  const summaries = new Map(cli.deps.manifest.bespoke.map((b) => [b.name, b.summary]));
  for (const b of cli.deps.bespoke) {
    if (!names || names.has(b.name)) {
      (await b.load()).register(program, cli);
      continue;
    }
    const summary = summaries.get(b.name);
    if (listAll && summary && !program.commands.some((c) => c.name() === b.name)) program.command(b.name).description(summary);
  }
}

/**
 * The command tree. Only the invoked command is built whole: of a noun and a verb it has, that
 * verb's command alone; of a noun alone or a verb it lacks, the noun's. The other commands are
 * listed by name (for `--help` and an unknown word's suggestions) unless every name the run
 * reaches is known, so that a single command stays fast. `names` undefined builds everything.
 */
export async function buildProgram(cli: Cli, names?: Set<string>, program: Command = rootCommand(cli), verb?: string): Promise<Command> {
  const run = async (called: Called) => {
    const ids = [called.command.id, ...called.command.variants.map((v) => v.id)];
    const where = await fieldLocator(cli.deps.resources, ids);
    const values = withDefaultSite(called.command, called.values, called.opts, cli.io.env);
    await runInvocation(toInvocation({ ...called, values }, where, cli.io.readStdin), cli);
  };
  const known = names?.size ? topLevelNames(cli) : undefined;
  const listAll = !names?.size || [...names].some((n) => !known?.has(n));
  buildCommands(program, cli.deps.manifest, run, names, { listAll, ...(verb !== undefined ? { verb } : {}) });
  await addBespoke(program, cli, names, listAll);
  registerHelp(program, cli.io);
  const inherit = (c: Command) => {
    c.exitOverride().configureOutput(program.configureOutput());
    c.commands.forEach(inherit);
  };
  program.commands.forEach(inherit);
  return program;
}
