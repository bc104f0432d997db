import type * as z from 'zod';
import type { Site, SiteFeature } from '../../contract/schemas/site.js';
import type { SiteSection, SiteSectionGroup, SiteSpace } from '../../contract/schemas/site-structure.js';
import type { ReadTx } from '../../store/store.js';
import type { Ctx } from '../context.js';
import {
  sectionsOf,
  siteSections,
  siteSpaceRows,
  siteSpacesIn,
  type SectionGroupRecord,
  type SectionRecord,
  type SiteRecord,
  type SiteSpaceRecord,
} from '../model/site.js';
import type { SpaceRecord } from '../model/space.js';
import { toSpace, type SpaceViewer } from './space.js';
import { urls } from '../lib/urls.js';

/** A site space's space, as the service that read the site found it, and who it is shown to. */
export interface ShownSpace {
  space: SpaceRecord;
  viewer: SpaceViewer;
}

/** Gives each site space's space (see services/site-access.ts): a site view never looks one up. */
export type SpaceOfSiteSpace = (ss: SiteSpaceRecord) => ShownSpace;

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

export function toSiteSpace(c: Ctx, tx: ReadTx, site: SiteRecord, ss: SiteSpaceRecord, spaceOf: SpaceOfSiteSpace): z.input<typeof SiteSpace> {
  const { space, viewer } = spaceOf(ss);
  const subpath = `${sectionPath(tx, ss)}${ss.default ? '' : `/${ss.path}`}`;
  return {
    object: 'site-space',
    id: ss.id,
    path: ss.path,
    ...(ss.section ? { section: ss.section } : {}),
    space: toSpace(c, tx, space, viewer),
    title: space.title,
    default: ss.default,
    ...(ss.condition !== undefined ? { condition: ss.condition } : {}),
    hasAdvancedCustomizationFeature: false,
    urls: site.published ? { published: publishedUrl(c, site, subpath) } : {},
  };
}

export function toSection(c: Ctx, tx: ReadTx, site: SiteRecord, s: SectionRecord, spaceOf: SpaceOfSiteSpace): z.input<typeof SiteSection> {
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
    siteSpaces: siteSpacesIn(tx, site.id, s.id).map((ss) => toSiteSpace(c, tx, site, ss, spaceOf)),
    urls: site.published ? { published: publishedUrl(c, site, `/${s.path}`) } : {},
  };
}

export function toGroup(c: Ctx, tx: ReadTx, site: SiteRecord, g: SectionGroupRecord, spaceOf: SpaceOfSiteSpace): z.input<typeof SiteSectionGroup> {
  const members = sectionsOf(tx, site.id)
    .filter((s) => s.sectionGroup === g.id)
    .map((s) => toSection(c, tx, site, s, spaceOf));
  return {
    object: 'site-section-group',
    id: g.id,
    title: g.title,
    ...(g.icon !== undefined ? { icon: g.icon } : {}),
    sections: members,
    children: members,
  };
}
