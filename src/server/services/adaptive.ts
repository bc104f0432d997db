import type * as z from 'zod';
import type { AdaptiveSchema } from '../../contract/schemas/site.js';
import type { ReadTx } from '../../store/store.js';
import { isoNow, type Ctx } from '../context.js';
import { badRequest } from '../http-error.js';
import { sites, type SiteRecord } from '../model/site.js';
import { siteFor } from './site-access.js';
import type { JsonObject } from '../../lib/json-object.js';

/*
 * The visitor schema of adaptive content: JSON Schema draft-07, an object whose properties
 * are claims. A claim is a boolean, a string (optionally an enum), a number, an array of
 * those, or an object of claims; every claim has a description. `unsigned` holds the claims
 * a visitor may set without signing them.
 */

export const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
export const UNSIGNED_DESCRIPTION = 'Unsigned claims of the site visitor.';

const isObj = (v: unknown): v is JsonObject => !!v && typeof v === 'object' && !Array.isArray(v);

function onlyKeys(v: JsonObject, allowed: string[], at: string): void {
  const extra = Object.keys(v).filter((k) => !allowed.includes(k));
  if (extra.length) throw badRequest(`${at}: unexpected ${extra.map((k) => `"${k}"`).join(', ')} (allowed: ${allowed.join(', ')})`);
}

function primitive(v: JsonObject, at: string): JsonObject {
  if (v.type === 'boolean' || v.type === 'number') {
    onlyKeys(v, ['type', 'description'], at);
    return v;
  }
  if (v.type === 'string') {
    onlyKeys(v, ['type', 'description', 'enum'], at);
    if (v.enum !== undefined && !(Array.isArray(v.enum) && v.enum.every((e) => typeof e === 'string'))) {
      throw badRequest(`${at}.enum: must be an array of strings`);
    }
    return v;
  }
  throw badRequest(`${at}.type: must be boolean, string, number, array or object`);
}

function claims(v: unknown, at: string): JsonObject {
  if (!isObj(v)) throw badRequest(`${at}: must be an object of claims`);
  return Object.fromEntries(Object.entries(v).map(([k, claim]) => [k, checkClaim(claim, `${at}.${k}`)]));
}

function objectClaim(v: JsonObject, at: string): JsonObject {
  onlyKeys(v, ['type', 'description', 'properties', 'additionalProperties'], at);
  if (v.additionalProperties !== undefined && v.additionalProperties !== false) throw badRequest(`${at}.additionalProperties: must be false`);
  return { ...v, properties: claims(v.properties ?? {}, `${at}.properties`), additionalProperties: false };
}

function checkClaim(v: unknown, at: string): JsonObject {
  if (!isObj(v)) throw badRequest(`${at}: must be an object`);
  if (typeof v.description !== 'string') throw badRequest(`${at}.description: required, a string describing the claim`);
  if (v.type === 'array') {
    onlyKeys(v, ['type', 'description', 'items'], at);
    if (!isObj(v.items)) throw badRequest(`${at}.items: required, the schema of the array's items`);
    if (typeof v.items.description !== 'string') throw badRequest(`${at}.items.description: required, a string`);
    return { ...v, items: primitive(v.items, `${at}.items`) };
  }
  if (v.type === 'object') return objectClaim(v, at);
  return primitive(v, at);
}

/** Checks a visitor schema's shape, filling `additionalProperties: false` in claims where it is left out; 400 naming the place otherwise. */
export function checkAdaptiveSchema(input: JsonObject): JsonObject {
  const at = 'jsonSchema';
  // What the published schema (0.143.2) allows, in the request and in the answer; `$id` is not part of it.
  onlyKeys(input, ['$schema', 'type', 'properties', 'additionalProperties'], at);
  if (input.$schema !== undefined && input.$schema !== DRAFT_07) throw badRequest(`${at}.$schema: must be "${DRAFT_07}" (draft-07)`);
  if (input.type !== 'object') throw badRequest(`${at}.type: must be "object"`);
  // Required by the platform's request schema (0.143.2), though the answer would be the same without it.
  if (input.additionalProperties !== false) throw badRequest(`${at}.additionalProperties: required, and must be false`);
  const props = isObj(input.properties) ? { ...input.properties } : undefined;
  if (!props) throw badRequest(`${at}.properties: must be an object of claims`);
  const { unsigned, ...signed } = props;
  const out: JsonObject = claims(signed, `${at}.properties`);
  if (unsigned !== undefined) {
    if (!isObj(unsigned) || unsigned.type !== 'object') throw badRequest(`${at}.properties.unsigned: must be an object claim`);
    const description = unsigned.description ?? UNSIGNED_DESCRIPTION;
    if (description !== UNSIGNED_DESCRIPTION) throw badRequest(`${at}.properties.unsigned.description: must be "${UNSIGNED_DESCRIPTION}"`);
    out.unsigned = objectClaim({ ...unsigned, description }, `${at}.properties.unsigned`);
  }
  return { ...input, properties: out, additionalProperties: false };
}

export function emptyAdaptiveSchema(): JsonObject {
  return {
    $schema: DRAFT_07,
    type: 'object',
    properties: { unsigned: { type: 'object', description: UNSIGNED_DESCRIPTION, properties: {}, additionalProperties: false } },
    additionalProperties: false,
  };
}

function toAdaptive(site: SiteRecord): z.input<typeof AdaptiveSchema> {
  const s = site.adaptiveSchema ?? { jsonSchema: emptyAdaptiveSchema(), updatedAt: site.createdAt };
  return { object: 'site-adaptive-schema', jsonSchema: s.jsonSchema as z.input<typeof AdaptiveSchema>['jsonSchema'], updatedAt: s.updatedAt };
}

/** Conditions a section or site space can use, one per deterministic claim value. */
export function templateConditions(jsonSchema: JsonObject): { description: string; condition: string }[] {
  const out: { description: string; condition: string }[] = [];
  const walk = (props: unknown, path: string, label: string) => {
    if (!isObj(props)) return;
    for (const [name, claim] of Object.entries(props)) {
      if (!isObj(claim)) continue;
      const ref = `${path}.${name}`;
      const what = `${label}${name}`;
      if (claim.type === 'boolean') out.push({ description: `Visitor's "${what}" is true`, condition: `${ref} === true` });
      else if (claim.type === 'string' && Array.isArray(claim.enum)) {
        for (const v of claim.enum) out.push({ description: `Visitor's "${what}" is "${String(v)}"`, condition: `${ref} === ${JSON.stringify(v)}` });
      } else if (claim.type === 'array' && isObj(claim.items)) {
        const items = claim.items;
        if (items.type === 'string' && Array.isArray(items.enum)) {
          for (const v of items.enum)
            out.push({ description: `Visitor's "${what}" includes "${String(v)}"`, condition: `${ref}.includes(${JSON.stringify(v)})` });
        }
      } else if (claim.type === 'object') walk(claim.properties, ref, `${what}.`);
    }
  };
  walk(jsonSchema.properties, 'visitor.claims', '');
  return out;
}

export const adaptiveService = {
  get: (c: Ctx, organizationId: string, siteId: string) => c.read((tx: ReadTx) => toAdaptive(siteFor(c, tx, organizationId, siteId))),

  put: (c: Ctx, organizationId: string, siteId: string, jsonSchema: JsonObject) =>
    c.write((tx) => {
      const site = siteFor(c, tx, organizationId, siteId);
      const checked = checkAdaptiveSchema(jsonSchema);
      return toAdaptive(tx.put(sites, { ...site, adaptiveSchema: { jsonSchema: checked, updatedAt: isoNow(c) } }));
    }),

  conditions: (c: Ctx, organizationId: string, siteId: string) =>
    c.read((tx) => ({ items: templateConditions(toAdaptive(siteFor(c, tx, organizationId, siteId)).jsonSchema as JsonObject) })),
};
