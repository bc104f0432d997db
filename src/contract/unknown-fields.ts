import type * as z from 'zod';

/**
 * The first field of `data` that `schema` would silently drop, as a path (`body.parent`,
 * `body.items.2.note`), or undefined. zod objects strip keys they do not declare; a request that
 * names a field the server does not implement, or misspells one it does, must hear so (a 400)
 * rather than get a 2xx that did not do what it asked. Objects declared open (z.looseObject)
 * accept any key. Run on data the schema accepted.
 */
export function unknownField(schema: z.ZodType, data: unknown, path: string): string | undefined {
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  switch (def.type) {
    case 'object': {
      if (!isPlainObject(data)) return undefined;
      const shape = def.shape as Record<string, z.ZodType>;
      if (def.catchall === undefined) {
        for (const key of Object.keys(data)) if (!Object.hasOwn(shape, key)) return `${path}.${key}`;
      }
      for (const [key, field] of Object.entries(shape)) {
        if (data[key] === undefined) continue;
        const found = unknownField(field, data[key], `${path}.${key}`);
        if (found) return found;
      }
      return undefined;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return data === undefined || data === null ? undefined : unknownField(def.innerType as z.ZodType, data, path);
    case 'array':
      if (!Array.isArray(data)) return undefined;
      for (const [i, item] of data.entries()) {
        const found = unknownField(def.element as z.ZodType, item, `${path}.${i}`);
        if (found) return found;
      }
      return undefined;
    case 'record':
      if (!isPlainObject(data)) return undefined;
      for (const [key, value] of Object.entries(data)) {
        const found = unknownField(def.valueType as z.ZodType, value, `${path}.${key}`);
        if (found) return found;
      }
      return undefined;
    case 'union': {
      // The option zod took: the first that accepts the data.
      const taken = (def.options as z.ZodType[]).find((o) => o.safeParse(data).success);
      return taken ? unknownField(taken, data, path) : undefined;
    }
    case 'pipe':
      return unknownField(def.in as z.ZodType, data, path);
    case 'lazy':
      return unknownField((def.getter as () => z.ZodType)(), data, path);
    default:
      return undefined;
  }
}

interface Def {
  type: string;
  [k: string]: unknown;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}
