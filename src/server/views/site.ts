import type { z } from 'zod';
import type { Site, SiteFeature } from '../../contract/schemas/site.js';
import type { SiteSection, SiteSectionGroup, SiteSpace } from '../../contract/schemas/site-structure.js';
import type { ReadTx } from '../../store/store.js';
import { authorize, roleIn, type Ctx } from '../context.js';
import { notFound } from '../http-error.js';
import {
  sectionGroups,
  siteSections,
  sites,
  siteSpaceRows,
  type SectionGroupRecord,
  type SectionRecord,
  type SiteRecord,
  type SiteSpaceRecord,
} from '../model/site.js';
import { spaces } from '../model/space.js';
import { byPosition } from '../lib/site-order.js';
import { toSpace } from './space.js';
import { urls } from '../lib/urls.js';
import { sameSecret } from '../model/secrets.js';

/**
 * The site, if the caller may do the endpoint's operation on it. Anonymous callers get in
 * only on read endpoints, to a published share-link site, with its share key.
 */
export function siteFor(c: Ctx, tx: ReadTx, organizationId: string, siteId: string): SiteRecord {
  const site = tx.get(sites, siteId);
  // the same answer whether the site does not exist or is not the caller's to see
  const missing = () => notFound(c.caller ? `site ${siteId} not found in organization ${organizationId}` : `site ${siteId} not found, or the share key does not open it`);
  if (!site || site.organization !== organizationId) throw missing();
  if (!c.caller) {
    const opens = c.shareKey !== undefined && c.access === 'read' && site.published && site.visibility === 'share-link' && sameSecret(c.shareKey, site.shareKey);
    if (!opens) throw missing();
    return site;
  }
  if (!roleIn(c, tx, site.organization)) throw missing();
  authorize(c, tx, site.organization, `site ${siteId}`);
  return site;
}

/** Site spaces of one section (or of the root when `section` is undefined), in order. */
export function siteSpacesIn(tx: ReadTx, siteId: string, section: string | undefined): SiteSpaceRecord[] {
  return byPosition(tx.where(siteSpaceRows, 'site', siteId).filter((ss) => ss.section === section));
}

export function sectionsOf(tx: ReadTx, siteId: string): SectionRecord[] {
  return byPosition(tx.where(siteSections, 'site', siteId));
}

export function groupsOf(tx: ReadTx, siteId: string): SectionGroupRecord[] {
  return byPosition(tx.where(sectionGroups, 'site', siteId));
}

/** Top-level items of a site with sections: ungrouped sections and groups, in order. */
export function rootItems(tx: ReadTx, siteId: string): (SectionRecord | SectionGroupRecord)[] {
  const loose = tx.where(siteSections, 'site', siteId).filter((s) => !s.sectionGroup);
  return byPosition<SectionRecord | SectionGroupRecord>([...loose, ...tx.where(sectionGroups, 'site', siteId)]);
}

/** Every section of a site in structure order (a group's sections where the group stands). */
export function sectionsInOrder(tx: ReadTx, siteId: string): SectionRecord[] {
  const all = sectionsOf(tx, siteId);
  return rootItems(tx, siteId).flatMap((item) => ('path' in item ? [item] : all.filter((s) => s.sectionGroup === item.id)));
}

/** Where the site is published, with the share key of a share-link site as a query. */
export function publishedUrl(c: Ctx, site: SiteRecord, subpath = ''): string {
  const base = site.proxy
    ? `https://${site.proxy}`
    : site.hostname
      ? `https://${site.hostname}`
      : urls.published(c, `/${site.organization}/${site.basename ?? site.id}`);
  const query = site.visibility === 'share-link' ? `?shareKey=${encodeURIComponent(site.shareKey)}` : '';
  return `${base}${subpath}${query}`;
}

function features(tx: ReadTx, site: SiteRecord): z.input<typeof SiteFeature>[] {
  const sections = tx.where(siteSections, 'site', site.id);
  const rows = tx.where(siteSpaceRows, 'site', site.id);
  const perContainer = new Map<string, number>();
  for (const ss of rows) perContainer.set(ss.section ?? '', (perContainer.get(ss.section ?? '') ?? 0) + 1);
  const on: [boolean, z.infer<typeof SiteFeature>['id']][] = [
    [sections.length > 0, 'sites-sections'],
    [[...perContainer.values()].some((n) => n > 1), 'sites-multivariant-site'],
    [site.visibility === 'share-link', 'sites-share-links'],
    [site.visibility === 'visitor-auth', 'sites-visitor-authentication'],
    [site.visibility === 'public', 'sites-public-visibility'],
    [site.visibility === 'unlisted', 'sites-unlisted-visibility'],
    [site.adaptiveContent, 'sites-adaptive-content'],
    [!!site.hostname, 'sites-custom-domain'],
    [!!site.proxy, 'sites-custom-subdirectory'],
  ];
  return on.filter(([yes]) => yes).map(([, id]) => ({ id, plan: site.type, frozen: false }));
}

export function toSite(c: Ctx, tx: ReadTx, site: SiteRecord): z.input<typeof Site> {
  return {
    object: 'site',
    id: site.id,
    type: site.type,
    title: site.title,
    ...(site.hostname ? { hostname: site.hostname } : {}),
    ...(site.basename ? { basename: site.basename } : {}),
    ...(site.proxy ? { proxy: { origin: site.proxy, target: urls.published(c, `/${site.organization}/${site.basename ?? site.id}`) } } : {}),
    visibility: site.visibility,
    published: site.published,
    siteSpaces: tx.countWhere(siteSpaceRows, 'site', site.id),
    createdAt: site.createdAt,
    adaptiveContent: { enabled: site.adaptiveContent },
    agentsContext: site.agentsContext,
    features: features(tx, site),
    urls: {
      location: urls.api(c, `/orgs/${site.organization}/sites/${site.id}`),
      app: urls.app(c, `/o/${site.organization}/sites/${site.id}`),
      ...(site.published ? { published: publishedUrl(c, site) } : {}),
    },
  };
}

function sectionPath(tx: ReadTx, ss: SiteSpaceRecord): string {
  const section = ss.section ? tx.get(siteSections, ss.section) : undefined;
  return section ? `/${section.path}` : '';
}

export function toSiteSpace(c: Ctx, tx: ReadTx, site: SiteRecord, ss: SiteSpaceRecord): z.input<typeof SiteSpace> {
  const space = tx.get(spaces, ss.space);
  if (!space) throw notFound(`space ${ss.space} of site space ${ss.id} not found`);
  const role = c.caller ? roleIn(c, tx, space.organization) : undefined;
  const subpath = `${sectionPath(tx, ss)}${ss.default ? '' : `/${ss.path}`}`;
  return {
    object: 'site-space',
    id: ss.id,
    path: ss.path,
    ...(ss.section ? { section: ss.section } : {}),
    space: toSpace(c, tx, space, role),
    title: space.title,
    default: ss.default,
    ...(ss.condition !== undefined ? { condition: ss.condition } : {}),
    hasAdvancedCustomizationFeature: false,
    urls: site.published ? { published: publishedUrl(c, site, subpath) } : {},
  };
}

export function toSection(c: Ctx, tx: ReadTx, site: SiteRecord, s: SectionRecord): z.input<typeof SiteSection> {
  return {
    object: 'site-section',
    id: s.id,
    title: s.title,
    ...(s.description !== undefined ? { description: s.description } : {}),
    default: s.default,
    path: s.path,
    ...(s.condition !== undefined ? { condition: s.condition } : {}),
    ...(s.sectionGroup ? { sectionGroup: s.sectionGroup } : {}),
    ...(s.icon !== undefined ? { icon: s.icon } : {}),
    siteSpaces: siteSpacesIn(tx, site.id, s.id).map((ss) => toSiteSpace(c, tx, site, ss)),
    urls: site.published ? { published: publishedUrl(c, site, `/${s.path}`) } : {},
  };
}

export function toGroup(c: Ctx, tx: ReadTx, site: SiteRecord, g: SectionGroupRecord): z.input<typeof SiteSectionGroup> {
  const members = sectionsOf(tx, site.id)
    .filter((s) => s.sectionGroup === g.id)
    .map((s) => toSection(c, tx, site, s));
  return {
    object: 'site-section-group',
    id: g.id,
    title: g.title,
    ...(g.icon !== undefined ? { icon: g.icon } : {}),
    sections: members,
    children: members,
  };
}
