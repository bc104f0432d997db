import type { WriteTx, ReadTx } from '../../store/store.js';
import { isoNow, type Ctx } from '../context.js';
import { conflict, notFound } from '../http-error.js';
import {
  byPosition,
  rootItems,
  sectionsInOrder,
  sectionsOf,
  siteSections,
  siteSpaceRows,
  siteSpacesIn,
  type SectionRecord,
  type SiteRecord,
  type SiteSpaceRecord,
} from '../model/site.js';
import { spaces, type SpaceRecord } from '../model/space.js';
import { slugify } from '../../lib/slug.js';
import { endOf } from '../lib/site-order.js';

/*
 * The rules of a site's structure, kept after every change:
 * - a site without sections holds its site spaces at the root; one with sections holds them in sections;
 * - every section with site spaces (and the root) has exactly one default site space;
 * - a site with sections has exactly one default section;
 * - section paths are unique within the site, site-space paths within their section (or the root).
 */

/** A space of the organization that is not deleted, or 404. */
export function orgSpace(tx: ReadTx, organization: string, spaceId: string): SpaceRecord {
  const s = tx.get(spaces, spaceId);
  if (!s || s.deletedAt || s.organization !== organization) throw notFound(`space ${spaceId} not found in organization ${organization}`);
  return s;
}

/** `wanted`, or `wanted-2`, `wanted-3`… so that it is not in `taken`. */
export function uniquePath(taken: ReadonlySet<string>, wanted: string): string {
  const base = wanted.slice(0, 96);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

function slug(title: string, fallback: string): string {
  const s = slugify(title);
  return s === 'page' && !/page/i.test(title) ? fallback : s;
}

/** Makes one site space the default of its container and the others not. */
export function setDefaultSiteSpace(tx: WriteTx, siteId: string, section: string | undefined, id: string): void {
  for (const ss of siteSpacesIn(tx, siteId, section)) {
    const want = ss.id === id;
    if (ss.default !== want) tx.put(siteSpaceRows, { ...ss, default: want });
  }
}

export function setDefaultSection(tx: WriteTx, siteId: string, id: string): void {
  for (const s of sectionsOf(tx, siteId)) {
    const want = s.id === id;
    if (s.default !== want) tx.put(siteSections, { ...s, default: want });
  }
}

/** Restores "exactly one default" in every container and among sections after a change. */
export function fixDefaults(tx: WriteTx, siteId: string): void {
  const sections = sectionsInOrder(tx, siteId);
  for (const container of [undefined, ...sections.map((s) => s.id)]) {
    const rows = siteSpacesIn(tx, siteId, container);
    const keep = rows.find((r) => r.default) ?? rows[0];
    if (keep) setDefaultSiteSpace(tx, siteId, container, keep.id);
  }
  const keep = sections.find((s) => s.default) ?? sections[0];
  if (keep) setDefaultSection(tx, siteId, keep.id);
}

/** Adds a space to a section (or the root) of a site; the first one of its container becomes the default. */
export function addSiteSpace(c: Ctx, tx: WriteTx, site: SiteRecord, space: SpaceRecord, section: string | undefined): SiteSpaceRecord {
  const siblings = siteSpacesIn(tx, site.id, section);
  if (siblings.some((ss) => ss.space === space.id)) {
    throw conflict(`space ${space.id} is already in ${section ? `section ${section}` : 'the root'} of site ${site.id}`);
  }
  const row = tx.put(siteSpaceRows, {
    id: c.ids.next(),
    site: site.id,
    ...(section ? { section } : {}),
    space: space.id,
    path: uniquePath(new Set(siblings.map((s) => s.path)), slug(space.title, 'space')),
    default: siblings.length === 0,
    position: endOf(siblings),
    createdAt: isoNow(c),
  });
  return row;
}

function newSection(c: Ctx, tx: WriteTx, site: SiteRecord, title: string, icon: string | undefined): SectionRecord {
  const all = sectionsOf(tx, site.id);
  return tx.put(siteSections, {
    id: c.ids.next(),
    site: site.id,
    title,
    path: uniquePath(new Set(all.map((s) => s.path)), slug(title, 'section')),
    ...(icon !== undefined ? { icon } : {}),
    default: all.length === 0,
    position: endOf(rootItems(tx, site.id)),
    createdAt: isoNow(c),
  });
}

function sectionTitle(title: string): string {
  const t = title.trim().slice(0, 128);
  return t.length >= 2 ? t : 'Section';
}

/**
 * Adds a section holding `space`. When the site has no sections yet, its root site spaces
 * first move into a default section named after the site, as the platform does.
 */
export function createSection(c: Ctx, tx: WriteTx, site: SiteRecord, space: SpaceRecord, title: string | undefined, icon: string | undefined): SectionRecord {
  if (sectionsOf(tx, site.id).length === 0) {
    const root = siteSpacesIn(tx, site.id, undefined);
    if (root.length) {
      const first = newSection(c, tx, site, sectionTitle(site.title), undefined);
      for (const ss of root) tx.put(siteSpaceRows, { ...ss, section: first.id });
    }
  }
  const section = newSection(c, tx, site, sectionTitle(title ?? space.title), icon);
  addSiteSpace(c, tx, site, space, section.id);
  fixDefaults(tx, site.id);
  return tx.get(siteSections, section.id) as SectionRecord;
}

/** The site spaces of a site in structure order: root first, then section by section. */
export function allSiteSpaces(tx: ReadTx, siteId: string): SiteSpaceRecord[] {
  const order = new Map(sectionsInOrder(tx, siteId).map((s, i) => [s.id, i + 1]));
  return byPosition(tx.where(siteSpaceRows, 'site', siteId)).sort((a, b) => (order.get(a.section ?? '') ?? 0) - (order.get(b.section ?? '') ?? 0));
}
