import type { Endpoint } from './endpoint.js';
import { unknownField } from './unknown-fields.js';

/** Why a request body would not do what it asks, with the fields the endpoint's body takes. */
export type BodyProblem = { fields: string[] } & ({ kind: 'unknown'; names: string[] } | { kind: 'nothing-to-change' } | { kind: 'no-body' });

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const given = (data: Record<string, unknown>) => Object.keys(data).filter((k) => data[k] !== undefined);

/**
 * An update of an existing object (PATCH or PUT): one that names nothing does nothing but touch
 * it. (A move given nothing is not: it puts the object last among its siblings.)
 */
const changesInPlace = (e: Endpoint) => e.method === 'PATCH' || e.method === 'PUT';

/**
 * What is wrong with a body before it is sent, beyond what its schema refuses: a body for an
 * endpoint that takes none, a field the body does not declare (zod would drop it and the request
 * would do less than it says; the server refuses it too: unknown-fields.ts), or an update (PATCH
 * or PUT) that names no field at all (it would change nothing but the object's updatedAt).
 * Undefined when there is nothing to say; a body the schema refuses is left to its message.
 */
export function bodyProblem(endpoint: Endpoint, body: unknown): BodyProblem | undefined {
  const schema = endpoint.body;
  if (!schema) return body === undefined || (isObject(body) && !given(body).length) ? undefined : { kind: 'no-body', fields: [] };
  const fields = Object.keys(schema.shape);
  const data = body ?? {};
  if (isObject(data)) {
    // Every unknown field at the top, named at once: a misspelt one is the usual case.
    const names = given(data).filter((k) => unknownField(schema, { [k]: data[k] }, '') === `.${k}`);
    if (names.length) return { kind: 'unknown', names, fields };
  }
  if (!schema.safeParse(data).success) return undefined;
  const nested = unknownField(schema, data, '');
  if (nested) return { kind: 'unknown', names: [nested.slice(1)], fields };
  if (changesInPlace(endpoint) && !(isObject(data) && given(data).length)) return { kind: 'nothing-to-change', fields };
  return undefined;
}

/** The problem in words, `subject` being what was asked (`this request`, `gbctl spaces update`). */
export function describeBodyProblem(p: BodyProblem, subject: string): string {
  if (p.kind === 'no-body') return `${subject} takes no request body`;
  if (p.kind === 'nothing-to-change') return `nothing to change: ${subject} was given no field to update`;
  const names = p.names.map((k) => JSON.stringify(k)).join(', ');
  return `${names} ${p.names.length > 1 ? 'are not fields' : 'is not a field'} of ${subject}`;
}
