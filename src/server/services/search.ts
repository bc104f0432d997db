import type { Ctx } from '../context.js';
import type { Scope } from '../model/scope.js';
import { listKey, paginate, type PageQuery } from '../lib/paginate.js';
import { searchDir } from '../lib/search-files.js';
import { searchRevision } from '../lib/search-thread.js';
import { keepAnswer } from '../lib/kept-answer.js';
import { WeighedLru } from '../../lib/weighed-lru.js';
import { contentScope } from './revisions.js';
import { pageAppUrl, pageIndex } from '../views/revision.js';

/**
 * Full-text search over page titles and sections, ranked by relevance. The index of each space's
 * last searched revision is held by the search thread (lib/search-thread.ts) and kept on disk
 * beside the store; a request reads the text of only the sections on its page of results.
 */
export async function searchSpace(c: Ctx, spaceId: string, q: PageQuery & { query: string }): Promise<SearchAnswer> {
  const scope = await c.read((tx) => contentScope(c, tx, spaceId));
  // A revision never changes: the same page of the same query on it is the same answer, URLs
  // included (they name the serving origin).
  const key = [c.origin, scope.space.id, scope.rev.id, q.query, q.page ?? '', q.limit ?? ''].join('\n');
  const answers = answersOf(c.store);
  const again = answers.get(key);
  if (again) return again;
  const answer = keepAnswer(await answerOf(c, scope, q));
  answers.set(key, answer);
  return answer;
}

type SearchAnswer = Awaited<ReturnType<typeof answerOf>>;

/** Weight of an answer held: its texts' characters, and some for each section's other fields. */
const weightOf = (a: SearchAnswer) => a.items.reduce((n, i) => n + 256 + i.sections.reduce((m, s) => m + 256 + s.body.length, 0), 0);

/**
 * Answers given lately, by store (two stores may hold revisions of the same id), kept to be sent
 * again without being put together or encoded again; bounded by answers and by characters held.
 */
const answersByStore = new WeakMap<object, WeighedLru<SearchAnswer>>();
function answersOf(store: object): WeighedLru<SearchAnswer> {
  let lru = answersByStore.get(store);
  if (!lru) answersByStore.set(store, (lru = new WeighedLru<SearchAnswer>(64, 4 * 1024 * 1024, weightOf)));
  return lru;
}

async function answerOf(c: Ctx, scope: Scope, q: PageQuery & { query: string }) {
  const spaceId = scope.space.id;
  const found = await searchRevision({ store: c.store, dir: searchDir(c), space: scope.space.id, rev: scope.rev }, q.query);
  const paths = pageIndex(scope.rev.pages);
  const page = paginate(found.hits, q, (h) => h, listKey('search', spaceId, q.query));
  const bodies = await found.bodies(page.items.flatMap((h) => h.sections.map((s) => s.doc)));
  let at = 0;
  return {
    ...page,
    items: page.items.map(({ pageId, sections }) => {
      const f = paths.get(pageId);
      const path = f?.path ?? '';
      return {
        id: pageId,
        title: f?.page.title ?? '',
        path,
        sections: sections.map((s) => {
          const anchor = s.sectionId === pageId ? '' : `#${s.sectionId}`;
          return {
            id: s.sectionId,
            title: s.title,
            path: `${path}${anchor}`,
            body: bodies[at++] ?? '',
            urls: { app: `${pageAppUrl(c, scope, path)}${anchor}` },
          };
        }),
        urls: { app: pageAppUrl(c, scope, path) },
      };
    }),
  };
}

/** Full-text search of a space's content. */
export const searchService = { space: searchSpace };
