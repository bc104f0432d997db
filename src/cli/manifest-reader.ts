import type { BespokeSummary, Manifest, ManifestCommand } from './manifest.js';

/**
 * The command tree as a run needs it: every name (the generated commands' nouns, in order, with
 * what each is for, and the bespoke commands), and the commands of only the nouns it builds
 * whole. The build writes it as lines (`manifestLines`), so that a run parses the names and one
 * noun's commands: the whole tree is 90 KB of JSON, a few per cent of a short command's time.
 */
export interface ManifestReader {
  nouns: Readonly<Record<string, string>>;
  bespoke: readonly BespokeSummary[];
  /** The generated commands of the nouns `only` names (of every noun when undefined), in order. */
  commands(only?: ReadonlySet<string>): ManifestCommand[];
}

/** Every noun of `m`'s commands, in the order they first come, with what it is for. */
function orderedNouns(m: Manifest): Record<string, string> {
  const nouns: Record<string, string> = {};
  for (const c of m.commands) nouns[c.noun] ??= m.nouns[c.noun] ?? c.noun;
  return nouns;
}

/** A whole manifest read as a run reads one (the source's, at build time and in tests). */
export function readerOf(m: Manifest): ManifestReader {
  const nouns = orderedNouns(m);
  return {
    nouns,
    bespoke: m.bespoke,
    commands: (only) => Object.keys(nouns).flatMap((noun) => (only && !only.has(noun) ? [] : m.commands.filter((c) => c.noun === noun))),
  };
}

/** `m` as a reader: a whole manifest is read as one. */
export function asReader(m: Manifest | ManifestReader): ManifestReader {
  return Array.isArray(m.commands) ? readerOf(m as Manifest) : (m as ManifestReader);
}

/** The lines' form: 2 (1 was the whole tree as one object). */
const LINES_VERSION = 2;

interface Head {
  version: number;
  nouns: Record<string, string>;
  bespoke: BespokeSummary[];
}

/** The text the build writes: a first line of names, then a line of each noun's commands, in the nouns' order. */
export function manifestLines(m: Manifest): string {
  const { nouns, bespoke, commands } = readerOf(m);
  const head: Head = { version: LINES_VERSION, nouns, bespoke: [...bespoke] };
  return `${[JSON.stringify(head), ...Object.keys(nouns).map((noun) => JSON.stringify(commands(new Set([noun]))))].join('\n')}\n`;
}

/**
 * The lines of `text`, each decoded when first asked for: a run decodes the names' line and one
 * noun's of the 90 KB it reads.
 */
function linesOf(text: string | Uint8Array): { count: number; line(i: number): string } {
  if (typeof text === 'string') {
    const lines = text.split('\n');
    return { count: lines.length, line: (i) => lines[i] ?? '' };
  }
  const bytes = Buffer.from(text.buffer, text.byteOffset, text.byteLength);
  const starts = [0];
  for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, at + 1)) starts.push(at + 1);
  return {
    count: starts.length,
    line: (i) => (i < starts.length ? bytes.toString('utf8', starts[i], i + 1 < starts.length ? (starts[i + 1] as number) - 1 : bytes.length) : ''),
  };
}

/** Reads `manifestLines`' text (or its bytes); a noun's line is parsed when its commands are first asked for. Throws on another form. */
export function readManifestLines(text: string | Uint8Array): ManifestReader {
  const lines = linesOf(text);
  const head = JSON.parse(lines.line(0)) as Partial<Head>;
  if (head.version !== LINES_VERSION || typeof head.nouns !== 'object' || !Array.isArray(head.bespoke))
    throw new Error('not a manifest of this version of gbctl');
  const nouns = Object.keys(head.nouns);
  if (lines.count < nouns.length + 1) throw new Error(`it has the commands of ${lines.count - 1} of its ${nouns.length} nouns`);
  const parsed = new Map<string, ManifestCommand[]>();
  const of = (noun: string, at: number): ManifestCommand[] => {
    let commands = parsed.get(noun);
    if (!commands) parsed.set(noun, (commands = JSON.parse(lines.line(at + 1)) as ManifestCommand[]));
    return commands;
  };
  return { nouns: head.nouns, bespoke: head.bespoke, commands: (only) => nouns.flatMap((noun, at) => (only && !only.has(noun) ? [] : of(noun, at))) };
}
