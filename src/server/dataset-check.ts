import { fillPath } from '../contract/path.js';
import type { Endpoint } from '../contract/endpoint.js';
import { endpoints, type EndpointId } from '../contract/index.js';
import { MemoryStore } from '../store/memory-store.js';
import type { Dump, ReadTx } from '../store/store.js';
import { createApp, type App } from './app.js';
import type { ServerResources } from './resources.js';
import type { Env } from './context.js';
import { FakeClock, randomIds } from './env.js';
import { orgs } from './model/org.js';
import { sectionGroups, siteSections, siteSpaceRows, sites } from './model/site.js';
import { specs, specVersions } from './model/openapi.js';
import { changeRequests, commentReplies, comments } from './model/review.js';
import { samlProviders } from './model/saml.js';
import { collections, spaces } from './model/space.js';
import { translationRows, translationSettingsRows } from './model/translation.js';
import { addMember, addToken, addUser } from './admin/accounts.js';

/** Checked with the dataset by gbctl store import, with or without --no-check: the paths export would write to. */
export { pathProblems } from './admin/check-paths.js';
export { importedTables } from './model/revision-upgrade.js';

/** Every status a change request can have: the lists answer open ones unless asked. */
const CR_STATUSES = ['draft', 'open', 'archived', 'merged'] as const;

type Params = Record<string, string>;

/** Called with every 200 answer, for checks beyond gbctl's own schemas (tests add the platform's). */
export type ResponseCheck = (endpoint: Endpoint, body: unknown) => string | undefined;

export interface DatasetReport {
  /** What is wrong, one line each; empty when every object reads back valid. */
  problems: string[];
  /** Ids reached per table. */
  reached: Map<string, Set<string>>;
  calls: number;
}

const ok200 = (s: number) => s === 200;

/**
 * Reads every object of a dataset back through the API, with every response checked against
 * its schema, as an operator who belongs to every organization; objects the walk cannot reach
 * (orphans, broken references) are reported too. Runs on a copy in memory: nothing is written.
 */
export async function checkDataset(dump: Dump, resources: ServerResources, check?: ResponseCheck): Promise<DatasetReport> {
  const store = new MemoryStore(dump);
  const clock = new FakeClock(new Date());
  const env: Env = { store, clock, ids: randomIds, origin: 'gbctl://check', translations: 'translation' };
  const token = await store.write((tx) => {
    // Deleted spaces are restorable, so they are read back too.
    for (const s of tx.all(spaces)) {
      if (!s.deletedAt) continue;
      const { deletedAt: _d, ...live } = s;
      tx.put(spaces, live);
    }
    const operator = addUser(env, tx, 'Dataset check');
    for (const o of tx.all(orgs)) addMember(env, tx, o.id, operator.id, 'admin');
    return addToken(env, tx, operator.id, 'dataset check');
  });
  const walker = new Walker(createApp(env, resources, { validateResponses: true }), token, check);
  await walker.all();
  // Translation settings (the other shape on the same paths) are served only in that mode.
  if (dump.tables.translationSettings?.length) {
    const settings = new Walker(createApp({ ...env, translations: 'settings' }, resources, { validateResponses: true }), token, check, walker);
    for (const organizationId of await store.read((tx) => tx.all(orgs).map((o) => o.id))) await settings.translations(organizationId, 'translationSettings');
    walker.calls += settings.calls;
  }
  const expected = await store.read(expectedObjects);
  for (const [t, ids] of expected) {
    const missed = ids.filter((id) => !walker.reached.get(t)?.has(id));
    if (missed.length)
      walker.problems.push(
        `${missed.length} of ${ids.length} ${t} cannot be reached through the API (e.g. ${missed.slice(0, 3).join(', ')}): their references are broken`,
      );
  }
  return { problems: walker.problems, reached: walker.reached, calls: walker.calls };
}

/** Objects the walk must reach: every stored one. */
function expectedObjects(tx: ReadTx): Map<string, string[]> {
  const ids = <T extends { id: string }>(rows: T[]) => rows.map((r) => r.id);
  return new Map([
    ['spaces', ids(tx.all(spaces))],
    ['collections', ids(tx.all(collections))],
    ['changeRequests', ids(tx.all(changeRequests))],
    ['comments', ids(tx.all(comments))],
    ['commentReplies', ids(tx.all(commentReplies))],
    ['sites', ids(tx.all(sites))],
    ['siteSections', ids(tx.all(siteSections))],
    ['siteSectionGroups', ids(tx.all(sectionGroups))],
    ['siteSpaces', ids(tx.all(siteSpaceRows))],
    ['openapiSpecs', ids(tx.all(specs))],
    ['openapiSpecVersions', ids(tx.all(specVersions))],
    ['samlProviders', ids(tx.all(samlProviders))],
    ['translations', ids(tx.all(translationRows))],
    ['translationSettings', ids(tx.all(translationSettingsRows))],
  ]);
}

class Walker {
  readonly problems: string[];
  readonly reached: Map<string, Set<string>>;
  calls = 0;

  /** A walker given `shared` adds its findings to that one's. */
  constructor(
    private app: App,
    private token: string,
    private check?: ResponseCheck,
    shared?: Walker,
  ) {
    this.problems = shared?.problems ?? [];
    this.reached = shared?.reached ?? new Map();
  }

  private mark(table: string, id: string): void {
    let s = this.reached.get(table);
    if (!s) this.reached.set(table, (s = new Set()));
    s.add(id);
  }

  private async get(id: EndpointId, params: Params, query = '', allowed: (status: number) => boolean = ok200): Promise<unknown> {
    const e = endpoints[id] as Endpoint;
    const path = `/v1${fillPath(e.path, (n) => params[n] ?? '')}`;
    const res = await this.app.handle({ method: 'GET', url: query ? `${path}?${query}` : path, headers: { authorization: `Bearer ${this.token}` } });
    this.calls++;
    const text = res.body.toString();
    if (!allowed(res.status)) {
      this.problems.push(`GET ${path} (${id}): ${res.status} ${text.slice(0, 400)}`);
      return undefined;
    }
    if (res.status !== 200) return undefined;
    const body: unknown = JSON.parse(text);
    const mismatch = this.check?.(e, body);
    if (mismatch) this.problems.push(`GET ${path} (${id}): ${mismatch}`);
    return body;
  }

  private async list(id: EndpointId, params: Params, extra = ''): Promise<{ id: string }[]> {
    const out: { id: string }[] = [];
    let page: string | undefined;
    do {
      const q = [extra, 'limit=1000', page ? `page=${encodeURIComponent(page)}` : ''].filter(Boolean).join('&');
      const got = (await this.get(id, params, q)) as { items?: { id: string }[]; next?: { page: string } } | undefined;
      if (!got) break;
      out.push(...(got.items ?? []));
      page = got.next?.page;
    } while (page);
    return out;
  }

  async all(): Promise<void> {
    await this.get('account.user', {});
    for (const org of await this.list('account.orgs', {})) {
      const organizationId = org.id;
      await this.get('sso.list', { organizationId });
      await this.get('change-requests.list-org', { organizationId }, `${CR_STATUSES.map((st) => `status=${st}`).join('&')}&limit=1000`);
      for (const s of await this.list('spaces.list', { organizationId })) {
        this.mark('spaces', s.id);
        await this.get('spaces.get', { spaceId: s.id });
        await this.space(s.id);
      }
      for (const c of await this.list('collections.list', { organizationId })) {
        this.mark('collections', c.id);
        await this.get('collections.get', { collectionId: c.id });
        await this.list('collections.spaces', { collectionId: c.id });
      }
      await this.sites(organizationId);
      await this.specs(organizationId);
      for (const x of await this.list('saml.list', { organizationId })) {
        this.mark('samlProviders', x.id);
        await this.get('saml.get', { organizationId, samlProviderId: x.id });
      }
      await this.translations(organizationId, 'translations');
    }
  }

  async translations(organizationId: string, table: 'translations' | 'translationSettings'): Promise<void> {
    for (const x of await this.list('translations.list', { organizationId })) {
      this.mark(table, x.id);
      await this.get('translations.get', { organizationId, translationId: x.id });
    }
  }

  private async sites(organizationId: string): Promise<void> {
    for (const site of await this.list('sites.list', { organizationId })) {
      const p = { organizationId, siteId: site.id };
      this.mark('sites', site.id);
      await this.get('sites.get', p);
      await this.get('sites.adaptive-schema', p, '', (st) => st === 200 || st === 404);
      await this.get('sites.template-conditions', p, '', (st) => st === 200 || st === 404);
      await this.get('sites.published', p, '', (st) => st < 500);
      for (const x of await this.list('sections.list', p)) this.mark('siteSections', x.id);
      for (const x of await this.list('section-groups.list', p)) this.mark('siteSectionGroups', x.id);
      for (const x of await this.list('site-spaces.list', p)) this.mark('siteSpaces', x.id);
    }
  }

  private async specs(organizationId: string): Promise<void> {
    for (const spec of await this.list('openapi.list', { organizationId })) {
      const p = { organizationId, specSlug: (spec as { slug?: string }).slug ?? '' };
      this.mark('openapiSpecs', spec.id);
      await this.get('openapi.get', p);
      for (const v of await this.list('openapi.versions', p)) {
        this.mark('openapiSpecVersions', v.id);
        await this.get('openapi.version', { ...p, versionId: v.id });
        await this.get('openapi.version-content', { ...p, versionId: v.id });
      }
      await this.get('openapi.latest', p, '', (st) => st === 200 || st === 404);
      await this.get('openapi.latest-content', p, '', (st) => st === 200 || st === 404);
    }
  }

  private async space(spaceId: string): Promise<void> {
    await this.list('spaces.links', { spaceId });
    await this.get('content.revision', { spaceId });
    await this.content('content', { spaceId });
    await this.comments('comments', { spaceId });
    // The list answers open ones unless asked: every status is asked for in turn.
    const crs = [];
    for (const st of CR_STATUSES) crs.push(...(await this.list('change-requests.list', { spaceId }, `status=${st}`)));
    for (const cr of crs) {
      const p = { spaceId, changeRequestId: cr.id };
      this.mark('changeRequests', cr.id);
      await this.get('change-requests.get', p);
      await this.get('cr-content.revision', p);
      await this.content('cr-content', p);
      await this.comments('cr-comments', p);
    }
  }

  private async content(prefix: 'content' | 'cr-content', p: Params): Promise<void> {
    const pages = ((await this.get(`${prefix}.pages`, p)) as { pages?: { id: string; pages?: unknown[] }[] } | undefined)?.pages ?? [];
    const flat = (ps: { id: string; pages?: unknown[] }[]): { id: string }[] => ps.flatMap((x) => [x, ...flat((x.pages ?? []) as typeof ps)]);
    for (const page of flat(pages)) {
      await this.get(`${prefix}.page`, { ...p, pageId: page.id });
      await this.list(`${prefix}.links`, { ...p, pageId: page.id });
    }
    for (const f of await this.list(`${prefix}.files`, p)) {
      await this.get(`${prefix}.file`, { ...p, fileId: f.id });
      await this.list(`${prefix}.backlinks`, { ...p, fileId: f.id });
    }
  }

  private async comments(prefix: 'comments' | 'cr-comments', p: Params): Promise<void> {
    await this.list(`${prefix}.list-commenters`, p);
    for (const c of await this.list(`${prefix}.list`, p)) {
      this.mark('comments', c.id);
      await this.get(`${prefix}.get`, { ...p, commentId: c.id });
      for (const r of await this.list(`${prefix}.list-replies`, { ...p, commentId: c.id })) {
        this.mark('commentReplies', r.id);
        await this.get(`${prefix}.get-reply`, { ...p, commentId: c.id, commentReplyId: r.id });
      }
    }
  }
}
