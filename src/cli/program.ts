import { readFileSync } from 'node:fs';
import { Command, Option } from 'commander';
import { HAND_WRITTEN, registerHandWritten } from '../../commands/hand-written.js';
import { buildCommands, type Called } from './build.js';
import type { Io } from './context.js';
import { registerHelp } from './help.js';
import type { Manifest } from './manifest.js';
import { VERSION } from './version.js';

let manifest: Promise<Manifest> | undefined;

/** The command tree as built at build time (read once); derived afresh when running from source. */
export function loadManifest(): Promise<Manifest> {
  manifest ??= (async () => {
    try {
      return JSON.parse(readFileSync(new URL('./manifest.json', import.meta.url), 'utf8')) as Manifest;
    } catch {
      const { currentManifest } = await import('./manifest-source.js');
      return currentManifest();
    }
  })();
  return manifest;
}

function readStdin(): string {
  return readFileSync(0, 'utf8');
}

const VALUE_OPTIONS = new Set(['--endpoint', '--token', '--profile', '--store', '--data', '--org', '--jq', '--retries', '--timeout']);

/** Every top-level command name, from the manifest and the hand-written registry (nothing else loaded). */
export async function topLevelNames(): Promise<Set<string>> {
  const manifest = await loadManifest();
  return new Set(['help', ...manifest.commands.map((c) => c.noun), ...HAND_WRITTEN.flatMap((h) => h.names)]);
}

/**
 * The command names an invocation reaches: the first word, or the topic of `help`; undefined
 * for all. A word after `--json` is its field list unless it names a command.
 */
export function targetNames(args: string[], commands: Set<string>): Set<string> | undefined {
  const words: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (VALUE_OPTIONS.has(a) || (a === '--json' && args[i + 1] !== undefined && !commands.has(args[i + 1] as string) && !(args[i + 1] as string).startsWith('-'))) i++;
    else if (!a.startsWith('-')) words.push(a);
  }
  const first = words[0];
  if (!first || first === 'completion') return first ? undefined : new Set();
  if (first === 'help') return words[1] ? new Set([words[1]]) : new Set();
  return new Set([first]);
}

/**
 * The command tree. Only the invoked command is built whole; the others are listed by name,
 * so that `--help` and a single command stay fast. `names` undefined builds everything.
 */
export async function buildProgram(io: Io, names?: Set<string>): Promise<Command> {
  const program = new Command('gbctl')
    .description('Manage GitBook spaces, sites and content from the terminal, in scripts, or offline against a local emulator.')
    .version(VERSION, '-V, --version', 'print the version')
    .addOption(new Option('--endpoint <url>', 'API host (default: the embedded store)'))
    .addOption(new Option('--token <token>', 'API token (prefer GITBOOK_TOKEN or "gbctl auth login": argv is visible to others)'))
    .addOption(new Option('--profile <name>', 'configuration profile to use'))
    .addOption(new Option('--store <file>', 'embedded store file'))
    .option('--data <file|@body.json|->', 'embedded store file; or, as @FILE, - or inline JSON, the request body')
    .addOption(new Option('--org <id>', 'organization for organization-scoped commands'))
    .option('--json [fields]', 'print JSON (only these comma-separated fields, if given)')
    .option('--jq <expr>', 'filter JSON output with a jq expression')
    .option('--no-color', 'disable colour')
    .option('--no-input', 'never prompt')
    .option('--debug', 'trace every request on stderr (method, URL, status, time)')
    .option('--retries <n>', 'retries of idempotent requests on 429, 502-504 and network errors (default 3)')
    .option('--no-retry', 'do not retry')
    .option('--timeout <seconds>', 'request timeout (default 30)')
    .showHelpAfterError('(run with --help for usage)')
    .configureHelp({ showGlobalOptions: true, sortSubcommands: true })
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) });
  program.helpCommand(false);

  const run = async (called: Called) => {
    const [{ toInvocation }, { runInvocation }, { fieldLocator }, { withDefaultSite }] = await Promise.all([
      import('./invocation.js'),
      import('./runner.js'),
      import('./fields.js'),
      import('./default-site.js'),
    ]);
    const where = await fieldLocator([called.command.id, ...called.command.variants.map((v) => v.id)]);
    const values = withDefaultSite(called.command, called.values, called.opts, io.env);
    await runInvocation(toInvocation({ ...called, values }, where, readStdin), io);
  };
  buildCommands(program, await loadManifest(), run, names);
  await registerHandWritten(program, io, names);
  registerHelp(program, io);
  const inherit = (c: Command) => {
    c.exitOverride().configureOutput(program.configureOutput());
    c.commands.forEach(inherit);
  };
  program.commands.forEach(inherit);
  return program;
}
