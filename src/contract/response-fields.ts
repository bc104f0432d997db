import type * as z from 'zod';

interface Def {
  type: string;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  getter?: () => z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
}

const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under optional, nullable, lazy and pipe wrappers. */
function unwrap(s: z.ZodType): z.ZodType {
  for (let d = defOf(s); ; d = defOf(s)) {
    if (d.innerType && ['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(d.type)) s = d.innerType;
    else if (d.type === 'lazy' && d.getter) s = d.getter();
    else if (d.type === 'pipe' && d.in) s = d.in;
    else return s;
  }
}

/**
 * The top-level fields an object schema documents, in order; for a union (a page is a document,
 * a group or a link), the fields of any of its objects.
 */
export function objectFields(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const d = defOf(unwrap(schema));
  if (d.type === 'object' && d.shape) return Object.keys(d.shape);
  if (d.type === 'union') return [...new Set((d.options ?? []).flatMap((o) => objectFields(o)))];
  return [];
}

/** The schema of one item of a list response (`{ items: [...] }`). */
export function itemSchema(schema: z.ZodType | undefined): z.ZodType | undefined {
  if (!schema) return undefined;
  const d = defOf(unwrap(schema));
  const items = d.type === 'object' ? d.shape?.items : undefined;
  if (!items) return undefined;
  const a = defOf(unwrap(items));
  return a.type === 'array' ? a.element : undefined;
}
