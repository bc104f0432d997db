import type * as z from 'zod';
import type { ProcessErrorCode, ProcessingState, SpecVisibility } from '../../contract/schemas/openapi.js';
import { table } from '../../store/store.js';

export interface SpecRecord {
  id: string;
  organization: string;
  slug: string;
  createdAt: string;
  updatedAt: string;
  visibility: z.infer<typeof SpecVisibility>;
  /** Set when the latest source was a URL. */
  sourceURL?: string;
  processingState: z.infer<typeof ProcessingState>;
  /** The latest good version; a failed processing leaves it as it was. */
  lastVersion?: string;
  lastProcessedAt?: string;
  lastProcessErrorCode?: z.infer<typeof ProcessErrorCode>;
  lastProcessedErrors?: { message: string; code?: string }[];
}

/** An immutable, successfully processed version of a spec. */
export interface SpecVersionRecord {
  id: string;
  spec: string;
  createdAt: string;
  /** Where the document came from: its URL, or (for text) the API address of this version's content. */
  url: string;
  /** File name to parsed document. */
  filesystem: Record<string, unknown>;
}

export const specs = table<SpecRecord>('openapiSpecs');
export const specVersions = table<SpecVersionRecord>('openapiSpecVersions');

export const specKey = (organization: string, slug: string) => `${organization}:${slug}`;
