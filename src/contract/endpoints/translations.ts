import * as z from 'zod';
import { defineResource } from '../endpoint.js';
import { Id, Language, listOf, pageQuery } from '../schemas/common.js';
import { JsonDocument } from '../schemas/document.js';
import { AnyTranslation, TranslationSource } from '../schemas/translation.js';

/*
 * Two shapes share these paths: Variant A (`translation`) and Variant B
 * (`translation-settings`); a deployment serves one of them. Bodies accept the fields of
 * both, all optional here; the server checks which its variant requires.
 */

const organizationId = Id.describe('organization id');
const orgParams = z.object({ organizationId });
const translationParams = z.object({ organizationId, translationId: Id.describe('translation id') });

export const translations = defineResource('translations', {
  list: {
    method: 'GET',
    path: '/orgs/{organizationId}/translations',
    summary: 'List the translations of an organization',
    params: orgParams,
    query: () => z.object(pageQuery),
    response: () => listOf(AnyTranslation),
    status: 200,
    access: 'read',
  },
  create: {
    method: 'POST',
    path: '/orgs/{organizationId}/translations',
    summary: 'Create a translation',
    params: orgParams,
    body: () =>
      z.object({
        language: Language.optional().describe('target language (translation variant; required there)'),
        source: TranslationSource.optional().describe('source space and its language (translation variant; required there)'),
        instructions: JsonDocument.optional().describe('instructions for the translator, a rich text document with "data" (translation variant)'),
        title: z.string().optional().describe('title (translation-settings variant)'),
        languages: z.array(Language).optional().describe('target languages (translation-settings variant)'),
      }),
    response: () => AnyTranslation,
    status: 201,
    access: 'create',
  },
  get: {
    method: 'GET',
    path: '/orgs/{organizationId}/translations/{translationId}',
    summary: 'Show a translation',
    params: translationParams,
    response: () => AnyTranslation,
    status: 200,
    access: 'read',
  },
  update: {
    method: 'PUT',
    path: '/orgs/{organizationId}/translations/{translationId}',
    summary: 'Update a translation',
    params: translationParams,
    body: () =>
      z.object({
        instructions: JsonDocument.optional().describe(
          'instructions for the translator, a rich text document with "data" (translation variant; required there)',
        ),
        title: z.string().optional().describe('title (translation-settings variant)'),
      }),
    response: () => AnyTranslation,
    status: 200,
    access: 'create',
  },
  delete: {
    method: 'DELETE',
    path: '/orgs/{organizationId}/translations/{translationId}',
    summary: 'Delete a translation',
    params: translationParams,
    status: 204,
    access: 'create',
    destructive: true,
  },
  run: {
    method: 'POST',
    path: '/orgs/{organizationId}/translations/{translationId}/run',
    summary: 'Run a translation again',
    params: translationParams,
    status: 204,
    access: 'create',
  },
});
