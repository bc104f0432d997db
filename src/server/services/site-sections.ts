import type { EndpointId } from '../../contract/index.js';
import type { ReadTx, WriteTx } from '../../store/store.js';
import { isoNow, type Ctx } from '../context.js';
import { badRequest, conflict, notFound } from '../http-error.js';
import {
  groupsOf,
  rootItems,
  sectionGroups,
  sectionsInOrder,
  sectionsOf,
  siteSections,
  sites,
  siteSpaceRows,
  siteSpacesIn,
  type SectionGroupRecord,
  type SectionRecord,
  type SiteRecord,
} from '../model/site.js';
import type { BodyIn } from '../types.js';
import { orgFor } from './orgs.js';
import { listKey, paginate, type PageQuery } from '../lib/paginate.js';
import { endOf, placeAmong, pointerTarget } from '../lib/site-order.js';
import { createSection, fixDefaults, orgSpace, setDefaultSiteSpace } from './site-structure.js';
import { toGroup, toSection } from '../views/site.js';
import { siteFor, spaceOfSiteSpace } from './site-access.js';

type Body<K extends EndpointId> = BodyIn<K>;

/** For deletes: the site when it exists (404 only when the organization is not the caller's). */
export function siteIfExists(c: Ctx, tx: ReadTx, organizationId: string, siteId: string): SiteRecord | undefined {
  orgFor(c, tx, organizationId);
  const site = tx.get(sites, siteId);
  return site && site.organization === organizationId ? site : undefined;
}

export function sectionOf(tx: ReadTx, site: SiteRecord, sectionId: string): SectionRecord {
  const s = tx.get(siteSections, sectionId);
  if (!s || s.site !== site.id) throw notFound(`section ${sectionId} not found in site ${site.id}`);
  return s;
}

function groupOf(tx: ReadTx, site: SiteRecord, groupId: string): SectionGroupRecord {
  const g = tx.get(sectionGroups, groupId);
  if (!g || g.site !== site.id) throw notFound(`section group ${groupId} not found in site ${site.id}`);
  return g;
}

/** Sections sharing a parent: the members of a group, or the site's top-level sections and groups. */
function siblingsOf(tx: ReadTx, site: SiteRecord, group: string | undefined) {
  return group ? sectionsOf(tx, site.id).filter((s) => s.sectionGroup === group) : rootItems(tx, site.id);
}

function ungroup(tx: WriteTx, site: SiteRecord, s: SectionRecord): void {
  const { sectionGroup: _old, ...rest } = s;
  tx.put(siteSections, { ...rest, position: endOf(rootItems(tx, site.id)) });
}

export const sectionsService = {
  list: (c: Ctx, organizationId: string, siteId: string, q: PageQuery) =>
    c.read((tx) => {
      const site = siteFor(c, tx, organizationId, siteId);
      const spaceOf = spaceOfSiteSpace(c, tx);
      return paginate(sectionsInOrder(tx, site.id), q, (s) => toSection(c, tx, site, s, spaceOf), listKey('site-sections', site.id));
    }),

  create: (c: Ctx, organizationId: string, siteId: string, body: Body<'sections.create'>) =>
    c.write((tx) => {
      const site = siteFor(c, tx, organizationId, siteId);
      const space = orgSpace(tx, site.organization, body.spaceId);
      const section = createSection(c, tx, site, space, body.title ?? undefined, body.icon ?? undefined);
      return toSection(c, tx, site, section, spaceOfSiteSpace(c, tx));
    }),

  update: (c: Ctx, organizationId: string, siteId: string, sectionId: string, body: Body<'sections.update'>) =>
    c.write((tx) => {
      const site = siteFor(c, tx, organizationId, siteId);
      const s = sectionOf(tx, site, sectionId);
      const next: SectionRecord = { ...s };
      if (body.title !== undefined) next.title = body.title;
      if (body.path !== undefined && body.path !== s.path) {
        const taken = sectionsOf(tx, site.id).find((o) => o.id !== s.id && o.path === body.path);
        if (taken) throw conflict(`path: "${body.path}" is already the path of section ${taken.id} in site ${site.id}`);
        next.path = body.path;
      }
      if (body.condition === null) delete next.condition;
      else if (body.condition !== undefined) next.condition = body.condition;
      if (body.icon === null) delete next.icon;
      else if (body.icon !== undefined) next.icon = body.icon;
      if (body.description === null) delete next.description;
      else if (body.description !== undefined) next.description = body.description;
      tx.put(siteSections, next);
      if (body.defaultSiteSpace !== undefined) {
        if (!siteSpacesIn(tx, site.id, s.id).some((ss) => ss.id === body.defaultSiteSpace)) {
          throw badRequest(`defaultSiteSpace: site space ${body.defaultSiteSpace} is not in section ${s.id}`);
        }
        setDefaultSiteSpace(tx, site.id, s.id, body.defaultSiteSpace);
      }
      return toSection(c, tx, site, next, spaceOfSiteSpace(c, tx));
    }),

  /** Removes the section and its site spaces; the same answer whether or not it existed. */
  delete: (c: Ctx, organizationId: string, siteId: string, sectionId: string) =>
    c.write((tx) => {
      const site = siteIfExists(c, tx, organizationId, siteId);
      const s = site ? tx.get(siteSections, sectionId) : undefined;
      if (!site || !s || s.site !== site.id) return;
      for (const ss of siteSpacesIn(tx, site.id, s.id)) tx.delete(siteSpaceRows, ss.id);
      tx.delete(siteSections, s.id);
      fixDefaults(tx, site.id);
    }),

  move: (c: Ctx, organizationId: string, siteId: string, sectionId: string, body: Body<'sections.move'>) =>
    c.write((tx) => {
      const site = siteFor(c, tx, organizationId, siteId);
      const s = sectionOf(tx, site, sectionId);
      const target = pointerTarget(
        body.position,
        (p) => p.siteSection,
        () => 'section',
      );
      const position = placeAmong(siblingsOf(tx, site, s.sectionGroup), s.id, target);
      return toSection(c, tx, site, tx.put(siteSections, { ...s, position }), spaceOfSiteSpace(c, tx));
    }),
};

export const sectionGroupsService = {
  list: (c: Ctx, organizationId: string, siteId: string, q: PageQuery) =>
    c.read((tx) => {
      const site = siteFor(c, tx, organizationId, siteId);
      const spaceOf = spaceOfSiteSpace(c, tx);
      return paginate(groupsOf(tx, site.id), q, (g) => toGroup(c, tx, site, g, spaceOf), listKey('site-section-groups', site.id));
    }),

  create: (c: Ctx, organizationId: string, siteId: string, body: Body<'section-groups.create'>) =>
    c.write((tx) => {
      const site = siteFor(c, tx, organizationId, siteId);
      const members = [...new Set(body.sections ?? [])].map((id) => sectionOf(tx, site, id));
      const g = tx.put(sectionGroups, {
        id: c.ids.next(),
        site: site.id,
        title: body.title,
        ...(body.icon ? { icon: body.icon } : {}),
        position: endOf(rootItems(tx, site.id)),
        createdAt: isoNow(c),
      });
      members.forEach((s, i) => tx.put(siteSections, { ...s, sectionGroup: g.id, position: i + 1 }));
      return toGroup(c, tx, site, g, spaceOfSiteSpace(c, tx));
    }),

  update: (c: Ctx, organizationId: string, siteId: string, groupId: string, body: Body<'section-groups.update'>) =>
    c.write((tx) => {
      const site = siteFor(c, tx, organizationId, siteId);
      const next: SectionGroupRecord = { ...groupOf(tx, site, groupId) };
      if (body.title !== undefined) next.title = body.title;
      if (body.icon === null) delete next.icon;
      else if (body.icon !== undefined) next.icon = body.icon;
      return toGroup(c, tx, site, tx.put(sectionGroups, next), spaceOfSiteSpace(c, tx));
    }),

  /** Deletes the group; its sections move up to the top level. */
  delete: (c: Ctx, organizationId: string, siteId: string, groupId: string) =>
    c.write((tx) => {
      const site = siteIfExists(c, tx, organizationId, siteId);
      const g = site ? tx.get(sectionGroups, groupId) : undefined;
      if (!site || !g || g.site !== site.id) return;
      tx.delete(sectionGroups, g.id);
      for (const s of sectionsOf(tx, site.id).filter((x) => x.sectionGroup === g.id)) ungroup(tx, site, s);
    }),

  addSection: (c: Ctx, organizationId: string, siteId: string, groupId: string, sectionId: string) =>
    c.write((tx) => {
      const site = siteFor(c, tx, organizationId, siteId);
      const g = groupOf(tx, site, groupId);
      const s = sectionOf(tx, site, sectionId);
      if (s.sectionGroup !== g.id) {
        tx.put(siteSections, { ...s, sectionGroup: g.id, position: endOf(siblingsOf(tx, site, g.id)) });
      }
      return toGroup(c, tx, site, g, spaceOfSiteSpace(c, tx));
    }),

  /** Takes a section out of a group; nothing to do (still 204) when it was not in it. */
  removeSection: (c: Ctx, organizationId: string, siteId: string, groupId: string, sectionId: string) =>
    c.write((tx) => {
      const site = siteIfExists(c, tx, organizationId, siteId);
      const s = site ? tx.get(siteSections, sectionId) : undefined;
      if (!site || !s || s.site !== site.id || s.sectionGroup !== groupId) return;
      ungroup(tx, site, s);
    }),

  move: (c: Ctx, organizationId: string, siteId: string, groupId: string, body: Body<'section-groups.move'>) =>
    c.write((tx) => {
      const site = siteFor(c, tx, organizationId, siteId);
      const g = groupOf(tx, site, groupId);
      const target = pointerTarget(
        body.position,
        (p) => p.id,
        (p) => (p.type === 'site-section' ? 'section' : 'section group'),
      );
      const position = placeAmong(rootItems(tx, site.id), g.id, target);
      return toGroup(c, tx, site, tx.put(sectionGroups, { ...g, position }), spaceOfSiteSpace(c, tx));
    }),
};
