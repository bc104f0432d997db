import type { EndpointId } from '../../contract/index.js';
import type { BodyIn } from '../types.js';
import type { ReadTx } from '../../store/store.js';
import { authorize, isoNow, roleIn, type Ctx } from '../context.js';
import { badRequest, conflict, notFound } from '../http-error.js';
import { orgs } from '../model/org.js';
import { collections, spaces, type CollectionRecord } from '../model/space.js';
import { orgFor } from './orgs.js';
import { showSpace } from './spaces.js';
import { listKey, paginate, paginateOrdered, type PageQuery } from '../lib/paginate.js';
import { endPosition, positionFor } from '../lib/siblings.js';
import { toCollection } from '../views/collection.js';

type Body<K extends EndpointId> = BodyIn<K>;

function collectionFor(c: Ctx, tx: ReadTx, id: string): CollectionRecord {
  const r = tx.get(collections, id);
  if (!r) throw notFound(`collection ${id} not found`);
  authorize(c, tx, r.organization, `collection ${id}`);
  return r;
}

/** The collection as the API shows it to the caller. */
function showCollection(c: Ctx, tx: ReadTx, r: CollectionRecord) {
  return toCollection(c, r, roleIn(c, tx, r.organization));
}

function byPosition<T extends { position: number }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => a.position - b.position);
}

/** Ids of a collection and everything nested under it. */
function subtree(tx: ReadTx, root: CollectionRecord): Set<string> {
  const out = new Set([root.id]);
  const all = tx.where(collections, 'organization', root.organization);
  for (let grew = true; grew;) {
    grew = false;
    for (const col of all) {
      if (col.parent && out.has(col.parent) && !out.has(col.id)) {
        out.add(col.id);
        grew = true;
      }
    }
  }
  return out;
}

export const collectionsService = {
  list: (c: Ctx, organizationId: string, q: PageQuery & { nested?: boolean | undefined }) =>
    c.read((tx) => {
      orgFor(c, tx, organizationId);
      const role = roleIn(c, tx, organizationId);
      const list = {
        table: collections,
        order: q.nested === false ? ('topByOrg' as const) : ('byOrg' as const),
        list: listKey('collections', organizationId, q.nested),
        query: { groups: [organizationId] },
      };
      return paginateOrdered(tx, list, q, (r) => toCollection(c, r, role));
    }),

  create: (c: Ctx, organizationId: string, body: Body<'collections.create'>) =>
    c.write((tx) => {
      orgFor(c, tx, organizationId);
      if (body.parent) {
        const p = tx.get(collections, body.parent);
        if (!p || p.organization !== organizationId) throw notFound(`collection ${body.parent} not found in organization ${organizationId}`);
      }
      const r = tx.put(collections, {
        id: c.ids.next(),
        title: body.title ?? 'Untitled',
        organization: organizationId,
        ...(body.parent ? { parent: body.parent } : {}),
        defaultLevel: 'inherit',
        createdAt: isoNow(c),
        position: endPosition(tx, organizationId, body.parent),
      });
      return showCollection(c, tx, r);
    }),

  get: (c: Ctx, id: string) => c.read((tx) => showCollection(c, tx, collectionFor(c, tx, id))),

  update: (c: Ctx, id: string, body: Body<'collections.update'>) =>
    c.write((tx) => {
      const r = collectionFor(c, tx, id);
      const next: CollectionRecord = { ...r };
      if (body.title !== undefined) next.title = body.title;
      if (body.description !== undefined) next.description = body.description;
      if (body.defaultLevel !== undefined) next.defaultLevel = body.defaultLevel;
      return showCollection(c, tx, tx.put(collections, next));
    }),

  /** Removes the collection; what it held moves up to its parent. Same answer whether or not it existed. */
  delete: (c: Ctx, id: string) =>
    c.write((tx) => {
      const r = tx.get(collections, id);
      if (!r || !roleIn(c, tx, r.organization)) return;
      authorize(c, tx, r.organization, `collection ${id}`);
      for (const s of tx.where(spaces, 'parent', id)) {
        const { parent: _p, ...rest } = s;
        const visibility = !r.parent && s.visibility === 'in-collection' ? 'private' : s.visibility;
        tx.put(spaces, { ...rest, ...(r.parent ? { parent: r.parent } : {}), visibility });
      }
      for (const child of tx.where(collections, 'parent', id)) {
        const { parent: _p, ...rest } = child;
        tx.put(collections, { ...rest, ...(r.parent ? { parent: r.parent } : {}) });
      }
      tx.delete(collections, id);
    }),

  spaces: (c: Ctx, id: string, q: PageQuery) =>
    c.read((tx) => {
      const r = collectionFor(c, tx, id);
      const role = roleIn(c, tx, r.organization);
      const inside = byPosition(tx.where(spaces, 'parent', id).filter((s) => !s.deletedAt));
      return paginate(inside, q, (s) => showSpace(c, tx, s, role), listKey('collection-spaces', id));
    }),

  move: (c: Ctx, id: string, body: Body<'collections.move'>) =>
    c.write((tx) => {
      const r = collectionFor(c, tx, id);
      const parent = body.parent === undefined ? r.parent : (body.parent ?? undefined);
      if (parent) {
        const p = tx.get(collections, parent);
        if (!p || p.organization !== r.organization) throw notFound(`collection ${parent} not found in organization ${r.organization}`);
        if (subtree(tx, r).has(parent)) throw badRequest(`parent: collection ${parent} is inside collection ${id}; a collection cannot move into itself`);
      }
      const position = positionFor(tx, r.organization, parent, r.id, body.position);
      const { parent: _old, ...rest } = r;
      return showCollection(c, tx, tx.put(collections, { ...rest, ...(parent ? { parent } : {}), position }));
    }),

  /** Moves the collection, its nested collections and their spaces to another organization. */
  transfer: (c: Ctx, id: string, organization: string) =>
    c.write((tx) => {
      const r = collectionFor(c, tx, id);
      if (!tx.get(orgs, organization)) throw notFound(`organization ${organization} not found`);
      if (organization === r.organization) throw conflict(`collection ${id} already belongs to organization ${organization}`);
      authorize(c, tx, organization, `organization ${organization}`, 'create');
      const ids = subtree(tx, r);
      for (const cid of ids) {
        const col = tx.get(collections, cid) as CollectionRecord;
        if (cid === id) {
          const { parent: _p, ...rest } = col;
          tx.put(collections, { ...rest, organization, position: endPosition(tx, organization, undefined) });
        } else tx.put(collections, { ...col, organization });
        for (const s of tx.where(spaces, 'parent', cid)) tx.put(spaces, { ...s, organization });
      }
      return showCollection(c, tx, tx.get(collections, id) as CollectionRecord);
    }),
};
