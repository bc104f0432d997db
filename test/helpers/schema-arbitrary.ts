import fc, { type Arbitrary } from 'fast-check';
import * as z from 'zod';

/** The subset of JSON Schema that `z.toJSONSchema` emits for the request schemas of the catalogue. */
interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** What a generated string may be drawn from besides random text. */
export interface ValueSources {
  /** Known ids (of any kind), read when a value is generated: the pool may grow between runs. */
  ids(): readonly string[];
  /** URLs that are safe to hand to the server (it fetches `url` fields): no outside network. */
  urls: readonly string[];
}

const ID_PATTERN = '^[a-zA-Z0-9_-]+$';

/** An element of a pool chosen by a generated index; the pool is read at generation time. */
function pick<T>(pool: () => readonly T[], fallback: Arbitrary<T>): Arbitrary<T> {
  return fc.nat().chain((i) => {
    const p = pool();
    return p.length ? fc.constant(p[i % p.length] as T) : fallback;
  });
}

function stringArb(s: JsonSchema, src: ValueSources): Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? Math.max(min, 40);
  if (s.pattern === ID_PATTERN) {
    const random = fc.stringMatching(/^[a-zA-Z0-9_-]{1,24}$/);
    return fc.oneof({ arbitrary: pick(src.ids, random), weight: 4 }, { arbitrary: random, weight: 1 });
  }
  if (s.format === 'uri') return fc.oneof(fc.constantFrom(...src.urls), fc.string({ maxLength: 20 }));
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= min && v.length <= max);
  const short = fc.string({ minLength: min, maxLength: Math.min(max, Math.max(min, 24)) });
  const any = fc.string({ minLength: min, maxLength: Math.min(max, 2000), unit: 'grapheme' });
  return fc.oneof({ arbitrary: short, weight: 4 }, { arbitrary: any, weight: 1 });
}

function build(s: JsonSchema, defs: Record<string, JsonSchema>, src: ValueSources, depth: number): Arbitrary<unknown> {
  if (s.$ref) {
    const name = s.$ref.replace('#/$defs/', '');
    const target = defs[name];
    if (!target || depth > 4) return fc.constant({});
    return build(target, defs, src, depth + 1);
  }
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => build(a, defs, src, depth)));
  switch (s.type) {
    case 'string':
      return stringArb(s, src);
    case 'integer':
      return fc.integer({ min: Math.max(s.minimum ?? -1000, -1_000_000), max: Math.min(s.maximum ?? 1000, 1_000_000) });
    case 'number':
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const item = s.items ? build(s.items, defs, src, depth + 1) : fc.jsonValue({ maxDepth: 1 });
      return fc.array(item, { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 3, depth > 2 ? 1 : 3) });
    }
    case 'object': {
      const props = s.properties ?? {};
      if (Object.keys(props).length === 0) {
        const extra = s.additionalProperties;
        const value = extra && typeof extra === 'object' && Object.keys(extra).length ? build(extra, defs, src, depth + 1) : fc.jsonValue({ maxDepth: 1 });
        return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), value, { maxKeys: 2 });
      }
      const model: Record<string, Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) model[k] = build(v, defs, src, depth + 1);
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in model) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * Values shaped like a zod object schema: mostly valid, with ids drawn from known objects so that
 * requests reach the handlers. Validity is not guaranteed (patterns, refinements, cross-field rules).
 */
export function arbitraryFor(schema: z.ZodObject, src: ValueSources): Arbitrary<Record<string, unknown>> {
  const js = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as JsonSchema;
  return build(js, js.$defs ?? {}, src, 0) as Arbitrary<Record<string, unknown>>;
}
