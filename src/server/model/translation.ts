import type * as z from 'zod';
import type { Language } from '../../contract/schemas/common.js';
import type { TranslationStatus } from '../../contract/schemas/translation.js';
import { table } from '../../store/store.js';

type Lang = z.infer<typeof Language>;

/** Variant A: a source space translated into one language. */
export interface TranslationRecord {
  id: string;
  organization: string;
  status: z.infer<typeof TranslationStatus>;
  source: { space: string; language: Lang };
  language: Lang;
  instructions: Record<string, unknown>;
  result?: { space: string; revision: string };
  createdAt: string;
  updatedAt: string;
  stats: {
    runs: number;
    totalWords: number;
    totalPages: number;
    totalDuration: number;
    latestRunDuration: number;
    latestPages: number;
    latestWords: number;
  };
  /** Source page ids translated by any run (for the unique page total). */
  translatedPages: string[];
  /** When the current run started, while `status` is running. */
  runStartedAt?: string;
}

/** Variant B: a titled set of target languages. */
export interface TranslationSettingsRecord {
  id: string;
  organization: string;
  title: string;
  languages: string[];
  createdAt: string;
  updatedAt: string;
}

export const translationRows = table<TranslationRecord>('translations');
export const translationSettingsRows = table<TranslationSettingsRecord>('translationSettings');
