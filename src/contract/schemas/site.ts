import * as z from 'zod';
import { DateTime } from './common.js';
import { Favicon, SiteCustomization, SiteScript } from './site-customization.js';
import { SiteSection, SiteSectionGroup, SiteSpace } from './site-structure.js';

export const SiteVisibility = z.enum(['public', 'unlisted', 'share-link', 'visitor-auth']);
export const SiteType = z.enum(['basic', 'premium', 'ultimate', 'sponsored', 'legacy-basic', 'legacy-premium']);
export const AgentsContext = z.enum(['excluded', 'included']);
export const SiteTitle = z.string().min(2).max(128);
export const SiteBasename = z.string().min(1).max(100);

/** Custom hostname (description), at most 512 characters (facts §6). */
export const HOSTNAME_PATTERN = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/;
export const SiteHostname = z.string().max(512).regex(HOSTNAME_PATTERN, 'must be a hostname such as docs.example.com');

/** Proxy origin: a host plus one or more /path segments (facts §6). */
export const PROXY_PATTERN = /^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)+$/;
export const SiteProxyOrigin = z.string().max(512).regex(PROXY_PATTERN, 'must be a host followed by one or more /path segments, e.g. example.com/docs');

export const SiteFeatureKey = z.enum([
  'sites-adaptive-content',
  'sites-advanced-customization',
  'sites-advanced-insights',
  'sites-ads',
  'sites-ai-search',
  'sites-ai-assistant',
  'sites-embed',
  'sites-api-playground',
  'sites-basic-customization',
  'sites-custom-domain',
  'sites-custom-fonts',
  'sites-custom-subdirectory',
  'sites-full-text-search',
  'sites-multivariant-site',
  'sites-no-custom-domain',
  'sites-page-feedback',
  'sites-page-traffic-insights',
  'sites-pdf-export',
  'sites-preview-deployments',
  'sites-public-visibility',
  'sites-redirects',
  'sites-search-insights',
  'sites-sections',
  'sites-seo',
  'sites-share-links',
  'sites-unlisted-visibility',
  'sites-user-contribution',
  'sites-visitor-authentication',
  'sites-visitors',
]);
export const SiteCustomizationFeature = z.enum([
  'header-logo',
  'theme-preset',
  'premium-fonts',
  'custom-icons',
  'footer-logo',
  'footer-links',
  'footer-copyright',
  'semantic-colors',
]);

export const SiteFeature = z.looseObject({
  id: SiteFeatureKey,
  plan: SiteType,
  frozen: z.boolean(),
  customizations: z.array(SiteCustomizationFeature).optional(),
});

const AdsTopic = z.enum(['webdev', 'crypto']);
export const SiteAds = z.union([
  z.looseObject({ status: z.literal('pending'), submittable: z.boolean() }),
  z.looseObject({ status: z.literal('in-review'), topic: AdsTopic }),
  z.looseObject({ status: z.literal('rejected'), reason: z.string().optional() }),
  z.looseObject({ status: z.enum(['live', 'disabled']), topic: AdsTopic, zoneId: z.string() }),
]);

export const Site = z.looseObject({
  object: z.literal('site'),
  id: z.string(),
  type: SiteType,
  title: SiteTitle,
  icon: z.union([Favicon, z.null()]).optional(),
  hostname: SiteHostname.optional(),
  basename: SiteBasename.optional(),
  proxy: z.looseObject({ origin: SiteProxyOrigin, target: z.string() }).optional(),
  visibility: SiteVisibility,
  published: z.boolean(),
  siteSpaces: z.number(),
  createdAt: DateTime,
  adaptiveContent: z.looseObject({ enabled: z.boolean() }).optional(),
  ads: SiteAds.optional(),
  agentsContext: AgentsContext,
  features: z.array(SiteFeature),
  urls: z.looseObject({
    location: z.string(),
    app: z.string(),
    published: z.string().optional(),
  }),
});
export type Site = z.infer<typeof Site>;

/** One claim of the visitor schema (a boolean, string, number, array or object of claims). */
export const AdaptiveClaim = z.looseObject({
  type: z.enum(['boolean', 'string', 'number', 'array', 'object']),
  description: z.string().optional(),
});

/**
 * JSON Schema (draft-07) of the visitor claims, checked loosely: `type` must be `object`
 * and `properties` maps claim names (and `unsigned`, an object of unsigned claims) to claims.
 */
export const AdaptiveJsonSchema = z.looseObject({
  $schema: z.string().optional(),
  type: z.literal('object'),
  properties: z.record(z.string(), AdaptiveClaim),
  additionalProperties: z.literal(false).optional(),
});

export const AdaptiveSchema = z.looseObject({
  object: z.literal('site-adaptive-schema'),
  /** 0.143.2 requires `additionalProperties: false`; the server fills it in when omitted. */
  jsonSchema: AdaptiveJsonSchema.extend({ additionalProperties: z.literal(false) }),
  updatedAt: DateTime,
});
export type AdaptiveSchema = z.infer<typeof AdaptiveSchema>;

export const TemplateCondition = z.looseObject({ description: z.string(), condition: z.string() });
export const TemplateConditions = z.looseObject({ items: z.array(TemplateCondition) });

/** The published structure: sections and section groups, or site spaces when the site has no sections. */
export const SiteStructure = z.union([
  z.looseObject({
    type: z.literal('sections'),
    structure: z.array(z.union([SiteSection, SiteSectionGroup])),
  }),
  z.looseObject({ type: z.literal('siteSpaces'), structure: z.array(SiteSpace) }),
]);

export const PublishedSite = z.looseObject({
  object: z.literal('published-content-site'),
  site: Site,
  structure: SiteStructure,
  customizations: z.looseObject({
    site: SiteCustomization,
    siteSpaces: z.record(z.string(), SiteCustomization),
  }),
  scripts: z.array(SiteScript),
});
export type PublishedSite = z.infer<typeof PublishedSite>;
