import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';
import { api, type TestServer } from './helpers/server.js';

const require = createRequire(import.meta.url);
type Op = { operationId?: string; responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
const spec = JSON.parse(readFileSync(require.resolve('@gitbook/api/spec/openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, Op>>;
  components: unknown;
};
const ajv = new Ajv({ strict: false, validateFormats: false, discriminator: false });
ajv.addSchema({ $id: 'ops', components: spec.components }, 'ops');
const cache = new Map<string, ValidateFunction>();

function rewrite(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"ops#/components/'));
}

/** Checks a whole success response against an operation of the published spec (0.143.2). */
export function operationErrors(operationId: string, data: unknown): string | undefined {
  let v = cache.get(operationId);
  if (!v) {
    const op = Object.values(spec.paths).flatMap((p) => Object.values(p)).find((o) => o.operationId === operationId);
    if (!op) throw new Error(`no operation ${operationId}`);
    const ok = Object.entries(op.responses).find(([k]) => k.startsWith('2'));
    const schema = ok?.[1].content?.['application/json']?.schema;
    if (!schema) throw new Error(`operation ${operationId} has no JSON success body`);
    v = ajv.compile(rewrite(schema) as object);
    cache.set(operationId, v);
  }
  return v(data) ? undefined : ajv.errorsText(v.errors);
}

/** A new space in the server's organization. */
export async function newSpace(s: TestServer, title = 'Docs'): Promise<string> {
  const r = await api(s, 'POST', `/orgs/${s.org}/spaces`, { title });
  if (r.status !== 201) throw new Error(`create space: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.id as string;
}

/** Every page of a page tree, depth first. */
export function allPages(pages: { id: string; title: string; pages?: unknown[] }[]): { id: string; title: string; markdown?: string; path?: string }[] {
  return pages.flatMap((p) => [p, ...allPages((p.pages ?? []) as typeof pages)]);
}

const plain = new Ajv({ strict: false, validateFormats: false, discriminator: false });
plain.addSchema({ $id: 'spec', components: spec.components }, 'spec');
const components = new Map<string, ValidateFunction>();

/**
 * Checks data against a component of the published spec, reading `oneOf` plainly: the shared
 * helper's discriminator mode cannot compile components whose variants are `allOf`s
 * (Revision, RevisionPage).
 */
export function componentErrors(name: string, data: unknown): string | undefined {
  let v = components.get(name);
  if (!v) {
    v = plain.compile({ $ref: `spec#/components/schemas/${name}` });
    components.set(name, v);
  }
  return v(data) ? undefined : plain.errorsText(v.errors);
}
