import type { JsonFlag } from '../../src/cli/context.js';
import { Option, type Command } from 'commander';
import type { Cli } from '../../src/cli/deps.js';
import { importEsm } from '../../src/cli/esm.js';
import { CliError, Exit, usageError } from '../../src/cli/exit-codes.js';
import { canPrompt } from '../../src/cli/prompt.js';
import { promptOutput } from '../../src/cli/stdio.js';
import { ask } from './setup-ask.js';
import { runSetup, type SetupPlan } from './setup-run.js';
import { printsJson } from '../../src/cli/output-flags.js';
import { objectFields } from '../../src/contract/response-fields.js';
import { sites as siteEndpoints } from '../../src/contract/endpoints/sites.js';

const VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth'] as const;
type Visibility = (typeof VISIBILITIES)[number];

interface SetupOptions {
  title?: string;
  visibility?: Visibility;
  space?: string[];
  newSpace?: string | boolean;
  section?: string[];
  publish?: boolean;
  yes?: boolean;
  input?: boolean;
  org?: string;
  endpoint?: string;
  token?: string;
  json?: JsonFlag;
}

const collect = (v: string, prev: string[] | undefined) => [...(prev ?? []), v];

function checkTitle(t: string): string | true {
  const n = t.trim().length;
  return n >= 2 && n <= 128 ? true : 'the title needs 2 to 128 characters';
}

/** `--section "Title"` (a new space of that title) or `--section "Title=SPACE"` (an existing space). */
export function parseSection(v: string): { title: string; space?: string } {
  const i = v.lastIndexOf('=');
  const title = (i < 0 ? v : v.slice(0, i)).trim();
  const space = i < 0 ? undefined : v.slice(i + 1).trim();
  if (checkTitle(title) !== true) throw usageError(`--section "${v}": the section title needs 2 to 128 characters`);
  if (space !== undefined && !/^[a-zA-Z0-9_-]+$/.test(space)) throw usageError(`--section "${v}": "${space}" is not a space id`);
  return space ? { title, space } : { title };
}

function newSpaceKind(v: string | boolean | undefined): 'empty' | 'sample' | undefined {
  if (v === undefined || v === false) return undefined;
  if (v === true || v === 'empty') return 'empty';
  if (v === 'sample') return 'sample';
  throw usageError(`--new-space: "${String(v)}" is not empty or sample`);
}

/** Without a person to ask, every answer must come from a flag. */
function missing(flag: string, what: string): CliError {
  return usageError(`missing ${flag}: ${what}`, 'run "gbctl sites setup" in a terminal to be asked, or pass every answer as a flag (see --help)');
}

const cancelled = () => new CliError('cancelled: nothing was created', Exit.cancelled);

function isPromptExit(e: unknown): boolean {
  return e instanceof Error && (e.name === 'ExitPromptError' || e.name === 'AbortPromptError');
}

export function registerSetup(sites: Command, cli: Cli): void {
  const { io } = cli;
  printsJson(sites.command('setup'), objectFields(siteEndpoints['sites.get'].response))
    .description('Set up a docs site step by step: title, visibility, spaces, sections, publishing')
    .option('--title <title>', 'title of the site (2 to 128 characters)')
    .addOption(new Option('--visibility <visibility>', 'who can read it').choices([...VISIBILITIES]))
    .option('--space <space>', 'existing space to include (repeat for several)', collect)
    .option('--new-space [kind]', 'create a new space for the site: empty (default) or sample (with example pages)')
    .option('--section <title[=space]>', 'add a section: its title, and an existing space (a new space of that title otherwise); repeatable', collect)
    .option('--publish', 'publish the site when it is set up')
    .option('--no-publish', 'leave the site unpublished')
    .option('-y, --yes', 'do not ask for confirmation (required without a terminal)')
    .addHelpText(
      'after',
      `
In a terminal, every answer not given as a flag is asked for. Without a terminal (or with CI
set, GBCTL_NO_INPUT set or --no-input), a missing answer is an error naming its flag.
Ctrl-C while asking creates nothing; Ctrl-C while creating (or a failed step) deletes what was made
so far and says what remains: a new space stays restorable for 7 days (gbctl spaces restore).

Examples:
  $ gbctl sites setup
  $ gbctl sites setup --title "Handbook" --visibility public --space SPACE --publish --yes
  $ gbctl sites setup --title "Docs" --visibility unlisted --new-space sample --section "API reference" --no-publish --yes`,
    )
    .action(async (_o: unknown, cmd: Command) => {
      const o = cmd.optsWithGlobals() as SetupOptions;
      const interactive = canPrompt(io) && o.input !== false;
      const given = {
        title: o.title,
        visibility: o.visibility,
        spaces: o.space ?? [],
        newSpace: newSpaceKind(o.newSpace),
        sections: (o.section ?? []).map(parseSection),
        publish: o.publish,
      };
      if (given.title !== undefined && checkTitle(given.title) !== true) throw usageError(`--title: the title needs 2 to 128 characters`);
      if (!interactive) {
        if (given.title === undefined) throw missing('--title', 'the site needs a title');
        if (given.visibility === undefined) throw missing('--visibility', `one of ${VISIBILITIES.join(', ')}`);
        if (!given.spaces.length && !given.newSpace && !given.sections.length) throw missing('--space or --new-space', 'the site needs at least one space');
        if (given.publish === undefined) throw missing('--publish or --no-publish', 'say whether to publish now');
        if (!o.yes) throw missing('--yes', 'confirm creating the site');
      }
      const conn = await cli.connect(o);
      try {
        let plan: SetupPlan;
        try {
          plan = interactive ? await ask(conn, io, given) : await resolve(conn, given);
        } catch (e) {
          if (isPromptExit(e)) throw cancelled();
          throw e;
        }
        if (!o.yes) {
          io.stderr.write(describePlan(plan));
          const { confirm } = await importEsm('@inquirer/prompts');
          let ok: boolean;
          try {
            ok = await confirm({ message: 'Create this site?', default: true }, { output: promptOutput(io.stderr) as never });
          } catch (e) {
            if (isPromptExit(e)) throw cancelled();
            throw e;
          }
          if (!ok) throw cancelled();
        }
        await runSetup(conn, io, plan, o);
      } finally {
        await conn.close();
      }
    });
}

async function resolve(
  conn: { organization(): Promise<string> },
  given: Omit<SetupPlan, 'organization' | 'title' | 'visibility' | 'publish'> & { title?: string; visibility?: Visibility; publish?: boolean },
): Promise<SetupPlan> {
  return {
    organization: await conn.organization(),
    title: (given.title as string).trim(),
    visibility: given.visibility as Visibility,
    spaces: given.spaces,
    ...(given.newSpace ? { newSpace: given.newSpace } : {}),
    sections: given.sections,
    publish: given.publish as boolean,
  };
}

/** What the wizard is about to do, said before it asks to go ahead. */
export function describePlan(p: SetupPlan, names: Map<string, string> = p.spaceNames ?? new Map()): string {
  const name = (id: string) => (names.get(id) ? `"${names.get(id)}" (${id})` : id);
  const lines = [`\nAbout to:`, `  • create the site "${p.title}" (${p.visibility}) in organization ${p.organization}`];
  if (p.newSpace) lines.push(`  • create a new ${p.newSpace === 'sample' ? 'space with sample pages' : 'empty space'} for it`);
  if (p.spaces.length) lines.push(`  • add ${p.spaces.length === 1 ? 'the space' : 'the spaces'} ${p.spaces.map(name).join(', ')}`);
  for (const s of p.sections) lines.push(`  • add the section "${s.title}" with ${s.space ? `the space ${name(s.space)}` : `a new space "${s.title}"`}`);
  lines.push(p.publish ? '  • publish it' : '  • leave it unpublished (publish later with: gbctl sites publish SITE)');
  return `${lines.join('\n')}\n\n`;
}
