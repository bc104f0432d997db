/*
 * Reading an OpenAPI document's text: what the server checks of a spec it is given and what
 * `gbctl openapi publish` checks of a file before it sends anything, the one way on both sides.
 */

import type { JsonObject } from './json-object.js';

const isObj = (v: unknown): v is JsonObject => !!v && typeof v === 'object' && !Array.isArray(v);

/** Parses JSON or YAML text and checks it is an OpenAPI 3.x or Swagger 2.0 document. */
export async function parseSpecDocument(text: string): Promise<{ ok: true; document: JsonObject; format: 'json' | 'yaml' } | { ok: false; message: string }> {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, message: 'the document is empty' };
  let data: unknown;
  let format: 'json' | 'yaml' = 'json';
  if (trimmed.startsWith('{')) {
    try {
      data = JSON.parse(trimmed);
    } catch (e) {
      return { ok: false, message: `not valid JSON: ${(e as Error).message}` };
    }
  } else {
    format = 'yaml';
    const YAML = await import('yaml');
    const doc = YAML.parseDocument(text, { prettyErrors: false });
    if (doc.errors.length) return { ok: false, message: `not valid YAML: ${doc.errors[0]?.message ?? 'parse error'}` };
    data = doc.toJS({ maxAliasCount: 1000 });
  }
  const problem = checkDocument(data);
  return problem ? { ok: false, message: problem } : { ok: true, document: data as JsonObject, format };
}

function checkDocument(d: unknown): string | undefined {
  if (!isObj(d)) return 'the document is not an object';
  const info = d.info;
  const v3 = typeof d.openapi === 'string' && /^3\.\d+(\.\d+)?(-[\w.]+)?$/.test(d.openapi);
  const v2 = d.swagger === '2.0';
  if (!v3 && !v2) {
    if (d.openapi !== undefined) return `unsupported "openapi" version ${JSON.stringify(d.openapi)}: expected 3.x`;
    if (d.swagger !== undefined) return `unsupported "swagger" version ${JSON.stringify(d.swagger)}: expected "2.0"`;
    return 'not an OpenAPI document: it has no "openapi" (3.x) or "swagger" ("2.0") field';
  }
  if (!isObj(info)) return '"info" is missing or not an object';
  if (typeof info.title !== 'string') return '"info.title" is missing or not a string';
  if (typeof info.version !== 'string') return '"info.version" is missing or not a string';
  if (v2 || String(d.openapi).startsWith('3.0')) {
    if (!isObj(d.paths)) return '"paths" is missing or not an object';
  } else if (!isObj(d.paths) && !isObj(d.webhooks) && !isObj(d.components)) {
    return 'an OpenAPI 3.1 document needs "paths", "webhooks" or "components"';
  }
  if (d.paths !== undefined && !isObj(d.paths)) return '"paths" is not an object';
  return undefined;
}
