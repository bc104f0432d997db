import type { Argument, Command, Option } from 'commander';

/*
 * The command reference (docs/commands.md), written from the command tree itself so that it
 * cannot drift from what `--help` says: every command with its description, usage, arguments,
 * options and the help text added after them (further notes and the examples).
 */

const cellText = (s: string) =>
  s
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();

/** The words a command is called by, e.g. "gbctl spaces create". */
function path(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/** What `addHelpText(position, …)` added, as `--help` would print it. */
export function addedText(cmd: Command, position: 'before' | 'after'): string {
  let text = '';
  // A Command is an EventEmitter (addHelpText listens for these events), which its types leave out.
  (cmd as unknown as NodeJS.EventEmitter).emit(`${position}Help`, { error: false, command: cmd, write: (s: string) => (text += s) });
  return text.replace(/^\n+/, '').trimEnd();
}

function optionRow(o: Option): string {
  const notes: string[] = [];
  if (o.argChoices?.length) notes.push(`one of: ${o.argChoices.map((c) => `\`${c}\``).join(', ')}`);
  if (o.defaultValue !== undefined && o.defaultValue !== false && !o.negate) notes.push(`default: \`${String(o.defaultValue)}\``);
  const description = [o.description, ...notes].filter(Boolean).join('; ');
  return `| \`${o.flags.replace(/\|/g, '\\|')}\` | ${cellText(description)} |`;
}

function argumentRow(a: Argument): string {
  const name = a.required ? `<${a.name()}>` : `[${a.name()}]`;
  return `| \`${name}${a.variadic ? '...' : ''}\` | ${cellText(a.description)} |`;
}

/** The text after the options: notes as they are, then the examples as a shell block. */
function notesAndExamples(text: string): string[] {
  if (!text) return [];
  const at = text.search(/^Examples:\s*$/m);
  const notes = (at < 0 ? text : text.slice(0, at)).trim();
  const examples =
    at < 0
      ? []
      : text
          .slice(at)
          .split('\n')
          .slice(1)
          .map((l) => l.replace(/^\s*\$ /, '').trimEnd())
          .filter(Boolean);
  return [...(notes ? ['```text', notes, '```', ''] : []), ...(examples.length ? ['Examples:', '', '```sh', ...examples, '```', ''] : [])];
}

function section(cmd: Command): string[] {
  const visible = cmd.options.filter((o) => !o.hidden && o.long !== '--help');
  const args = cmd.registeredArguments;
  return [
    `### ${path(cmd)}`,
    '',
    cmd.description(),
    '',
    '```text',
    `${path(cmd)} ${cmd.usage()}`.trim(),
    '```',
    '',
    ...(args.length ? ['| Argument | Description |', '|---|---|', ...args.map(argumentRow), ''] : []),
    ...(visible.length ? ['| Option | Description |', '|---|---|', ...visible.map(optionRow), ''] : []),
    ...notesAndExamples(addedText(cmd, 'after')),
  ];
}

/** Every command under `root` that runs, depth first in name order (groups only list theirs). */
function runnable(cmd: Command): Command[] {
  const children = [...cmd.commands].sort((a, b) => a.name().localeCompare(b.name()));
  return children.flatMap((c) => (c.commands.length ? [c, ...runnable(c)] : [c]));
}

/** The whole reference, as Markdown. */
export function commandReference(root: Command): string {
  const all = runnable(root);
  const globals = root.options.filter((o) => !o.hidden && o.long !== '--help');
  const anchor = (c: Command) =>
    path(c)
      .toLowerCase()
      .replace(/[^a-z0-9 -]/g, '')
      .replace(/ /g, '-');
  const index = all.map(
    (c) => `${'  '.repeat(path(c).split(' ').length - 2)}- [${path(c)}](#${anchor(c)}) — ${cellText(c.description().split('\n')[0] ?? '')}`,
  );
  return `${[
    '# gbctl command reference',
    '',
    '<!-- Generated from the command tree by "npm run gen" (gbctl reference); do not edit. -->',
    '',
    root.description(),
    '',
    '## Global options',
    '',
    'Every command takes these.',
    '',
    '| Option | Description |',
    '|---|---|',
    ...globals.map(optionRow),
    '',
    '## Commands',
    '',
    ...index,
    '',
    ...all.flatMap(section),
  ]
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}
