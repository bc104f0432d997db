import type { EndpointId } from '../../contract/index.js';
import { type Ctx } from '../context.js';
import { conflict, notFound } from '../http-error.js';
import { sectionsInOrder, siteSpaceRows, siteSpacesIn, type SiteRecord, type SiteSpaceRecord } from '../model/site.js';
import type { ReadTx } from '../../store/store.js';
import type { BodyIn, QueryIn } from '../types.js';
import { listKey, paginate } from '../lib/paginate.js';
import { placeAmong, pointerTarget } from '../lib/site-order.js';
import { addSiteSpace, allSiteSpaces, fixDefaults, orgSpace } from './site-structure.js';
import { sectionOf, siteIfExists } from './site-sections.js';
import { toSiteSpace } from '../views/site.js';
import { siteFor, spaceOfSiteSpace } from './site-access.js';

type Body<K extends EndpointId> = BodyIn<K>;

function siteSpaceOf(tx: ReadTx, site: SiteRecord, id: string): SiteSpaceRecord {
  const ss = tx.get(siteSpaceRows, id);
  if (!ss || ss.site !== site.id) throw notFound(`site space ${id} not found in site ${site.id}`);
  return ss;
}

const where = (ss: SiteSpaceRecord) => (ss.section ? `section ${ss.section}` : 'the root');

export const siteSpacesService = {
  list: (c: Ctx, organizationId: string, siteId: string, q: QueryIn<'site-spaces.list'>) =>
    c.read((tx) => {
      const site = siteFor(c, tx, organizationId, siteId);
      const all = allSiteSpaces(tx, site.id).filter((ss) => q.default === undefined || ss.default === q.default);
      const spaceOf = spaceOfSiteSpace(c, tx);
      return paginate(all, q, (ss) => toSiteSpace(c, tx, site, ss, spaceOf), listKey('site-spaces', site.id, q.default));
    }),

  create: (c: Ctx, organizationId: string, siteId: string, body: Body<'site-spaces.create'>) =>
    c.write((tx) => {
      const site = siteFor(c, tx, organizationId, siteId);
      const space = orgSpace(tx, site.organization, body.spaceId);
      const section = body.sectionId ? sectionOf(tx, site, body.sectionId).id : sectionsInOrder(tx, site.id).find((s) => s.default)?.id;
      return toSiteSpace(c, tx, site, addSiteSpace(c, tx, site, space, section), spaceOfSiteSpace(c, tx));
    }),

  update: (c: Ctx, organizationId: string, siteId: string, siteSpaceId: string, body: Body<'site-spaces.update'>) =>
    c.write((tx) => {
      const site = siteFor(c, tx, organizationId, siteId);
      const ss = siteSpaceOf(tx, site, siteSpaceId);
      const siblings = siteSpacesIn(tx, site.id, ss.section).filter((o) => o.id !== ss.id);
      const next: SiteSpaceRecord = { ...ss };
      if (body.path !== undefined && body.path !== ss.path) {
        const taken = siblings.find((o) => o.path === body.path);
        if (taken) throw conflict(`path: "${body.path}" is already the path of site space ${taken.id} in ${where(ss)}`);
        next.path = body.path;
      }
      if (body.condition === null) delete next.condition;
      else if (body.condition !== undefined) next.condition = body.condition;
      if (body.spaceId !== undefined && body.spaceId !== ss.space) {
        const space = orgSpace(tx, site.organization, body.spaceId);
        if (siblings.some((o) => o.space === space.id)) throw conflict(`spaceId: space ${space.id} is already in ${where(ss)} of site ${site.id}`);
        next.space = space.id;
      }
      return toSiteSpace(c, tx, site, tx.put(siteSpaceRows, next), spaceOfSiteSpace(c, tx));
    }),

  /**
   * Removes a site space; the same answer (204, as described) whether or not it existed. The
   * last one of a section goes too, leaving the section empty until a space is added to it.
   */
  delete: (c: Ctx, organizationId: string, siteId: string, siteSpaceId: string) =>
    c.write((tx) => {
      const site = siteIfExists(c, tx, organizationId, siteId);
      const ss = site ? tx.get(siteSpaceRows, siteSpaceId) : undefined;
      if (!site || !ss || ss.site !== site.id) return;
      tx.delete(siteSpaceRows, ss.id);
      fixDefaults(tx, site.id);
    }),

  move: (c: Ctx, organizationId: string, siteId: string, siteSpaceId: string, body: Body<'site-spaces.move'>) =>
    c.write((tx) => {
      const site = siteFor(c, tx, organizationId, siteId);
      const ss = siteSpaceOf(tx, site, siteSpaceId);
      const target = pointerTarget(
        body.position,
        (p) => p.siteSpace,
        () => 'site space',
      );
      const position = placeAmong(siteSpacesIn(tx, site.id, ss.section), ss.id, target);
      return toSiteSpace(c, tx, site, tx.put(siteSpaceRows, { ...ss, position }), spaceOfSiteSpace(c, tx));
    }),
};
