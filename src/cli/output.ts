import type { Io } from './context.js';
import { usageError } from './exit-codes.js';

type Obj = Record<string, unknown>;

export function isList(v: unknown): v is { items: unknown[] } & Obj {
  return !!v && typeof v === 'object' && Array.isArray((v as Obj).items);
}

function pick(o: unknown, fields: string[]): unknown {
  if (!o || typeof o !== 'object') return o;
  const out: Obj = {};
  for (const f of fields) if (f in (o as Obj)) out[f] = (o as Obj)[f];
  return out;
}

/** Applies `--json a,b`: keeps those fields of the object, or of each item of a list. */
export function selectFields(data: unknown, fields: string[]): unknown {
  const sample = isList(data) ? data.items[0] : data;
  if (sample && typeof sample === 'object') {
    const known = Object.keys(sample as Obj);
    const unknown = fields.filter((f) => !known.includes(f));
    if (unknown.length) throw usageError(`unknown field${unknown.length > 1 ? 's' : ''} for --json: ${unknown.join(', ')}`, `valid fields: ${known.join(', ')}`);
  }
  return isList(data) ? data.items.map((i) => pick(i, fields)) : pick(data, fields);
}

function cell(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

function defaultColumns(items: unknown[]): string[] {
  const first = items[0];
  if (!first || typeof first !== 'object') return [];
  const keys = Object.keys(first as Obj).filter((k) => k !== 'object' && typeof (first as Obj)[k] !== 'object');
  return ['id', ...keys.filter((k) => k !== 'id')].filter((k) => k in (first as Obj)).slice(0, 5);
}

function truncate(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

export interface RenderOptions {
  color: boolean;
  columns?: string[];
  /** Tab-separated rows even on a terminal. */
  tsv?: boolean;
}

/** List items as a table on a terminal, tab-separated rows otherwise (no header, no truncation). */
export async function renderRows(io: Io, items: unknown[], opts: RenderOptions): Promise<void> {
  if (!items.length) return;
  const out = io.stdout;
  const cols = opts.columns ?? defaultColumns(items);
  const rows = items.map((i) => cols.map((c) => cell(getPath(i, c))));
  if (opts.tsv || !out.isTTY) {
    out.write(rows.map((r) => `${r.join('\t')}\n`).join(''));
    return;
  }
  const [{ default: Table }, bold] = await Promise.all([import('cli-table3'), colorer(opts.color)]);
  const t = new Table({ head: cols.map((c) => bold(c.toUpperCase())), style: { head: [], border: [] }, chars: PLAIN_CHARS });
  for (const r of rows) t.push(r.map((c) => truncate(c, 60)));
  out.write(`${t.toString()}\n`);
}

/** Renders one result: a list's items as rows, an object as key/value lines, a string as-is. */
export async function render(io: Io, data: unknown, opts: RenderOptions): Promise<void> {
  const out = io.stdout;
  if (data === undefined) return;
  if (typeof data === 'string') {
    out.write(data.endsWith('\n') ? data : `${data}\n`);
    return;
  }
  if (isList(data)) return renderRows(io, data.items, opts);
  const entries = Object.entries((data ?? {}) as Obj).filter(([k]) => k !== 'object');
  if (opts.tsv || !out.isTTY) {
    out.write(entries.map(([k, v]) => `${k}\t${cell(v)}\n`).join(''));
    return;
  }
  const bold = await colorer(opts.color);
  const width = Math.max(...entries.map(([k]) => k.length));
  for (const [k, v] of entries) out.write(`${bold(k.padEnd(width))}  ${truncate(cell(v), 100)}\n`);
}

export function getPath(o: unknown, path: string): unknown {
  let cur = o;
  for (const part of path.split('.')) cur = cur && typeof cur === 'object' ? (cur as Obj)[part] : undefined;
  return cur;
}

async function colorer(color: boolean): Promise<(s: string) => string> {
  if (!color) return (s) => s;
  const { default: chalk } = await import('chalk');
  return (s) => chalk.bold(s);
}

const PLAIN_CHARS = {
  top: '', 'top-mid': '', 'top-left': '', 'top-right': '', bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '',
  left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '', middle: '  ',
};

/** Colour only on a TTY, and never with NO_COLOR or --no-color; FORCE_COLOR turns it on. */
export function useColor(io: Io, flag: boolean | undefined): boolean {
  if (flag === false) return false;
  if (io.env.NO_COLOR !== undefined) return false;
  if (io.env.FORCE_COLOR !== undefined && io.env.FORCE_COLOR !== '0') return true;
  return !!io.stdout.isTTY;
}
