import type * as z from 'zod';

/** What a request field looks like from outside: enough to build a flag or decode a query string. */
export type FieldKind = 'string' | 'number' | 'boolean' | 'enum' | 'array' | 'json';

export interface FieldInfo {
  name: string;
  kind: FieldKind;
  optional: boolean;
  nullable: boolean;
  /** Allowed values of an enum, or the literal strings an array field may also take. */
  values?: string[];
  description?: string;
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string>;
  values?: unknown[];
  element?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
}

function defOf(s: z.ZodType): Def {
  return (s as unknown as { _zod: { def: Def } })._zod.def;
}

interface Shape {
  kind: FieldKind;
  optional: boolean;
  nullable: boolean;
  values?: string[];
}

function shapeOf(s: z.ZodType): Shape {
  const d = defOf(s);
  switch (d.type) {
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return { ...shapeOf(d.innerType as z.ZodType), optional: d.type !== 'nonoptional' };
    case 'nullable': {
      const inner = shapeOf(d.innerType as z.ZodType);
      return { ...inner, nullable: true };
    }
    case 'pipe':
      return shapeOf(d.in as z.ZodType);
    case 'lazy':
      return shapeOf((d.getter as () => z.ZodType)());
    case 'string':
      return { kind: 'string', optional: false, nullable: false };
    case 'number':
    case 'int':
      return { kind: 'number', optional: false, nullable: false };
    case 'boolean':
      return { kind: 'boolean', optional: false, nullable: false };
    case 'enum':
      return { kind: 'enum', optional: false, nullable: false, values: Object.values(d.entries ?? {}) };
    case 'literal': {
      const lits = (d.values ?? []).filter((v): v is string => typeof v === 'string');
      const isNull = (d.values ?? []).includes(null);
      return { kind: 'enum', optional: false, nullable: isNull, values: lits };
    }
    case 'null':
      return { kind: 'enum', optional: false, nullable: true, values: [] };
    case 'array':
      return { kind: 'array', optional: false, nullable: false };
    case 'union':
      return unionShape((d.options ?? []).map(shapeOf));
    default:
      return { kind: 'json', optional: false, nullable: false };
  }
}

function unionShape(members: Shape[]): Shape {
  const optional = members.some((m) => m.optional);
  const nullable = members.some((m) => m.nullable);
  const real = members.filter((m) => !(m.kind === 'enum' && m.values?.length === 0));
  const values = real.flatMap((m) => (m.kind === 'enum' ? (m.values ?? []) : []));
  if (real.every((m) => m.kind === 'enum')) return { kind: 'enum', optional, nullable, values };
  const others = real.filter((m) => m.kind !== 'enum');
  if (others.length === 1 && others[0]) {
    return { kind: others[0].kind, optional, nullable, ...(values.length ? { values } : {}) };
  }
  return { kind: 'json', optional, nullable };
}

export function describeField(name: string, schema: z.ZodType): FieldInfo {
  const shape = shapeOf(schema);
  const description = (schema as { description?: string }).description;
  return { name, ...shape, ...(description ? { description } : {}) };
}

/** The fields of an object schema, in declaration order. */
export function fieldsOf(schema: z.ZodObject | undefined): FieldInfo[] {
  if (!schema) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([k, v]) => describeField(k, v));
}

/** The query parameters of a request that its endpoint's query schema does not declare, in order. */
export function unknownQueryKeys(schema: z.ZodObject | undefined, raw: URLSearchParams): string[] {
  const known = new Set(fieldsOf(schema).map((f) => f.name));
  return [...new Set(raw.keys())].filter((k) => !known.has(k));
}

/**
 * The query parameters given more than once that take one value: repeating a key is how an
 * array is sent (`authors=a&authors=b`), and for any other parameter it is a mistake to report
 * rather than a choice between the values to make silently.
 */
export function repeatedScalarKeys(schema: z.ZodObject | undefined, raw: URLSearchParams): string[] {
  const fields = new Map(fieldsOf(schema).map((f) => [f.name, f]));
  return [...new Set(raw.keys())].filter((k) => raw.getAll(k).length > 1 && fields.has(k) && fields.get(k)?.kind !== 'array');
}

/**
 * Turns raw query-string values into the types the query schema expects, so the schema
 * itself can validate them. Values that do not decode are passed on as strings and fail there.
 */
export function decodeQuery(schema: z.ZodObject | undefined, raw: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const fields = new Map(fieldsOf(schema).map((f) => [f.name, f]));
  for (const key of new Set(raw.keys())) {
    const all = raw.getAll(key);
    const f = fields.get(key);
    const last = all[all.length - 1] ?? '';
    if (!f) continue;
    if (f.kind === 'array') out[key] = all.flatMap((v) => v.split(',')).filter((v) => v !== '');
    else if (f.kind === 'number') out[key] = last.trim() === '' || Number.isNaN(Number(last)) ? last : Number(last);
    else if (f.kind === 'boolean') out[key] = last === 'true' || last === '1' ? true : last === 'false' || last === '0' ? false : last;
    else out[key] = last;
  }
  return out;
}

/** The inverse of decodeQuery: arrays become repeated keys. */
export function encodeQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const item of v) sp.append(k, String(item));
    else sp.append(k, String(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}
