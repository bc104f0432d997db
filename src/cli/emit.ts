import type { Io, JsonFlag } from './context.js';

export type { JsonFlag } from './context.js';
import { usageError } from './exit-codes.js';
import { applyJq } from './jq.js';
import { isList, render, renderRows, selectFields, tsvRecord, tsvRows, useColor, type TextMode } from './output.js';
import { safeText } from './terminal-text.js';

/** The output formats `--format` names (on list commands). */
export const FORMATS = ['table', 'tsv', 'json', 'ndjson'] as const;
export type Format = (typeof FORMATS)[number];

export interface EmitOptions {
  /** true for the whole value, or the fields to keep. */
  json: boolean | string[];
  jq?: string;
  /** --format as given: it wins over whether stdout is a terminal. */
  format?: Format;
  color?: boolean | undefined;
  columns?: string[];
}

/** What one run prints: jq's output, JSON, one JSON value a line, tab-separated rows, or a table. */
export type OutputMode = 'jq' | 'json' | 'ndjson' | TextMode;

/** The fields of `--json a,b`, split once where the option is parsed (program.ts). */
export function jsonFields(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Whether a --format value names an output format: a request field may be called `format` too (`pages get --format markdown`). */
export const isOutputFormat = (value: string | undefined): value is Format => (FORMATS as readonly (string | undefined)[]).includes(value);

/**
 * Output flags that ask for two different things are a usage error, before anything is done:
 * --format table or tsv with --json, --jq with any --format but json.
 */
export function checkOutputConflicts(o: { json?: JsonFlag; jq?: string | undefined; format?: string | undefined }): void {
  const { format } = o;
  if (!isOutputFormat(format)) return;
  if ((format === 'table' || format === 'tsv') && o.json !== undefined) {
    throw usageError(`--format ${format} and --json ask for two different outputs`, 'give one of them (--format json is --json)');
  }
  if (o.jq !== undefined && format !== 'json')
    throw usageError(`--format ${format} and --jq ask for two different outputs`, 'give one of them (--jq prints what the filter gives)');
}

/** The mode the flags and stdout give: an explicit --format first, then --jq, --json, then a table on a terminal and rows otherwise. */
export function outputMode(io: Io, o: EmitOptions): OutputMode {
  if (o.jq) return 'jq';
  if (o.format === 'ndjson') return 'ndjson';
  if (o.format === 'json' || o.json) return 'json';
  if (o.format === 'table' || o.format === 'tsv') return o.format;
  return io.stdout.isTTY ? 'table' : 'tsv';
}

/** Whether people read this output: tables and relative times, rather than data. */
export const forPeople = (io: Io, o: EmitOptions): boolean => outputMode(io, o) === 'table';

/** Where jq's own stderr lines (debug, stderr) go. */
const jqWarn = (io: Io) => (line: string) => io.stderr.write(`${safeText(line)}\n`);

/** Prints one result as asked: jq, JSON (whole or some fields), one JSON line, or the text formats. */
export async function emit(io: Io, data: unknown, o: EmitOptions): Promise<void> {
  if (data === undefined) return;
  const selected = Array.isArray(o.json) ? selectFields(data, o.json) : data;
  const mode = outputMode(io, o);
  if (mode === 'jq') {
    io.stdout.write(await applyJq(selected, o.jq as string, jqWarn(io)));
    return;
  }
  if (mode === 'ndjson') {
    for (const item of isList(selected) ? selected.items : Array.isArray(selected) ? selected : [selected]) io.stdout.write(`${JSON.stringify(item)}\n`);
    return;
  }
  if (mode === 'json') {
    io.stdout.write(`${JSON.stringify(selected, null, 2)}\n`);
    return;
  }
  await render(io, selected, { mode, color: mode === 'table' && useColor(io, o.color), ...(o.columns ? { columns: o.columns } : {}) });
}

/** Every key the items have, in the order first met: the columns of rows nobody chose columns for. */
function allKeys(items: unknown[]): string[] {
  const keys = new Set<string>();
  for (const i of items) if (i && typeof i === 'object') for (const k of Object.keys(i)) if (k !== 'object') keys.add(k);
  return [...keys];
}

/**
 * A bespoke command's result: JSON as the output flags ask (whole, some fields, through --jq),
 * else what `text` gives (it may write itself and give nothing). That text is for a terminal;
 * piped, a result that is a list prints as tab-separated rows of its items' fields, and one
 * whose text has several lines (a layout for people) as `field<TAB>value` lines; a one-line
 * text (an id, a URL, a secret) prints as it is. Text is escaped for the terminal either way.
 */
export async function emitOrText(
  io: Io,
  o: { json?: JsonFlag; jq?: string | undefined },
  data: unknown,
  text: () => string | undefined | void | Promise<string | undefined | void>,
): Promise<void> {
  if (o.json || o.jq) {
    await emit(io, data, { json: o.json ?? true, ...(o.jq ? { jq: o.jq } : {}) });
    return;
  }
  const t = await text();
  if (!t) return;
  if (!io.stdout.isTTY && Array.isArray(data)) {
    io.stdout.write(tsvRows(data, allKeys(data)));
    return;
  }
  const lines = t.replace(/\n$/, '');
  if (!io.stdout.isTTY && lines.includes('\n') && data && typeof data === 'object') {
    io.stdout.write(tsvRecord(data));
    return;
  }
  const safe = safeText(t);
  io.stdout.write(safe.endsWith('\n') ? safe : `${safe}\n`);
}

/**
 * Prints list items page by page: ndjson and tab-separated rows stream, JSON streams one
 * array, a terminal table is drawn once at the end, and jq sees the whole array.
 */
export class ListPrinter {
  private buffered: unknown[] = [];
  private count = 0;
  private readonly mode: OutputMode;

  constructor(
    private io: Io,
    private o: EmitOptions,
    /** How items read in a table or rows (an overlay's view); JSON shows them as they are. */
    private human?: (items: unknown[]) => unknown[],
  ) {
    this.mode = outputMode(io, o);
  }

  async push(items: unknown[]): Promise<void> {
    const shown = Array.isArray(this.o.json) ? (selectFields({ items }, this.o.json) as unknown[]) : items;
    const out = this.io.stdout;
    switch (this.mode) {
      case 'ndjson':
        for (const i of shown) out.write(`${JSON.stringify(i)}\n`);
        break;
      case 'json':
        for (const i of shown) {
          out.write(`${this.count === 0 ? '[\n' : ',\n'}${JSON.stringify(i, null, 2).replace(/^/gm, '  ')}`);
          this.count++;
        }
        break;
      case 'tsv':
        await renderRows(this.io, this.human ? this.human(shown) : shown, {
          mode: 'tsv',
          color: false,
          ...(this.o.columns ? { columns: this.o.columns } : {}),
        });
        break;
      case 'jq':
        this.buffered.push(...shown);
        break;
      default:
        this.buffered.push(...(this.human ? this.human(shown) : shown));
    }
  }

  async end(): Promise<void> {
    const mode = this.mode;
    if (mode === 'json') this.io.stdout.write(this.count ? '\n]\n' : '[]\n');
    else if (mode === 'jq') this.io.stdout.write(await applyJq(this.buffered, this.o.jq as string, jqWarn(this.io)));
    else if (mode === 'table')
      await renderRows(this.io, this.buffered, {
        mode: 'table',
        color: useColor(this.io, this.o.color),
        ...(this.o.columns ? { columns: this.o.columns } : {}),
      });
  }
}
