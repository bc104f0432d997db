import * as z from 'zod';
import { RichTextDocument } from './rich-text.js';

/**
 * The platform's `JSONDocument`, wherever a rich-text document is sent or returned (comment
 * bodies, change-request descriptions, translation instructions, page documents): checked to
 * every depth, so a block without its nodes or of a type the platform does not have is a 400
 * on the way in, and a 500 under serve --validate on the way out.
 */
export const JsonDocument = RichTextDocument;

/**
 * A body as returned (the platform's `Document`): markdown, a JSON document, or empty `{}`
 * (the empty variant allows no other key).
 */
export const DocumentBody = z.lazy(() => z.union([z.looseObject({ markdown: z.string() }), z.looseObject({ document: JsonDocument }), z.strictObject({})]));

/** A body as sent: markdown text or a JSON document. */
export const DocumentBodyInput = z.union([z.object({ markdown: z.string() }), z.object({ document: JsonDocument })]);

/** Output format of document content: a JSON document or markdown. */
export const ContentFormat = z.enum(['document', 'markdown']);
