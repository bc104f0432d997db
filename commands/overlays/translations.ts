import type { ExtraOption, Overlays } from '../../src/cli/overlay.js';
import type { AnyTranslation } from '../../src/contract/schemas/translation.js';
import type { JsonObject } from '../../src/lib/json-object.js';

/** Instructions as plain text, turned into a one-paragraph-per-line document. */
export function textDocument(text: string): JsonObject {
  const nodes = text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => ({ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: line, marks: [] }] }] }));
  return { object: 'document', data: {}, nodes };
}

const instructionsOption: ExtraOption = {
  name: 'instructions-text',
  value: '<text>',
  description: 'instructions for the translator as plain text (one paragraph per line)',
  apply: (v, i) => {
    i.body.instructions = textDocument(v);
  },
};

/** Translations come in two shapes; show each by its own fields. */
function translationRow(t: AnyTranslation): JsonObject {
  if (t.object === 'translation-settings') return { id: t.id, title: t.title, languages: t.languages.join(',') };
  return { id: t.id, language: t.language, source: `${t.source.space} (${t.source.language})`, status: t.status, runs: t.stats.runs };
}

export const overlays: Overlays = {
  'translations.list': { view: (r) => ({ items: r.items.map(translationRow) }) },
  'translations.create': {
    options: [
      {
        name: 'source-space',
        value: '<space>',
        description: 'space to translate (translation shape)',
        apply: (v, i) => {
          i.body.source = { ...((i.body.source as JsonObject | undefined) ?? {}), space: v };
        },
      },
      {
        name: 'source-language',
        value: '<language>',
        description: 'language of the source space (translation shape)',
        apply: (v, i) => {
          i.body.source = { ...((i.body.source as JsonObject | undefined) ?? {}), language: v };
        },
      },
      instructionsOption,
    ],
    view: translationRow,
    examples: [
      'gbctl translations create --language fr --source-space SPACE --source-language en',
      'gbctl translations create --title "Docs languages" --languages fr,de   # translation-settings servers',
    ],
  },
  'translations.get': { view: (r) => ({ ...translationRow(r), ...(r.object === 'translation' ? { result: r.result?.space ?? '' } : {}) }) },
  'translations.update': { options: [instructionsOption], view: translationRow },
  'translations.delete': { confirm: (_p, name) => `Delete translation ${name}? Its result space is kept.` },
  'translations.run': { done: (p) => `✓ Ran translation ${String(p.translationId)} (see: gbctl translations get ${String(p.translationId)})` },
};
