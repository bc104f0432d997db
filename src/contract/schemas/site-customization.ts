import * as z from 'zod';

/** A colour or URL given per theme mode. */
export const Themed = z.looseObject({ light: z.string(), dark: z.string() });

/** Site icon / favicon: themed image URLs, an emoji, or nothing set. */
export const Favicon = z.union([z.looseObject({ icon: Themed }), z.looseObject({ emoji: z.string().max(50) }), z.strictObject({})]);

const Flag = z.looseObject({ enabled: z.boolean() });

/**
 * Customization settings of a published site or site space. The top-level names and the
 * fields 0.143.2 requires in each are checked; allowed values inside are left open.
 */
export const SiteCustomization = z.looseObject({
  title: z.string().optional(),
  styling: z.looseObject({
    theme: z.string(),
    primaryColor: Themed,
    infoColor: Themed,
    successColor: Themed,
    warningColor: Themed,
    dangerColor: Themed,
    corners: z.string(),
    depth: z.string(),
    links: z.string(),
    font: z.unknown(),
    monospaceFont: z.unknown(),
    background: z.string(),
    icons: z.string(),
    sidebar: z.looseObject({}),
    search: z.string(),
  }),
  internationalization: z.looseObject({ locale: z.string() }),
  favicon: Favicon,
  header: z.looseObject({ preset: z.string(), links: z.array(z.unknown()) }),
  footer: z.looseObject({ groups: z.array(z.unknown()) }),
  announcement: z.looseObject({}).optional(),
  themes: z.looseObject({ default: z.string(), toggeable: z.boolean() }),
  pdf: Flag,
  feedback: Flag,
  ai: z.looseObject({ mode: z.string() }),
  advancedCustomization: Flag,
  git: z.looseObject({ showEditLink: z.boolean() }),
  pageActions: z.looseObject({ externalAI: z.boolean(), markdown: z.boolean(), mcp: z.boolean() }),
  externalLinks: z.looseObject({ target: z.string() }),
  pagination: Flag,
  trademark: Flag,
  privacyPolicy: z.looseObject({ url: z.string().optional() }),
  socialPreview: z.looseObject({ url: z.string().optional() }),
  insights: z.looseObject({ trackingCookie: z.boolean() }),
});
export type SiteCustomization = z.infer<typeof SiteCustomization>;

/** A script an integration loads on the published site. */
export const SiteScript = z.looseObject({
  script: z.string(),
  contentSecurityPolicy: z.string().optional(),
  cookies: z.boolean(),
});
