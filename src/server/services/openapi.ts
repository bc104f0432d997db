import type { ReadTx, Store } from '../../store/store.js';
import { isoNow, roleIn, type Ctx } from '../context.js';
import { badRequest, conflict, notFound } from '../http-error.js';
import { fileUrlsOff, refusalOf } from '../../lib/outbound.js';
import { specs, specVersions, type SpecRecord, type SpecVersionRecord } from '../model/openapi.js';
import { loadSpecSource, type Outcome } from '../lib/openapi-process.js';
import { orgFor } from './orgs.js';
import { listKey, paginate, type PageQuery } from '../lib/paginate.js';
import { urls } from '../lib/urls.js';
import { specPath, toSpec, toVersion } from '../views/openapi.js';

type Source = { url: string } | { text: string };

function findSpec(tx: ReadTx, organization: string, slug: string): SpecRecord | undefined {
  return tx.where(specs, 'organization', organization).find((s) => s.slug === slug);
}

function specFor(c: Ctx, tx: ReadTx, organizationId: string, slug: string): SpecRecord {
  orgFor(c, tx, organizationId);
  const s = findSpec(tx, organizationId, slug);
  if (!s) throw notFound(`OpenAPI spec "${slug}" not found in organization ${organizationId}`);
  return s;
}

function versionFor(tx: ReadTx, spec: SpecRecord, versionId: string): SpecVersionRecord {
  const v = tx.get(specVersions, versionId);
  if (!v || v.spec !== spec.id) throw notFound(`version ${versionId} not found in OpenAPI spec "${spec.slug}"`);
  return v;
}

function latestFor(tx: ReadTx, spec: SpecRecord): SpecVersionRecord {
  if (!spec.lastVersion) throw notFound(`OpenAPI spec "${spec.slug}" has no processed version yet`);
  return versionFor(tx, spec, spec.lastVersion);
}

/** One processing at a time per spec: a new source waits (pending) for the one in progress. */
interface Queue {
  tail: Promise<void>;
  /** Jobs queued and not finished, the running one included. */
  size: number;
}
const queues = new WeakMap<Store, Map<string, Queue>>();

function enqueue(store: Store, specId: string, job: (hasNext: () => boolean) => Promise<void>): Promise<void> {
  let perStore = queues.get(store);
  if (!perStore) queues.set(store, (perStore = new Map()));
  const q = perStore.get(specId) ?? { tail: Promise.resolve(), size: 0 };
  perStore.set(specId, q);
  q.size++;
  const run = q.tail.then(() => job(() => q.size > 1));
  q.tail = run.then(
    () => undefined,
    () => undefined,
  );
  const done = () => {
    q.size--;
    if (q.size === 0 && perStore.get(specId) === q) perStore.delete(specId);
  };
  return run.then(done, (e: unknown) => {
    done();
    throw e;
  });
}

/**
 * A source URL on an address the server may not fetch from is a 400 naming the rule, before
 * anything is recorded (for a caller allowed to act in the organization).
 */
async function refuseSourceHost(c: Ctx, organizationId: string, source: Source): Promise<void> {
  if (!('url' in source)) return;
  await c.read((tx) => orgFor(c, tx, organizationId));
  let url: URL;
  try {
    url = new URL(source.url);
  } catch {
    return;
  }
  if (url.protocol === 'file:' && c.fileUrls === false) throw badRequest(fileUrlsOff('source.url'));
  const refused = await refusalOf(url, { privateAddresses: c.privateUrls === true });
  if (refused) throw badRequest(`source.url: ${refused.message}`);
}

/** Records a new source as pending, processes it (progress), then records the outcome (complete). */
async function processSource(c: Ctx, specId: string, source: Source): Promise<void> {
  await enqueue(c.store, specId, async (hasNext) => {
    const started = await c.write((tx) => {
      const s = tx.get(specs, specId);
      if (!s) return false;
      tx.put(specs, { ...s, processingState: 'progress', updatedAt: isoNow(c) });
      return true;
    });
    if (!started) return;
    const outcome: Outcome = await loadSpecSource(source, undefined, c.fileUrls !== false, c.privateUrls === true);
    await c.write((tx) => {
      const s = tx.get(specs, specId);
      if (!s) return;
      const now = isoNow(c);
      const { lastProcessErrorCode: _e, lastProcessedErrors: _l, ...rest } = s;
      // A newer source is waiting its turn: the spec stays pending until that one runs.
      const processingState = hasNext() ? 'pending' : 'complete';
      if (!outcome.ok) {
        tx.put(specs, {
          ...rest,
          processingState,
          lastProcessedAt: now,
          updatedAt: now,
          lastProcessErrorCode: outcome.code,
          lastProcessedErrors: [{ message: outcome.message, code: outcome.code }],
        });
        return;
      }
      const id = c.ids.next();
      const url = outcome.url ?? urls.api(c, `${specPath(s)}/versions/${id}/content`);
      tx.put(specVersions, { id, spec: s.id, createdAt: now, url, filesystem: outcome.filesystem });
      tx.put(specs, { ...rest, processingState, lastVersion: id, lastProcessedAt: now, updatedAt: now });
    });
  });
}

function withSource(s: SpecRecord, source: Source, now: string): SpecRecord {
  const { sourceURL: _old, ...rest } = s;
  return { ...rest, ...('url' in source ? { sourceURL: source.url } : {}), processingState: 'pending', updatedAt: now };
}

function newSpec(c: Ctx, organization: string, slug: string, source: Source): SpecRecord {
  const now = isoNow(c);
  return withSource({ id: c.ids.next(), organization, slug, createdAt: now, updatedAt: now, visibility: 'private', processingState: 'pending' }, source, now);
}

/** The spec as the API shows it to the caller. */
function showSpec(c: Ctx, tx: ReadTx, s: SpecRecord) {
  return toSpec(c, s, roleIn(c, tx, s.organization));
}

export const openapiService = {
  list: (c: Ctx, organizationId: string, q: PageQuery) =>
    c.read((tx) => {
      orgFor(c, tx, organizationId);
      return paginate(tx.where(specs, 'organization', organizationId), q, (s) => showSpec(c, tx, s), listKey('openapi-specs', organizationId));
    }),

  create: async (c: Ctx, organizationId: string, slug: string, source: Source) => {
    await refuseSourceHost(c, organizationId, source);
    const spec = await c.write((tx) => {
      orgFor(c, tx, organizationId);
      if (findSpec(tx, organizationId, slug))
        throw conflict(`slug: an OpenAPI spec "${slug}" already exists in organization ${organizationId}; use PUT to add a version`);
      return tx.put(specs, newSpec(c, organizationId, slug, source));
    });
    await processSource(c, spec.id, source);
    return c.read((tx) => showSpec(c, tx, tx.get(specs, spec.id) ?? spec));
  },

  /** Creates the spec or adds a version to it. */
  put: async (c: Ctx, organizationId: string, slug: string, source: Source) => {
    await refuseSourceHost(c, organizationId, source);
    const spec = await c.write((tx) => {
      orgFor(c, tx, organizationId);
      const existing = findSpec(tx, organizationId, slug);
      return tx.put(specs, existing ? withSource(existing, source, isoNow(c)) : newSpec(c, organizationId, slug, source));
    });
    await processSource(c, spec.id, source);
    return c.read((tx) => showSpec(c, tx, tx.get(specs, spec.id) ?? spec));
  },

  get: (c: Ctx, organizationId: string, slug: string) => c.read((tx) => showSpec(c, tx, specFor(c, tx, organizationId, slug))),

  setVisibility: (c: Ctx, organizationId: string, slug: string, visibility: SpecRecord['visibility']) =>
    c.write((tx) => {
      const s = specFor(c, tx, organizationId, slug);
      return showSpec(c, tx, tx.put(specs, { ...s, visibility, updatedAt: isoNow(c) }));
    }),

  /** Deletes the spec and its versions; the same answer whether or not it existed. */
  delete: (c: Ctx, organizationId: string, slug: string) =>
    c.write((tx) => {
      orgFor(c, tx, organizationId);
      const s = findSpec(tx, organizationId, slug);
      if (!s) return;
      for (const v of tx.where(specVersions, 'spec', s.id)) tx.delete(specVersions, v.id);
      tx.delete(specs, s.id);
    }),

  versions: (c: Ctx, organizationId: string, slug: string, q: PageQuery) =>
    c.read((tx) => {
      const s = specFor(c, tx, organizationId, slug);
      const newestFirst = tx.where(specVersions, 'spec', s.id).reverse();
      return paginate(newestFirst, q, (v) => toVersion(c, s, v), listKey('openapi-versions', s.id));
    }),

  version: (c: Ctx, organizationId: string, slug: string, versionId: string | 'latest') =>
    c.read((tx) => {
      const s = specFor(c, tx, organizationId, slug);
      return toVersion(c, s, versionId === 'latest' ? latestFor(tx, s) : versionFor(tx, s, versionId));
    }),

  content: (c: Ctx, organizationId: string, slug: string, versionId: string | 'latest') =>
    c.read((tx) => {
      const s = specFor(c, tx, organizationId, slug);
      const v = versionId === 'latest' ? latestFor(tx, s) : versionFor(tx, s, versionId);
      return { filesystem: v.filesystem, url: v.url };
    }),
};
