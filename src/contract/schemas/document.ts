import { z } from 'zod';
import { Document } from './common.js';

/**
 * The platform's `JSONDocument`. Unlike common's `Document`, `data` is required here, as
 * 0.143.2 requires it wherever a JSON document is sent or returned.
 */
export const JsonDocument = Document.extend({
  data: z.looseObject({ schemaVersion: z.number().int().optional() }),
});

/**
 * A body as returned (the platform's `Document`): markdown, a JSON document, or empty `{}`
 * (the empty variant allows no other key).
 */
export const DocumentBody = z.union([
  z.looseObject({ markdown: z.string() }),
  z.looseObject({ document: JsonDocument }),
  z.strictObject({}),
]);

/** A body as sent: markdown text or a JSON document. */
export const DocumentBodyInput = z.union([
  z.object({ markdown: z.string() }),
  z.object({ document: JsonDocument }),
]);

/** Output format of document content: a JSON document or markdown. */
export const ContentFormat = z.enum(['document', 'markdown']);
