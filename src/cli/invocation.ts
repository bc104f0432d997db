import type { Called } from './build.js';
import { isBodyData } from './context.js';
import { usageError } from './exit-codes.js';
import type { ManifestCommand, ManifestOption } from './manifest.js';
import { optionKey } from './names.js';
import { readBodyData } from './read-input.js';
import type { InvocationInput } from './overlay.js';

export interface Invocation {
  command: ManifestCommand;
  /** The endpoint to call: the primary one or the variant a scope option selected. */
  endpointId: string;
  input: InvocationInput;
  opts: Record<string, unknown>;
}

function convert(o: ManifestOption, raw: unknown): unknown {
  if (raw === 'null' && o.nullable) return null;
  if (o.kind === 'number') {
    const n = Number(raw);
    if (typeof raw !== 'string' || raw.trim() === '' || Number.isNaN(n)) throw usageError(`--${o.flag}: "${String(raw)}" is not a number`);
    return n;
  }
  if (o.kind === 'json') {
    try {
      return JSON.parse(String(raw));
    } catch {
      throw usageError(`--${o.flag}: not valid JSON: ${String(raw)}`);
    }
  }
  if (o.kind === 'array' && Array.isArray(raw) && raw.length === 1 && o.values?.includes(raw[0] as string)) return raw[0];
  return raw;
}

function fieldValue(v: string): unknown {
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

/** Turns a parsed command line into the endpoint to call and its params, query and body. */
export function toInvocation(c: Called, where: (endpointId: string, field: string) => 'query' | 'body' | undefined, readStdin: () => string): Invocation {
  const { command: m, values, opts } = c;
  const variant = m.variants.find((v) => opts[optionKey(v.option)] !== undefined);
  const endpointId = variant?.id ?? m.id;
  const input: InvocationInput = { params: {}, query: {}, body: {} };
  m.args.forEach((a, i) => {
    const v = values[i];
    if (v === undefined) return;
    if (a.param) input.params[a.param] = v;
    else if (a.field) input[where(endpointId, a.field) ?? 'body'][a.field] = v;
  });
  if (variant) input.params[variant.param] = opts[optionKey(variant.option)];

  const data = opts.data;
  const givesBody = typeof data === 'string' && isBodyData(data);
  if (m.fixed) {
    // An alias sends its fixed body and nothing else: a body given besides it is refused, not dropped.
    if (givesBody)
      throw usageError(`--data: ${m.noun} ${m.verb} sends ${JSON.stringify(m.fixed.body)} and takes no other body`, `gbctl ${m.noun} ${m.fixed.of} takes one`);
    Object.assign(input.body, m.fixed.body);
  } else if (givesBody) Object.assign(input.body, readBodyData(data, readStdin));

  for (const kv of (opts.field as string[] | undefined) ?? []) {
    const eq = kv.indexOf('=');
    if (eq <= 0) throw usageError(`-F ${kv}: expected key=value`);
    const key = kv.slice(0, eq);
    // A field a request's body lacks goes in the body all the same, to be refused there with every other way of giving one.
    const target = where(endpointId, key) ?? (m.mutating ? 'body' : undefined);
    if (!target) {
      const known = m.options.filter((o) => o.endpoints.includes(endpointId)).map((o) => o.field);
      throw usageError(`-F ${key}: not a field of this request`, `fields: ${known.join(', ')}`);
    }
    input[target][key] = fieldValue(kv.slice(eq + 1));
  }

  for (const o of m.options) {
    const raw = opts[optionKey(o.flag)];
    if (raw === undefined) continue;
    if (!o.endpoints.includes(endpointId)) {
      const needs = m.variants.find((v) => o.endpoints.includes(v.id))?.option;
      throw usageError(`--${o.flag} applies only ${needs ? `with --${needs}` : `without --${m.variants.map((v) => v.option).join('/')}`}`);
    }
    input[where(endpointId, o.field) ?? 'body'][o.field] = convert(o, raw);
  }
  return { command: m, endpointId, input, opts };
}
