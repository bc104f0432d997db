import type { Io } from './context.js';
import { layoutTable, widthFor } from './table.js';
import { safeLine, safeText } from './terminal-text.js';
import type { JsonObject } from '../lib/json-object.js';

export function isList(v: unknown): v is { items: unknown[] } & JsonObject {
  return !!v && typeof v === 'object' && Array.isArray((v as JsonObject).items);
}

function pick(o: unknown, fields: string[]): unknown {
  if (!o || typeof o !== 'object') return o;
  const out: JsonObject = {};
  // A documented field the object lacks prints as null, so every item has the same keys.
  for (const f of fields) out[f] = getPath(o, f) ?? null;
  return out;
}

/** Applies `--json a,b` (fields checked against the schema beforehand): those fields of the object, or of each item of a list. */
export function selectFields(data: unknown, fields: string[]): unknown {
  if (Array.isArray(data)) return data.map((i: unknown) => pick(i, fields));
  return isList(data) ? data.items.map((i) => pick(i, fields)) : pick(data, fields);
}

/** A nested value in a table's column: an object by its URL, id or name, a list by its length. */
function summary(v: object): string {
  if (Array.isArray(v)) return String(v.length);
  const o = v as JsonObject;
  for (const k of ['app', 'location', 'published', 'id', 'title', 'displayName', 'name']) if (typeof o[k] === 'string') return o[k] as string;
  const n = Object.keys(o).length;
  return n ? `${n} field${n === 1 ? '' : 's'}` : '';
}

/** A value in a table, as a person reads it (before escaping). */
function cell(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') return summary(v);
  return String(v);
}

/**
 * One field of a tab-separated record, so that a record is one line and reads back exactly:
 * a nested value as JSON; backslash written \\, then tab, newline and carriage return as \t, \n,
 * \r and every other control or bidirectional character as \xHH or \uHHHH (terminal-text.ts).
 */
export function tsvField(v: unknown): string {
  const text = v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return safeLine(text.replace(/\\/g, '\\\\'));
}

/** A column's header in words: `siteSpaces` is SITE SPACES, `updatedAt` UPDATED, `urls.app` APP. */
export function header(column: string): string {
  const last = column.split('.').pop() as string;
  return last
    .replace(/At$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toUpperCase();
}

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/** "3 minutes ago", "in 2 days": how a person reads a timestamp in a table. */
export function relativeTime(iso: string, now = Date.now()): string {
  const diff = Date.parse(iso) - now;
  const abs = Math.abs(diff);
  const units: [string, number][] = [
    ['year', 31_536_000_000],
    ['month', 2_592_000_000],
    ['day', 86_400_000],
    ['hour', 3_600_000],
    ['minute', 60_000],
  ];
  const [unit, ms] = units.find(([, size]) => abs >= size) ?? ['second', 1000];
  const n = Math.max(1, Math.round(abs / ms));
  if (unit === 'second' && abs < 45_000) return diff > 0 ? 'in a moment' : 'just now';
  const text = `${n} ${unit}${n === 1 ? '' : 's'}`;
  return diff > 0 ? `in ${text}` : `${text} ago`;
}

/** On a terminal timestamps read as relative times; piped output keeps them exact. */
const humanCell = (v: unknown) => (typeof v === 'string' && ISO.test(v) ? relativeTime(v) : cell(v));

function defaultColumns(items: unknown[]): string[] {
  const first = items[0];
  if (!first || typeof first !== 'object') return [];
  const keys = Object.keys(first as JsonObject).filter((k) => k !== 'object' && typeof (first as JsonObject)[k] !== 'object');
  return ['id', ...keys.filter((k) => k !== 'id')].filter((k) => k in (first as JsonObject)).slice(0, 5);
}

function truncate(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

/** How a result prints when it is not JSON: a table (and key/value lines) for people, or tab-separated rows. */
export type TextMode = 'table' | 'tsv';

export interface RenderOptions {
  mode: TextMode;
  color: boolean;
  columns?: string[];
}

/** Items as tab-separated rows: no header, no truncation, exact values. */
export function tsvRows(items: unknown[], cols: string[]): string {
  return items.map((i) => `${i && typeof i === 'object' ? cols.map((c) => tsvField(getPath(i, c))).join('\t') : tsvField(i)}\n`).join('');
}

/** List items as a table (mode table) or tab-separated rows (mode tsv). */
export async function renderRows(io: Io, items: unknown[], opts: RenderOptions): Promise<void> {
  if (!items.length) return;
  const out = io.stdout;
  const cols = opts.columns ?? defaultColumns(items);
  if (opts.mode === 'tsv') {
    out.write(tsvRows(items, cols));
    return;
  }
  const rows = items.map((i) => cols.map((c) => safeLine(humanCell(getPath(i, c)))));
  const head = cols.map((c) => header(c));
  const cells = rows.map((r) => r.map((c) => truncate(c, 60)));
  const [bold, width] = await Promise.all([colorer(opts.color), widthFor([...head, ...cells.flat()])]);
  out.write(`${layoutTable(head, cells, width, bold)}\n`);
}

/** An object's fields as `key<TAB>value` lines, nested values as JSON. */
export function tsvRecord(data: object): string {
  return Object.entries(data as JsonObject)
    .filter(([k]) => k !== 'object')
    .map(([k, v]) => `${tsvField(k)}\t${tsvField(v)}\n`)
    .join('');
}

/** Renders one result: a list's items as rows, an object as key/value lines, a string as text. */
export async function render(io: Io, data: unknown, opts: RenderOptions): Promise<void> {
  const out = io.stdout;
  if (data === undefined) return;
  if (typeof data === 'string') {
    const text = safeText(data);
    out.write(text.endsWith('\n') ? text : `${text}\n`);
    return;
  }
  if (isList(data)) return renderRows(io, data.items, opts);
  if (data === null || typeof data !== 'object') {
    out.write(`${opts.mode === 'tsv' ? tsvField(data) : safeLine(cell(data))}\n`);
    return;
  }
  if (opts.mode === 'tsv') {
    out.write(tsvRecord(data));
    return;
  }
  const entries = Object.entries(data as JsonObject).filter(([k]) => k !== 'object');
  const bold = await colorer(opts.color);
  const width = Math.max(...entries.map(([k]) => safeLine(k).length));
  for (const [k, v] of entries) {
    const value = typeof v === 'string' && ISO.test(v) ? `${v} (${relativeTime(v)})` : cell(v);
    out.write(`${bold(safeLine(k).padEnd(width))}  ${truncate(safeLine(value), 100)}\n`);
  }
}

export function getPath(o: unknown, path: string): unknown {
  let cur = o;
  for (const part of path.split('.')) cur = cur && typeof cur === 'object' ? (cur as JsonObject)[part] : undefined;
  return cur;
}

async function colorer(color: boolean): Promise<(s: string) => string> {
  if (!color) return (s) => s;
  const { default: chalk } = await import('chalk');
  return (s) => chalk.bold(s);
}

/** Colour only on a TTY, and never with NO_COLOR or --no-color; FORCE_COLOR turns it on. */
export function useColor(io: Io, flag: boolean | undefined): boolean {
  if (flag === false) return false;
  if (io.env.NO_COLOR !== undefined) return false;
  if (io.env.FORCE_COLOR !== undefined && io.env.FORCE_COLOR !== '0') return true;
  return !!io.stdout.isTTY;
}
