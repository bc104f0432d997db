import { describeIssues } from '../contract/issues.js';
import * as z from 'zod';
import { StoreError } from './errors.js';
import { STORE_FORMAT, STORE_VERSION } from './format.js';
import type { Row } from './store.js';

/** A store document as read from a file, before any migration. */
export interface StoreDocument {
  version: number;
  tables: Record<string, Row[]>;
  /** Set by gbctl on the snapshots it writes (format 2 on). */
  generation?: string;
  seq?: number;
  checksum?: string;
}

// Made when first used: a store opened through its index checks its header without them.
let envelope: z.ZodType | undefined;
const Envelope = () => (envelope ??= z.object({ format: z.literal(STORE_FORMAT), version: z.number().int().min(1) }));

let documentSchema: z.ZodType | undefined;
const DocumentSchema = () =>
  (documentSchema ??= z.object({
    format: z.literal(STORE_FORMAT),
    version: z.number().int().min(1),
    generation: z.string().optional(),
    seq: z.number().int().min(0).optional(),
    checksum: z.string().optional(),
    tables: z.record(z.string(), z.array(z.looseObject({ id: z.string().min(1, 'a record id must not be empty') }))),
  }));

const issues = (err: z.ZodError) => describeIssues(err, { topLevel: '(top level)' });

/** The format and version, checked before anything else: a newer store is refused whatever its shape. */
export function checkEnvelope(data: unknown, path: string): number {
  const env = Envelope().safeParse(data) as z.ZodSafeParseResult<{ format: string; version: number }>;
  if (!env.success) {
    throw new StoreError(
      `${path} is not a gbctl store (it needs "format": "${STORE_FORMAT}" and a numeric "version"; ${issues(env.error)}); it was left untouched`,
    );
  }
  if (env.data.version > STORE_VERSION) {
    throw new StoreError(
      `${path} has store format version ${env.data.version}, newer than this gbctl understands (${STORE_VERSION}); it was left untouched: upgrade gbctl to open it`,
    );
  }
  return env.data.version;
}

/**
 * A whole document checked record by record: known format and version, every table a list of
 * objects with a non-empty string id, ids unique within their table. `deep` runs the schema over
 * every record (imports and files gbctl did not write); otherwise a fast structural pass.
 */
export function validateDocument(data: unknown, path: string, deep: boolean): StoreDocument {
  checkEnvelope(data, path);
  let doc: StoreDocument;
  if (deep) {
    const r = DocumentSchema().safeParse(data);
    if (!r.success) throw new StoreError(`${path} is not a valid gbctl store: ${issues(r.error)}; nothing was changed`);
    doc = data as StoreDocument;
  } else {
    doc = data as StoreDocument;
    if (!doc.tables || typeof doc.tables !== 'object' || Array.isArray(doc.tables))
      throw new StoreError(`${path} has no "tables" object; it was left untouched`);
    for (const [name, rows] of Object.entries(doc.tables)) {
      if (!Array.isArray(rows)) throw new StoreError(`${path}: table "${name}" is not a list of records; it was left untouched`);
      for (const [i, r] of rows.entries()) {
        if (!r || typeof r !== 'object' || typeof r.id !== 'string' || r.id === '') {
          throw new StoreError(`${path}: tables.${name}.${i} is not a record with a string id; it was left untouched`);
        }
      }
    }
  }
  for (const [name, rows] of Object.entries(doc.tables)) {
    const seen = new Set<string>();
    for (const r of rows) {
      if (seen.has(r.id)) throw new StoreError(`${path}: table "${name}" holds id "${r.id}" twice; nothing was changed`);
      seen.add(r.id);
    }
  }
  return doc;
}
