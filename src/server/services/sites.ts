import type { EndpointId } from '../../contract/index.js';
import type { WriteTx } from '../../store/store.js';
import { isoNow, type Ctx } from '../context.js';
import { badRequest } from '../http-error.js';
import { sectionGroups, sectionsOf, siteSections, sites, siteSpaceRows, siteSpacesIn, type SiteRecord } from '../model/site.js';
import type { PageRecord } from '../../lib/page-record.js';
import type { BodyIn, QueryIn } from '../types.js';
import { orgFor } from './orgs.js';
import { listKey, paginateOrdered } from '../lib/paginate.js';
import { addSiteSpace, orgSpace, setDefaultSection, setDefaultSiteSpace } from './site-structure.js';
import { toSite } from '../views/site.js';
import { siteFor } from './site-access.js';
import { createSpaceRecord } from './spaces.js';

type Body<K extends EndpointId> = BodyIn<K>;

function samplePages(c: Ctx): PageRecord[] {
  const now = isoNow(c);
  const page = (title: string, markdown: string): PageRecord => ({
    id: c.ids.next(),
    title,
    type: 'document',
    markdown,
    createdAt: now,
    updatedAt: now,
    pages: [],
  });
  return [
    page('Welcome', '# Welcome\n\nThis is the home page of your new docs site. Edit it, or replace it with your own content.\n'),
    page('Quickstart', '# Quickstart\n\n1. Write a page.\n2. Publish the site.\n3. Share the link.\n'),
    page('FAQ', '# FAQ\n\n## Where do I start?\n\nWith the Quickstart page.\n'),
  ];
}

/** Adds the spaces a create request names: existing ids, or a new empty or sample space. */
function placeSpaces(c: Ctx, tx: WriteTx, site: SiteRecord, spacesField: Body<'sites.create'>['spaces']): void {
  if (spacesField === undefined) return;
  if (spacesField === 'empty' || spacesField === 'sample') {
    const pages = spacesField === 'sample' ? samplePages(c) : [];
    const space = createSpaceRecord(c, tx, site.organization, { title: site.title.slice(0, 50) }, pages);
    addSiteSpace(c, tx, site, space, undefined);
    return;
  }
  for (const id of new Set(spacesField)) addSiteSpace(c, tx, site, orgSpace(tx, site.organization, id), undefined);
}

function deleteSiteRows(tx: WriteTx, siteId: string): void {
  for (const ss of tx.where(siteSpaceRows, 'site', siteId)) tx.delete(siteSpaceRows, ss.id);
  for (const s of tx.where(siteSections, 'site', siteId)) tx.delete(siteSections, s.id);
  for (const g of tx.where(sectionGroups, 'site', siteId)) tx.delete(sectionGroups, g.id);
  tx.delete(sites, siteId);
}

/** The ordered list of an organization's sites that serves the filters asked for. */
function siteList(org: string, q: QueryIn<'sites.list'>, ids: string[] | undefined) {
  const { published, title } = q;
  if (published !== undefined && title !== undefined) return { order: 'byPublishedTitle' as const, query: { groups: [`${org}|${published}|${title}`], ids } };
  if (title !== undefined) return { order: 'byTitle' as const, query: { groups: [`${org}|${title}`], ids } };
  if (published !== undefined) return { order: 'byPublished' as const, query: { groups: [`${org}|${published}`], ids } };
  return { order: 'byOrg' as const, query: { groups: [org], ids } };
}

export const sitesService = {
  list: (c: Ctx, organizationId: string, q: QueryIn<'sites.list'>) =>
    c.read((tx) => {
      orgFor(c, tx, organizationId);
      // The sites holding a space are found from its site spaces (few), and placed in the list
      // of the other filters: no filter tests the organization's sites one by one.
      const ids = q.space === undefined ? undefined : tx.where(siteSpaceRows, 'space', q.space).map((ss) => ss.site);
      const list = { table: sites, list: listKey('sites', organizationId, q.published, q.title, q.space), ...siteList(organizationId, q, ids) };
      return paginateOrdered(tx, list, q, (s) => toSite(c, tx, s));
    }),

  create: (c: Ctx, organizationId: string, body: Body<'sites.create'>) =>
    c.write((tx) => {
      orgFor(c, tx, organizationId);
      const now = isoNow(c);
      const site = tx.put(sites, {
        id: c.ids.next(),
        organization: organizationId,
        type: body.type ?? 'basic',
        title: body.title ?? 'Untitled site',
        visibility: body.visibility ?? 'public',
        published: false,
        createdAt: now,
        updatedAt: now,
        adaptiveContent: false,
        agentsContext: 'included',
        shareKey: c.ids.secret(),
      });
      placeSpaces(c, tx, site, body.spaces);
      return toSite(c, tx, site);
    }),

  get: (c: Ctx, organizationId: string, siteId: string) => c.read((tx) => toSite(c, tx, siteFor(c, tx, organizationId, siteId))),

  update: (c: Ctx, organizationId: string, siteId: string, body: Body<'sites.update'>) =>
    c.write((tx) => {
      const site = siteFor(c, tx, organizationId, siteId);
      const next: SiteRecord = { ...site, updatedAt: isoNow(c) };
      if (body.title !== undefined) next.title = body.title;
      // A new visibility is a new share key: a link handed out under an earlier share-link
      // visibility must not open the site again when it goes back to share-link.
      if (body.visibility !== undefined && body.visibility !== site.visibility) Object.assign(next, { visibility: body.visibility, shareKey: c.ids.secret() });
      if (body.basename !== undefined) next.basename = body.basename;
      if (body.adaptiveContent !== undefined) next.adaptiveContent = body.adaptiveContent.enabled;
      if (body.agentsContext !== undefined) next.agentsContext = body.agentsContext;
      if (body.hostname === null) delete next.hostname;
      else if (body.hostname !== undefined) next.hostname = body.hostname;
      if (body.proxy === null) delete next.proxy;
      else if (body.proxy !== undefined) next.proxy = body.proxy;
      tx.put(sites, next);
      const sections = sectionsOf(tx, site.id);
      if (body.defaultSiteSection !== undefined) {
        if (!sections.some((s) => s.id === body.defaultSiteSection)) {
          throw badRequest(`defaultSiteSection: site ${site.id} has no section ${body.defaultSiteSection}`);
        }
        setDefaultSection(tx, site.id, body.defaultSiteSection);
      }
      if (body.defaultSiteSpace !== undefined) {
        const container = sectionsOf(tx, site.id).find((s) => s.default)?.id;
        if (!siteSpacesIn(tx, site.id, container).some((ss) => ss.id === body.defaultSiteSpace)) {
          const where = container ? `the default section (${container})` : 'the root';
          throw badRequest(`defaultSiteSpace: site space ${body.defaultSiteSpace} is not in ${where} of site ${site.id}`);
        }
        setDefaultSiteSpace(tx, site.id, container, body.defaultSiteSpace);
      }
      return toSite(c, tx, next);
    }),

  /** Removes the site and its structure (its spaces stay); the same answer whether or not it existed. */
  delete: (c: Ctx, organizationId: string, siteId: string) =>
    c.write((tx) => {
      orgFor(c, tx, organizationId);
      const site = tx.get(sites, siteId);
      if (!site || site.organization !== organizationId) return;
      deleteSiteRows(tx, site.id);
    }),

  setPublished: (c: Ctx, organizationId: string, siteId: string, published: boolean) =>
    c.write((tx) => {
      const site = siteFor(c, tx, organizationId, siteId);
      return toSite(c, tx, tx.put(sites, { ...site, published, updatedAt: isoNow(c) }));
    }),
};
