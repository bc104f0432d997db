import type * as z from 'zod';
import type { EndpointId } from '../../contract/index.js';
import type { Translation, TranslationSettings } from '../../contract/schemas/translation.js';
import type { ReadTx, WriteTx } from '../../store/store.js';
import { isoNow, roleAtLeast, roleIn, type Ctx } from '../context.js';
import { badRequest, conflict, notFound } from '../http-error.js';
import type { PageRecord } from '../../lib/page-record.js';
import { getRevision, putRevision } from '../model/revision-store.js';
import { spaces } from '../model/space.js';
import { translationRows, translationSettingsRows, type TranslationRecord, type TranslationSettingsRecord } from '../model/translation.js';
import type { BodyIn } from '../types.js';
import { orgFor } from './orgs.js';
import { listKey, paginate, type PageQuery } from '../lib/paginate.js';
import { createSpaceRecord } from './spaces.js';
import { urls } from '../lib/urls.js';

/*
 * Two shapes on the same paths: Variant A (`translation`, the default) translates a source
 * space into a result space when run; Variant B (`translation-settings`, served when the
 * server is started with translations=settings) is a titled list of languages with no run.
 */

type Body<K extends EndpointId> = BodyIn<K>;
type AnyRecord = TranslationRecord | TranslationSettingsRecord;

const EMPTY_DOCUMENT = { object: 'document', data: {}, nodes: [] };

const settingsMode = (c: Ctx) => c.translations === 'settings';
/** The rows of the variant this server serves. */
function rowsOf(c: Ctx, tx: ReadTx, organization: string): AnyRecord[] {
  return settingsMode(c) ? tx.where(translationSettingsRows, 'organization', organization) : tx.where(translationRows, 'organization', organization);
}

function rowOf(c: Ctx, tx: ReadTx, id: string): AnyRecord | undefined {
  return settingsMode(c) ? tx.get(translationSettingsRows, id) : tx.get(translationRows, id);
}

function refuseFields(body: Record<string, unknown>, fields: string[], variant: string): void {
  const given = fields.filter((f) => body[f] !== undefined);
  if (given.length) throw badRequest(`${given.join(', ')}: not a field of ${variant}; this server serves ${variant} objects`);
}

function permissions(c: Ctx, tx: ReadTx, organization: string) {
  const role = roleIn(c, tx, organization);
  return { view: roleAtLeast(role, 'read'), edit: roleAtLeast(role, 'create') };
}

function view(c: Ctx, tx: ReadTx, t: AnyRecord): z.input<typeof Translation> | z.input<typeof TranslationSettings> {
  const common = {
    id: t.id,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    permissions: permissions(c, tx, t.organization),
    urls: { location: urls.api(c, `/orgs/${t.organization}/translations/${t.id}`) },
  };
  if ('title' in t) return { object: 'translation-settings', ...common, title: t.title, languages: t.languages };
  return {
    object: 'translation',
    ...common,
    status: t.status,
    source: t.source,
    language: t.language,
    // Stores written before `data` was required hold instructions without it: answered with an empty one.
    instructions: { data: {}, ...(t.instructions as object) } as z.input<typeof Translation>['instructions'],
    ...(t.result ? { result: t.result } : {}),
    stats: t.stats,
  };
}

function find(c: Ctx, tx: ReadTx, organizationId: string, id: string): AnyRecord {
  orgFor(c, tx, organizationId);
  const t = rowOf(c, tx, id);
  if (!t || t.organization !== organizationId) throw notFound(`translation ${id} not found in organization ${organizationId}`);
  return t;
}

function translationFor(c: Ctx, tx: ReadTx, organizationId: string, id: string): TranslationRecord {
  if (settingsMode(c)) throw notFound('translation settings have no run: this server serves translation-settings objects');
  return find(c, tx, organizationId, id) as TranslationRecord;
}

/** Words of a text: runs of letters or digits. */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
}

function copyPages(pages: readonly PageRecord[], now: string, acc: { pages: Set<string>; words: number }): PageRecord[] {
  return pages.map((p) => {
    acc.pages.add(p.id);
    acc.words += countWords(p.title) + countWords(p.markdown) + countWords(p.description ?? '');
    return { ...p, updatedAt: now, pages: copyPages(p.pages, now, acc) };
  });
}

/** A run: copies the source content into the result space and counts what it processed. */
function completeRun(c: Ctx, tx: WriteTx, t: TranslationRecord): TranslationRecord {
  const source = tx.get(spaces, t.source.space);
  if (!source || source.deletedAt) throw conflict(`source space ${t.source.space} of translation ${t.id} no longer exists`);
  const now = isoNow(c);
  const acc = { pages: new Set<string>(), words: 0 };
  const sourceRev = getRevision(tx, source.revision);
  const pages = copyPages(sourceRev?.pages ?? [], now, acc);
  const content = {
    files: [...(sourceRev?.files ?? [])],
    reusableContents: [...(sourceRev?.reusableContents ?? [])],
    variables: { ...(sourceRev?.variables ?? {}) },
  };
  const existing = t.result ? tx.get(spaces, t.result.space) : undefined;
  let result: { space: string; revision: string };
  if (existing && !existing.deletedAt) {
    const rev = putRevision(
      tx,
      {
        id: c.ids.next(),
        space: existing.id,
        parents: [existing.revision],
        type: 'edits',
        createdAt: now,
        pages,
        ...content,
        message: `Translate ${source.title} into ${t.language}`,
      },
      getRevision(tx, existing.revision),
    );
    tx.put(spaces, { ...existing, revision: rev.id, updatedAt: now });
    result = { space: existing.id, revision: rev.id };
  } else {
    const space = createSpaceRecord(
      c,
      tx,
      t.organization,
      { title: `${source.title} (${t.language})`.slice(0, 50), emoji: source.emoji, language: t.language },
      pages,
    );
    const first = getRevision(tx, space.revision);
    if (first) putRevision(tx, { ...first, ...content, message: `Translate ${source.title} into ${t.language}` });
    result = { space: space.id, revision: space.revision };
  }
  const duration = Math.max(0, Math.round((Date.parse(now) - Date.parse(t.runStartedAt ?? now)) / 1000));
  const translated = new Set([...t.translatedPages, ...acc.pages]);
  const { runStartedAt: _done, ...rest } = t;
  return tx.put(translationRows, {
    ...rest,
    status: 'completed',
    result,
    updatedAt: now,
    translatedPages: [...translated],
    stats: {
      runs: t.stats.runs + 1,
      totalWords: t.stats.totalWords + acc.words,
      totalPages: translated.size,
      totalDuration: t.stats.totalDuration + duration,
      latestRunDuration: duration,
      latestPages: acc.pages.size,
      latestWords: acc.words,
    },
  });
}

export const translationsService = {
  list: (c: Ctx, organizationId: string, q: PageQuery) =>
    c.read((tx) => {
      orgFor(c, tx, organizationId);
      return paginate(rowsOf(c, tx, organizationId), q, (t) => view(c, tx, t), listKey('translations', organizationId));
    }),

  create: (c: Ctx, organizationId: string, body: Body<'translations.create'>) =>
    c.write((tx) => {
      orgFor(c, tx, organizationId);
      const now = isoNow(c);
      if (settingsMode(c)) {
        refuseFields(body, ['language', 'source', 'instructions'], 'translation-settings');
        const row = tx.put(translationSettingsRows, {
          id: c.ids.next(),
          organization: organizationId,
          title: body.title ?? 'Untitled',
          languages: [...new Set(body.languages ?? [])],
          createdAt: now,
          updatedAt: now,
        });
        return view(c, tx, row);
      }
      refuseFields(body, ['title', 'languages'], 'translation');
      if (!body.language) throw badRequest('language: required, the target language');
      if (!body.source) throw badRequest('source: required, {"space": SPACE, "language": LANGUAGE}');
      const space = tx.get(spaces, body.source.space);
      if (!space || space.deletedAt || space.organization !== organizationId)
        throw notFound(`source.space: space ${body.source.space} not found in organization ${organizationId}`);
      if (body.language === body.source.language) throw badRequest(`language: the target language is the source language (${body.language})`);
      const row = tx.put(translationRows, {
        id: c.ids.next(),
        organization: organizationId,
        status: 'pending',
        source: { space: space.id, language: body.source.language },
        language: body.language,
        instructions: body.instructions ?? EMPTY_DOCUMENT,
        createdAt: now,
        updatedAt: now,
        stats: { runs: 0, totalWords: 0, totalPages: 0, totalDuration: 0, latestRunDuration: 0, latestPages: 0, latestWords: 0 },
        translatedPages: [],
      });
      return view(c, tx, row);
    }),

  get: (c: Ctx, organizationId: string, id: string) => c.read((tx) => view(c, tx, find(c, tx, organizationId, id))),

  update: (c: Ctx, organizationId: string, id: string, body: Body<'translations.update'>) =>
    c.write((tx) => {
      const t = find(c, tx, organizationId, id);
      const now = isoNow(c);
      if ('title' in t) {
        refuseFields(body, ['instructions'], 'translation-settings');
        return view(c, tx, tx.put(translationSettingsRows, { ...t, ...(body.title !== undefined ? { title: body.title } : {}), updatedAt: now }));
      }
      refuseFields(body, ['title'], 'translation');
      if (!body.instructions) throw badRequest('instructions: required, a rich text document');
      return view(c, tx, tx.put(translationRows, { ...t, instructions: body.instructions, updatedAt: now }));
    }),

  delete: (c: Ctx, organizationId: string, id: string) =>
    c.write((tx) => {
      orgFor(c, tx, organizationId);
      const t = rowOf(c, tx, id);
      if (!t || t.organization !== organizationId) return;
      if (settingsMode(c)) tx.delete(translationSettingsRows, id);
      else tx.delete(translationRows, id);
    }),

  /** Runs the translation: pending/completed → running → completed, with a result space and stats. */
  run: async (c: Ctx, organizationId: string, id: string): Promise<void> => {
    await c.write((tx) => {
      const t = translationFor(c, tx, organizationId, id);
      if (t.status === 'running') throw conflict(`translation ${id} is already running`);
      tx.put(translationRows, { ...t, status: 'running', runStartedAt: isoNow(c), updatedAt: isoNow(c) });
    });
    try {
      await c.write((tx) => {
        const t = tx.get(translationRows, id);
        if (t) completeRun(c, tx, t);
      });
    } catch (e) {
      await c.write((tx) => {
        const t = tx.get(translationRows, id);
        if (t?.status === 'running') {
          const { runStartedAt: _r, ...rest } = t;
          tx.put(translationRows, { ...rest, status: t.stats.runs ? 'completed' : 'pending', updatedAt: isoNow(c) });
        }
      });
      throw e;
    }
  },
};
