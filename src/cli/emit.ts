import type { Io } from './context.js';
import { applyJq } from './jq.js';
import { isList, render, renderRows, selectFields, useColor } from './output.js';

export interface EmitOptions {
  /** true for the whole value, or the fields to keep. */
  json: boolean | string[];
  jq?: string;
  ndjson?: boolean;
  tsv?: boolean;
  color?: boolean | undefined;
  columns?: string[];
}

/** --json as given: true for the whole value, the fields named, or false when it was not given. */
export function jsonOption(value: unknown): boolean | string[] {
  if (value === true || value === undefined || value === false) return !!value;
  return String(value)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Where jq's own stderr lines (debug, stderr) go. */
const jqWarn = (io: Io) => (line: string) => io.stderr.write(`${line}\n`);

/** Prints one result as asked: jq, JSON (whole or some fields), or the human format. */
export async function emit(io: Io, data: unknown, o: EmitOptions): Promise<void> {
  if (data === undefined) return;
  const selected = Array.isArray(o.json) ? selectFields(data, o.json) : data;
  if (o.jq) {
    io.stdout.write(await applyJq(selected, o.jq, jqWarn(io)));
    return;
  }
  if (o.ndjson && isList(selected)) {
    for (const item of selected.items) io.stdout.write(`${JSON.stringify(item)}\n`);
    return;
  }
  if (o.json || o.ndjson) {
    io.stdout.write(`${JSON.stringify(selected, null, 2)}\n`);
    return;
  }
  await render(io, data, { color: useColor(io, o.color), ...(o.columns ? { columns: o.columns } : {}), tsv: !!o.tsv });
}

/**
 * A bespoke command's result: JSON as the output flags ask (whole, some fields, through --jq),
 * else what `text` gives (it may write itself and give nothing), with a final newline.
 */
export async function emitOrText(
  io: Io,
  o: { json?: unknown; jq?: string | undefined },
  data: unknown,
  text: () => string | undefined | void | Promise<string | undefined | void>,
): Promise<void> {
  const json = jsonOption(o.json);
  if (json || o.jq) {
    await emit(io, data, { json: json || true, ...(o.jq ? { jq: o.jq } : {}) });
    return;
  }
  const t = await text();
  if (t) io.stdout.write(t.endsWith('\n') ? t : `${t}\n`);
}

/**
 * Prints list items page by page: ndjson and tab-separated rows stream, JSON streams one
 * array, a terminal table is drawn once at the end, and jq sees the whole array.
 */
export class ListPrinter {
  private buffered: unknown[] = [];
  private count = 0;

  constructor(
    private io: Io,
    private o: EmitOptions,
    /** How items read in a table or rows (an overlay's view); JSON shows them as they are. */
    private human?: (items: unknown[]) => unknown[],
  ) {}

  private get mode(): 'jq' | 'ndjson' | 'json' | 'rows' | 'table' {
    if (this.o.jq) return 'jq';
    if (this.o.ndjson) return 'ndjson';
    if (this.o.json) return 'json';
    return this.o.tsv || !this.io.stdout.isTTY ? 'rows' : 'table';
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
      case 'rows':
        await renderRows(this.io, this.human ? this.human(shown) : shown, { color: false, ...(this.o.columns ? { columns: this.o.columns } : {}), tsv: true });
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
    else if (mode === 'table') await renderRows(this.io, this.buffered, { color: useColor(this.io, this.o.color), ...(this.o.columns ? { columns: this.o.columns } : {}) });
  }
}
