import type * as z from 'zod';
import type { AgentsContext, SiteType, SiteVisibility } from '../../contract/schemas/site.js';
import { table, type ReadTx } from '../../store/store.js';
import { sameSecret } from './secrets.js';

export interface SiteRecord {
  id: string;
  organization: string;
  type: z.infer<typeof SiteType>;
  title: string;
  visibility: z.infer<typeof SiteVisibility>;
  published: boolean;
  createdAt: string;
  updatedAt: string;
  basename?: string;
  /** Custom hostname, e.g. docs.example.com. */
  hostname?: string;
  /** Proxy origin: host plus /path segments, e.g. example.com/docs. */
  proxy?: string;
  adaptiveContent: boolean;
  agentsContext: z.infer<typeof AgentsContext>;
  /** Secret that opens a published share-link site (and its spaces) to anonymous readers. */
  shareKey: string;
  /** JSON Schema (draft-07) of the visitor claims, once set. */
  adaptiveSchema?: { jsonSchema: Record<string, unknown>; updatedAt: string };
}

/** A section of a site; sections (and groups) share one order among siblings. */
export interface SectionRecord {
  id: string;
  site: string;
  title: string;
  description?: string;
  /** Unique within the site. */
  path: string;
  condition?: string;
  icon?: string;
  sectionGroup?: string;
  /** Exactly one section of a site with sections is the default. */
  default: boolean;
  position: number;
  createdAt: string;
}

export interface SectionGroupRecord {
  id: string;
  site: string;
  title: string;
  icon?: string;
  position: number;
  createdAt: string;
}

/** A space placed in a site, in a section or (for a site without sections) at the root. */
export interface SiteSpaceRecord {
  id: string;
  site: string;
  /** Absent at the root. */
  section?: string;
  space: string;
  /** Unique among the site spaces of the same section (or of the root). */
  path: string;
  condition?: string;
  /** Exactly one site space per section (or at the root) is the default. */
  default: boolean;
  position: number;
  createdAt: string;
}

export const sites = table<SiteRecord>('sites').withOrders({
  byOrg: { group: (s) => s.organization },
  /** One list per organization and published state: the `published` filter costs the page. */
  byPublished: { group: (s) => `${s.organization}|${s.published}`, keepSeq: true },
  /** And per title, with and without the published state: a site renamed keeps its place. */
  byTitle: { group: (s) => `${s.organization}|${s.title}`, keepSeq: true },
  byPublishedTitle: { group: (s) => `${s.organization}|${s.published}|${s.title}`, keepSeq: true },
});
export const siteSections = table<SectionRecord>('siteSections');
export const sectionGroups = table<SectionGroupRecord>('siteSectionGroups');
export const siteSpaceRows = table<SiteSpaceRecord>('siteSpaces');

/**
 * True when `key` is the share key of a published share-link site that contains the space:
 * such a key opens the site's spaces to anonymous readers as it opens the site.
 */
export function siteShareKeyOpensSpace(tx: ReadTx, spaceId: string, key: string): boolean {
  return tx.where(siteSpaceRows, 'space', spaceId).some((ss) => {
    const site = tx.get(sites, ss.site);
    return !!site && site.published && site.visibility === 'share-link' && sameSecret(key, site.shareKey);
  });
}

/** Anything kept in order among its siblings. */
export interface Ordered {
  id: string;
  position: number;
  createdAt: string;
}

export function byPosition<T extends Ordered>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => a.position - b.position || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
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
