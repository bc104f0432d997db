import * as z from 'zod';
import { DateTime } from './common.js';
import { Url } from './url.js';

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SpecSlug = z.string().min(1).max(100).regex(SLUG_PATTERN, 'must be lower-case letters and digits in words joined by single "-"');

export const ProcessingState = z.enum(['pending', 'progress', 'complete']);
export const ProcessErrorCode = z.enum(['FETCH_TIMEOUT', 'FETCH_ERROR', 'PARSE_ERROR']);
export const SpecVisibility = z.enum(['private', 'public']);

/** Where the spec document comes from: exactly one of `url` or `text`. */
export const SpecSource = z.union([
  z.strictObject({ url: Url.describe('address of the spec document (at most 2048 characters)') }),
  z.strictObject({ text: z.string().min(1).describe('the spec document itself, as JSON or YAML text') }),
]);

export const OpenAPISpec = z.looseObject({
  object: z.literal('openapi-spec'),
  id: z.string(),
  createdAt: DateTime,
  updatedAt: DateTime,
  slug: SpecSlug,
  sourceURL: z.string().max(2048).optional(),
  processingState: ProcessingState,
  visibility: SpecVisibility.optional(),
  lastVersion: z.string().optional(),
  lastProcessedAt: DateTime.optional(),
  lastProcessErrorCode: ProcessErrorCode.optional(),
  lastProcessedErrors: z.array(z.looseObject({ message: z.string(), code: z.string().optional() })).optional(),
  permissions: z.looseObject({ view: z.boolean(), edit: z.boolean() }),
  urls: z.looseObject({
    location: z.string(),
    app: z.string(),
    published: z.string().optional(),
  }),
});
export type OpenAPISpec = z.infer<typeof OpenAPISpec>;

export const SpecVersion = z.looseObject({
  object: z.literal('openapi-spec-version'),
  id: z.string(),
  createdAt: DateTime.optional(),
  url: z.string().max(2048),
  urls: z.looseObject({ location: z.string() }),
});
export type SpecVersion = z.infer<typeof SpecVersion>;

/** Content of a version: the parsed file system of the spec and the URL of the document. */
export const SpecVersionContent = z.looseObject({
  filesystem: z.looseObject({}),
  url: z.string().max(2048),
});
export type SpecVersionContent = z.infer<typeof SpecVersionContent>;
