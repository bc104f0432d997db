import type * as z from 'zod';
import type { PublishedSite } from '../../contract/schemas/site.js';
import type { SiteCustomization } from '../../contract/schemas/site-customization.js';
import type { Ctx } from '../context.js';
import { rootItems, sectionsOf, siteSpacesIn, type SiteRecord } from '../model/site.js';
import { allSiteSpaces } from './site-structure.js';
import { toGroup, toSection, toSite, toSiteSpace } from '../views/site.js';
import { siteFor, spaceOfSiteSpace } from './site-access.js';

const color = (hex: string) => ({ light: hex, dark: hex });

/** The customization a site starts with (the platform's defaults), titled after the site. */
export function defaultCustomization(title: string): z.input<typeof SiteCustomization> {
  return {
    title,
    styling: {
      theme: 'clean',
      primaryColor: color('#346DDB'),
      infoColor: color('#787878'),
      successColor: color('#00C950'),
      warningColor: color('#FE9A00'),
      dangerColor: color('#FB2C36'),
      corners: 'rounded',
      depth: 'subtle',
      links: 'default',
      font: 'Inter',
      monospaceFont: 'IBMPlexMono',
      background: 'plain',
      icons: 'regular',
      sidebar: { background: 'default', list: 'default' },
      search: 'prominent',
    },
    internationalization: { locale: 'en' },
    favicon: {},
    header: { preset: 'default', links: [] },
    footer: { groups: [] },
    themes: { default: 'light', toggeable: true },
    pdf: { enabled: true },
    feedback: { enabled: false },
    ai: { mode: 'search' },
    advancedCustomization: { enabled: true },
    git: { showEditLink: false },
    pageActions: { externalAI: true, markdown: true, mcp: true },
    externalLinks: { target: 'self' },
    pagination: { enabled: true },
    trademark: { enabled: true },
    privacyPolicy: {},
    socialPreview: {},
    insights: { trackingCookie: true },
  };
}

function structure(c: Ctx, tx: Parameters<typeof toSite>[1], site: SiteRecord): z.input<typeof PublishedSite>['structure'] {
  const spaceOf = spaceOfSiteSpace(c, tx);
  if (sectionsOf(tx, site.id).length === 0) {
    return { type: 'siteSpaces', structure: siteSpacesIn(tx, site.id, undefined).map((ss) => toSiteSpace(c, tx, site, ss, spaceOf)) };
  }
  return {
    type: 'sections',
    structure: rootItems(tx, site.id).map((item) => ('path' in item ? toSection(c, tx, site, item, spaceOf) : toGroup(c, tx, site, item, spaceOf))),
  };
}

export const publishedService = {
  /** What a visitor's browser loads: the site, its structure, customizations and scripts. */
  get: (c: Ctx, organizationId: string, siteId: string) =>
    c.read((tx): z.input<typeof PublishedSite> => {
      const site = siteFor(c, tx, organizationId, siteId);
      const perSpace = Object.fromEntries(allSiteSpaces(tx, site.id).map((ss) => [ss.id, defaultCustomization(site.title)]));
      return {
        object: 'published-content-site',
        site: toSite(c, tx, site),
        structure: structure(c, tx, site),
        customizations: { site: defaultCustomization(site.title), siteSpaces: perSpace },
        scripts: [],
      };
    }),
};
