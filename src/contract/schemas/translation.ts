import * as z from 'zod';
import { DateTime, Id, Language } from './common.js';
import { JsonDocument } from './document.js';

export const TranslationStatus = z.enum(['pending', 'running', 'completed']);

const Permissions = z.looseObject({ view: z.boolean(), edit: z.boolean() });
const Urls = z.looseObject({ location: z.string() });

/** Variant A (`translation`): translates a source space into one language. */
export const Translation = z.looseObject({
  object: z.literal('translation'),
  id: z.string(),
  status: TranslationStatus,
  source: z.looseObject({ space: z.string(), language: Language }),
  language: Language,
  instructions: JsonDocument,
  result: z.looseObject({ space: z.string(), revision: z.string() }).optional(),
  createdAt: DateTime,
  updatedAt: DateTime,
  stats: z.looseObject({
    runs: z.number(),
    totalWords: z.number(),
    totalPages: z.number(),
    totalDuration: z.number(),
    latestRunDuration: z.number(),
    latestPages: z.number(),
    latestWords: z.number(),
  }),
  permissions: Permissions,
  urls: Urls,
});
export type Translation = z.infer<typeof Translation>;

/** Variant B (`translation-settings`): a titled set of target languages. */
export const TranslationSettings = z.looseObject({
  object: z.literal('translation-settings'),
  id: z.string(),
  title: z.string(),
  languages: z.array(z.string()),
  createdAt: DateTime,
  updatedAt: DateTime,
  permissions: Permissions,
  urls: Urls,
});
export type TranslationSettings = z.infer<typeof TranslationSettings>;

/** What a translation endpoint answers: either variant, told apart by `object`. */
export const AnyTranslation = z.union([Translation, TranslationSettings]);
export type AnyTranslation = z.infer<typeof AnyTranslation>;

/** Request field: source space and its language (Variant A). */
export const TranslationSource = z.object({
  space: Id.describe('source space id'),
  language: Language.describe('language of the source space'),
});
