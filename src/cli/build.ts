import { Command, Option } from 'commander';
import type { ManifestCommand, ManifestOption } from './manifest.js';
import type { ManifestReader } from './manifest-reader.js';
import { takesDefaultSite } from './default-site.js';
import { printsJson } from './output-flags.js';
import { FORMATS } from './emit.js';

/** A command invoked: which manifest entry, its positional values and its parsed options. */
export interface Called {
  command: ManifestCommand;
  values: (string | undefined)[];
  opts: Record<string, unknown>;
}

function fieldOptions(o: ManifestOption): Option[] {
  if (o.kind === 'boolean') {
    return [new Option(`--${o.flag}`, o.description), new Option(`--no-${o.flag}`, `set ${o.field} to false`)];
  }
  const placeholder = o.kind === 'number' ? '<n>' : o.kind === 'json' ? '<json>' : o.kind === 'array' ? '<values>' : '<value>';
  const opt = new Option(`--${o.flag} ${placeholder}`, o.description);
  if (o.kind === 'enum' && o.values?.length) opt.choices(o.nullable ? [...o.values, 'null'] : o.values);
  if (o.kind === 'array') opt.argParser((v: string, prev: string[] | undefined) => [...(prev ?? []), ...v.split(',').filter(Boolean)]);
  return [opt];
}

const collect = (v: string, prev: string[] | undefined) => [...(prev ?? []), v];

/** Which commands buildCommands makes beyond the nouns `only` names. */
export interface BuildScope {
  /** Every noun is added, those `only` leaves out with no command under them (false: only those `only` names). */
  listAll: boolean;
  /** Of the nouns' commands, only this verb's, when one of them has it. */
  verb?: string;
}

/**
 * Adds the nouns (see BuildScope), and one `<noun> <verb>` command per manifest entry of the
 * nouns `only` names (of all when undefined); `run` gets the parsed call.
 */
export function buildCommands(
  program: Command,
  manifest: ManifestReader,
  run: (c: Called) => Promise<void>,
  only?: Set<string>,
  scope: BuildScope = { listAll: true },
): void {
  const nouns = new Map<string, Command>();
  for (const [noun, about] of Object.entries(manifest.nouns)) {
    if (scope.listAll || !only || only.has(noun)) nouns.set(noun, program.command(noun).description(about));
  }
  const all = manifest.commands(only);
  const verb = scope.verb;
  const chosen = verb !== undefined && all.some((m) => m.verb === verb) ? all.filter((m) => m.verb === verb) : all;
  for (const m of chosen) {
    const noun = nouns.get(m.noun) as Command;
    const cmd = printsJson(noun.command(m.verb), 'generated').description(m.summary);
    // A site argument may be left out for the profile's default site (see default-site.ts).
    const siteFirst = takesDefaultSite(m);
    for (const a of m.args) {
      const required = a.required && !siteFirst;
      const description = siteFirst && a.param === 'siteId' ? `${a.description} (default: the profile's site)` : a.description;
      cmd.argument(required ? `<${a.name}>` : `[${a.name}]`, description);
    }
    for (const v of m.variants) cmd.option(`--${v.option} <id>`, `act inside this ${v.option.replace(/-/g, ' ')} (id or number)`);
    for (const o of m.options) for (const opt of fieldOptions(o)) cmd.addOption(opt);
    for (const x of m.extra) cmd.option(x.flags, x.description);
    if (m.list) {
      cmd.option('--limit <n>', 'return at most this many items in all');
      cmd.option('--all', 'follow pages to the end, printing items as they arrive');
      cmd.addOption(new Option('--format <format>', 'output format, whether stdout is a terminal or not').choices(FORMATS));
    }
    if (m.options.length) cmd.option('-F, --field <key=value>', 'set a request field (repeatable; value parsed as JSON when it is JSON)', collect);
    if (m.mutating) cmd.option('--dry-run [mode]', 'print the request instead of sending it ("curl" for a curl command line)');
    if (m.destructive) cmd.option('-y, --yes', 'do not ask for confirmation (required without a terminal)');
    if (!m.mutating && !m.list && m.verb === 'get') {
      cmd.option('--web', "print the object's web address (and open it in a browser on a terminal)");
      cmd.option('--no-browser', 'with --web: print the address and end, without opening a browser or serving the store');
    }
    const more = [m.description, `Examples:\n${m.examples.map((e) => `  $ ${e}`).join('\n')}`].filter(Boolean);
    cmd.addHelpText('after', `\n${more.join('\n\n')}`);
    cmd.action(async (...all: unknown[]) => {
      const command = all[all.length - 1] as Command;
      await run({ command: m, values: all.slice(0, m.args.length) as (string | undefined)[], opts: command.optsWithGlobals() });
    });
  }
}
