import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';

const require = createRequire(import.meta.url);
type Op = { operationId?: string; responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
const raw = JSON.parse(readFileSync(require.resolve('@gitbook/api/spec/openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, Op>>;
  components: { schemas: Record<string, unknown> };
};

/**
 * OpenAPI 3.0 is not quite JSON Schema: `nullable` may stand without `type`, and discriminators
 * over allOf variants do not compile in ajv. Rewrite both once; `oneOf` is then checked plainly.
 */
function normalise(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(normalise);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) if (k !== 'discriminator') out[k] = normalise(v);
  if (out.nullable === true && out.type === undefined) {
    delete out.nullable;
    return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

const spec = withPendingSaml(normalise(raw) as typeof raw);

/**
 * A SAML provider not yet configured (`status: pending`, which the spec defines as "not yet fully
 * configured") has no sign-in URL: gbctl leaves `ssoURL` out rather than answer `""`, which the
 * spec's URL type refuses too. Every other provider must have one, as published.
 */
function withPendingSaml(s: typeof raw): typeof raw {
  const out = structuredClone(s);
  const p = out.components.schemas.OrganizationSAMLProvider as { required?: string[]; anyOf?: unknown[] };
  p.required = (p.required ?? []).filter((k) => k !== 'ssoURL');
  p.anyOf = [{ required: ['ssoURL'] }, { required: ['status'], properties: { status: { enum: ['pending'] } } }];
  return out;
}
const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: false });
ajv.addSchema({ $id: 'spec', components: spec.components }, 'spec');

/**
 * The spec as gbctl answers links and backlinks: a location names the organization, space and
 * revision or change request it is in, and its page, by id (and title and path), where the
 * published shape embeds each whole record (the revision with every page's content, in every
 * reference); a link's target names only the page or file it points at, in the same content.
 * Everything else of those answers (envelope, stats, statuses, kinds, anchors) is checked as
 * published.
 */
const named = (properties: Record<string, unknown> = {}) => ({ type: 'object', required: ['id'], properties: { id: { type: 'string' }, ...properties } });
function withNamedReferences(components: typeof spec.components): typeof spec.components {
  type Shape = { properties: Record<string, unknown>; required?: string[] };
  const schemas = structuredClone(components.schemas) as Record<string, Shape>;
  const relax = (schema: string, fields: Record<string, unknown>) => Object.assign((schemas[schema] as Shape).properties, fields);
  relax('ContentLocationPage', { organization: named({ object: { enum: ['organization'] } }), space: named({ object: { enum: ['space'] } }), page: named() });
  relax('ContentLocationRevisionContext', { revision: named({ object: { enum: ['revision'] } }) });
  relax('ContentLocationChangeRequestContext', { changeRequest: named({ object: { enum: ['change-request'] } }) });
  const page = schemas.ContentLocationPage as Shape;
  const targets = [
    { $ref: '#/components/schemas/ContentLocationURL' },
    { ...page, required: ['kind', 'page'] },
    { type: 'object', required: ['kind', 'file'], properties: { kind: { enum: ['file'] }, file: named() } },
  ];
  relax('ContentReferenceUsage', { targetReference: { oneOf: targets } });
  return { ...components, schemas };
}
ajv.addSchema({ $id: 'spec-named', components: withNamedReferences(spec.components) }, 'spec-named');

const cache = new Map<string, ValidateFunction>();

function compiled(key: string, make: () => unknown): ValidateFunction {
  let v = cache.get(key);
  if (!v) {
    v = ajv.compile(make() as object);
    cache.set(key, v);
  }
  return v;
}

/** Checks `data` against a component schema of the platform's published spec (@gitbook/api 0.143.2). */
export function publishedErrors(schema: string, data: unknown): string | undefined {
  if (!spec.components.schemas[schema]) throw new Error(`no schema ${schema} in the published spec`);
  const v = compiled(`c:${schema}`, () => ({ $ref: `spec#/components/schemas/${schema}` }));
  return v(data) ? undefined : ajv.errorsText(v.errors);
}

/** A list response whose items all match a published schema. */
export function publishedListErrors(schema: string, data: { items?: unknown[] }): string | undefined {
  for (const item of data.items ?? []) {
    const e = publishedErrors(schema, item);
    if (e) return e;
  }
  return undefined;
}

/** Checks a whole success response against an operation of the published spec. */
export function operationErrors(operationId: string, data: unknown): string | undefined {
  const v = compiled(`o:${operationId}`, () => {
    const op = Object.values(spec.paths)
      .flatMap((p) => Object.values(p))
      .find((o) => o.operationId === operationId);
    if (!op) throw new Error(`no operation ${operationId}`);
    const ok = Object.entries(op.responses).find(([k]) => k.startsWith('2'));
    const schema = ok?.[1].content?.['application/json']?.schema;
    if (!schema) throw new Error(`operation ${operationId} has no JSON success body`);
    const text = JSON.stringify(schema);
    const base = /ContentLocation|ContentReferenceUsage/.test(text) ? 'spec-named' : 'spec';
    return JSON.parse(text.replace(/"#\/components\//g, `"${base}#/components/`));
  });
  return v(data) ? undefined : ajv.errorsText(v.errors);
}

/**
 * The published operation for a method and a catalogue path (relative to /v1, `{param}` names
 * ignored), when it has a JSON success body to check against; undefined for gbctl's extensions.
 */
export function operationIdOf(method: string, path: string): string | undefined {
  const shape = (p: string) => p.replace(/\{[^}]+\}/g, '{}');
  const want = shape(path);
  for (const [p, ops] of Object.entries(spec.paths)) {
    if (shape(p) !== want) continue;
    const op = ops[method.toLowerCase()];
    const ok = op && Object.entries(op.responses).find(([k]) => k.startsWith('2'));
    return op?.operationId && ok?.[1].content?.['application/json']?.schema ? op.operationId : undefined;
  }
  return undefined;
}

/**
 * The top-level fields the published spec lists for an operation's JSON request body (through
 * $ref, allOf, oneOf and anyOf), for a method and a catalogue path; [] when it has none.
 */
export function publishedBodyFields(method: string, path: string): string[] {
  const shape = (p: string) => p.replace(/\{[^}]+\}/g, '{}');
  const entry = Object.entries(raw.paths).find(([p]) => shape(p) === shape(path));
  const op = entry?.[1][method.toLowerCase()] as (Op & { requestBody?: { content?: Record<string, { schema: unknown }> } }) | undefined;
  const fields = new Set<string>();
  const walk = (node: unknown, depth: number): void => {
    if (!node || typeof node !== 'object' || depth > 8) return;
    const n = node as { $ref?: string; properties?: Record<string, unknown>; allOf?: unknown[]; oneOf?: unknown[]; anyOf?: unknown[] };
    if (n.$ref) return walk(raw.components.schemas[n.$ref.split('/').pop() as string], depth + 1);
    for (const k of Object.keys(n.properties ?? {})) fields.add(k);
    for (const sub of [...(n.allOf ?? []), ...(n.oneOf ?? []), ...(n.anyOf ?? [])]) walk(sub, depth + 1);
  };
  walk(op?.requestBody?.content?.['application/json']?.schema, 0);
  return [...fields];
}
