import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';

const require = createRequire(import.meta.url);
const spec = JSON.parse(readFileSync(require.resolve('@gitbook/api/spec/openapi.json'), 'utf8')) as { components: { schemas: Record<string, unknown> } };

const ajv = new Ajv({ strict: false, validateFormats: false, discriminator: true, allErrors: false });
ajv.addSchema({ $id: 'spec', components: spec.components }, 'spec');

const cache = new Map<string, ValidateFunction>();

/** Checks `data` against a component schema of the platform's published spec (@gitbook/api 0.143.2). */
export function publishedErrors(schema: string, data: unknown): string | undefined {
  if (!spec.components.schemas[schema]) throw new Error(`no schema ${schema} in the published spec`);
  let v = cache.get(schema);
  if (!v) {
    v = ajv.compile({ $ref: `spec#/components/schemas/${schema}` });
    cache.set(schema, v);
  }
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
