import type { EndpointId } from '../../contract/index.js';
import type { BodyIn } from '../types.js';
import type { ReadTx, WriteTx } from '../../store/store.js';
import { authorize, isoNow, roleIn, shareKeyOpensSpace, type Ctx } from '../context.js';
import { toSpace, type SpaceViewer } from '../views/space.js';
import { DAY_MS } from '../env.js';
import { conflict, notFound } from '../http-error.js';
import { orgs } from '../model/org.js';
import type { RevisionRecord } from '../model/revision.js';
import type { PageRecord } from '../../lib/page-record.js';
import { getRevision, putRevision } from '../model/revision-store.js';
import { collections, spaces, type SpaceRecord } from '../model/space.js';
import { listLinks, type LinkQuery } from './links.js';
import { orgFor } from './orgs.js';
import { listKey, paginateOrdered, type PageQuery } from '../lib/paginate.js';
import { positionFor, endPosition } from '../lib/siblings.js';

type Body<K extends EndpointId> = BodyIn<K>;

/** Deleted spaces stay restorable this long, then they are gone. */
export const RESTORE_WINDOW_MS = 7 * DAY_MS;

function expired(c: Ctx, s: SpaceRecord): boolean {
  return !!s.deletedAt && c.clock.now().getTime() - Date.parse(s.deletedAt) > RESTORE_WINDOW_MS;
}

/**
 * A space that exists and is not deleted, checked against the caller's role. Share-link
 * spaces open to their key when the endpoint accepts one.
 */
export function liveSpace(c: Ctx, tx: ReadTx, spaceId: string): SpaceRecord {
  const s = tx.get(spaces, spaceId);
  if (!s || s.deletedAt) throw notFound(`space ${spaceId} not found`);
  if (shareKeyOpensSpace(c, tx, s)) return s;
  authorize(c, tx, s.organization, `space ${spaceId}`);
  return s;
}

/**
 * Who a space is shown to: the caller's role in its organization (given when the caller
 * already worked it out for a whole list), or an anonymous reader its share key opens it to.
 */
export function spaceViewer(c: Ctx, tx: ReadTx, s: SpaceRecord, role = roleIn(c, tx, s.organization)): SpaceViewer {
  return shareKeyOpensSpace(c, tx, s) ? { role, anonymous: true } : { role };
}

/** The space as the API shows it to the caller. */
export function showSpace(c: Ctx, tx: ReadTx, s: SpaceRecord, role = roleIn(c, tx, s.organization)) {
  return toSpace(c, tx, s, spaceViewer(c, tx, s, role));
}

function emptyRevision(c: Ctx, space: string): RevisionRecord {
  return { id: c.ids.next(), space, parents: [], type: 'edits', createdAt: isoNow(c), pages: [], files: [], reusableContents: [], variables: {} };
}

function checkParent(tx: ReadTx, organization: string, parent: string): void {
  const col = tx.get(collections, parent);
  if (!col || col.organization !== organization) throw notFound(`collection ${parent} not found in organization ${organization}`);
}

/**
 * Creates a space with its first revision inside a write transaction; the caller has
 * already checked access to the organization. `pages` seeds that revision's content.
 */
export function createSpaceRecord(c: Ctx, tx: WriteTx, organizationId: string, body: Body<'spaces.create'>, pages: PageRecord[] = []): SpaceRecord {
  if (body.parent) checkParent(tx, organizationId, body.parent);
  const id = c.ids.next();
  const rev = putRevision(tx, { ...emptyRevision(c, id), pages });
  const now = isoNow(c);
  return tx.put(spaces, {
    id,
    title: body.title ?? 'Untitled',
    emoji: body.emoji ?? '',
    visibility: body.parent ? 'in-collection' : 'private',
    createdAt: now,
    updatedAt: now,
    editMode: body.editMode ?? 'live',
    organization: organizationId,
    ...(body.parent ? { parent: body.parent } : {}),
    ...(body.language ? { language: body.language } : {}),
    revision: rev.id,
    defaultLevel: 'inherit',
    mergeRules: { type: 'inherit' },
    shareKey: c.ids.secret(),
    position: endPosition(tx, organizationId, body.parent),
  });
}

export const spacesService = {
  list: (c: Ctx, organizationId: string, q: PageQuery) =>
    c.read((tx) => {
      orgFor(c, tx, organizationId);
      const role = roleIn(c, tx, organizationId);
      // Only the page's records are read: a large organization lists as fast as a small one.
      const list = {
        table: spaces,
        order: 'liveByOrg' as const,
        list: listKey('spaces', organizationId),
        query: { groups: [organizationId] },
        count: () => tx.countWhere(spaces, 'organization', organizationId, 'live'),
      };
      return paginateOrdered(tx, list, q, (s) => showSpace(c, tx, s, role));
    }),

  create: (c: Ctx, organizationId: string, body: Body<'spaces.create'>) =>
    c.write((tx) => {
      orgFor(c, tx, organizationId);
      return showSpace(c, tx, createSpaceRecord(c, tx, organizationId, body));
    }),

  get: (c: Ctx, spaceId: string) => c.read((tx) => showSpace(c, tx, liveSpace(c, tx, spaceId))),

  update: (c: Ctx, spaceId: string, body: Body<'spaces.update'>) =>
    c.write((tx) => {
      const s = liveSpace(c, tx, spaceId);
      const next: SpaceRecord = { ...s, updatedAt: isoNow(c) };
      if (body.title !== undefined) next.title = body.title;
      if (body.emoji !== undefined) next.emoji = body.emoji ?? '';
      if (body.editMode !== undefined) next.editMode = body.editMode;
      if (body.defaultLevel !== undefined) next.defaultLevel = body.defaultLevel;
      if (body.language !== undefined) next.language = body.language;
      return showSpace(c, tx, tx.put(spaces, next));
    }),

  /** Soft delete; answers the same whether or not the space existed. */
  delete: (c: Ctx, spaceId: string) =>
    c.write((tx) => {
      const s = tx.get(spaces, spaceId);
      if (!s || s.deletedAt || !roleIn(c, tx, s.organization)) return;
      authorize(c, tx, s.organization, `space ${spaceId}`);
      tx.put(spaces, { ...s, deletedAt: isoNow(c), updatedAt: isoNow(c) });
    }),

  duplicate: (c: Ctx, spaceId: string) =>
    c.write((tx) => {
      const s = liveSpace(c, tx, spaceId);
      const rev = getRevision(tx, s.revision);
      const id = c.ids.next();
      const copy = putRevision(tx, { ...(rev ?? emptyRevision(c, id)), id: c.ids.next(), space: id, parents: [], createdAt: isoNow(c) }, rev);
      const now = isoNow(c);
      const { deletedAt: _gone, ...rest } = s;
      const dup = tx.put(spaces, {
        ...rest,
        id,
        title: `${s.title} (copy)`.slice(0, 50),
        createdAt: now,
        updatedAt: now,
        revision: copy.id,
        shareKey: c.ids.secret(),
        position: endPosition(tx, s.organization, s.parent),
      });
      return showSpace(c, tx, dup);
    }),

  restore: (c: Ctx, spaceId: string) =>
    c.write((tx) => {
      const s = tx.get(spaces, spaceId);
      if (!s) throw notFound(`space ${spaceId} not found`);
      authorize(c, tx, s.organization, `space ${spaceId}`);
      if (!s.deletedAt) throw conflict(`space ${spaceId} is not deleted`);
      if (expired(c, s)) throw notFound(`space ${spaceId} was deleted more than 7 days ago and has been permanently removed`);
      const { deletedAt: _gone, ...rest } = s;
      return showSpace(c, tx, tx.put(spaces, { ...rest, updatedAt: isoNow(c) }));
    }),

  move: (c: Ctx, spaceId: string, body: Body<'spaces.move'>) =>
    c.write((tx) => {
      const s = liveSpace(c, tx, spaceId);
      const parent = body.parent === undefined ? s.parent : (body.parent ?? undefined);
      if (parent) checkParent(tx, s.organization, parent);
      const position = positionFor(tx, s.organization, parent, s.id, body.position);
      const { parent: _old, ...rest } = s;
      const visibility = !parent && s.visibility === 'in-collection' ? 'private' : s.visibility;
      const next = { ...rest, ...(parent ? { parent } : {}), visibility, position, updatedAt: isoNow(c) };
      return showSpace(c, tx, tx.put(spaces, next));
    }),

  transfer: (c: Ctx, spaceId: string, organization: string) =>
    c.write((tx) => {
      const s = liveSpace(c, tx, spaceId);
      if (!tx.get(orgs, organization)) throw notFound(`organization ${organization} not found`);
      if (organization === s.organization) throw conflict(`space ${spaceId} already belongs to organization ${organization}`);
      authorize(c, tx, organization, `organization ${organization}`, 'create');
      const { parent: _old, ...rest } = s;
      const visibility = s.visibility === 'in-collection' ? 'private' : s.visibility;
      const next = { ...rest, organization, visibility, position: endPosition(tx, organization, undefined), updatedAt: isoNow(c) };
      return showSpace(c, tx, tx.put(spaces, next));
    }),

  links: (c: Ctx, spaceId: string, q: LinkQuery) =>
    listLinks(
      c,
      (tx) => {
        const space = liveSpace(c, tx, spaceId);
        const rev = getRevision(tx, space.revision);
        if (!rev) throw notFound(`revision ${space.revision} not found`);
        return { space, rev };
      },
      q,
      listKey('space-links', spaceId, q.status),
    ),
};
