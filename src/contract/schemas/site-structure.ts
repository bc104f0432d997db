import * as z from 'zod';
import { Icon, Id } from './common.js';
import { Space } from './space.js';

export const SectionTitle = z.string().min(2).max(128);
export const SectionDescription = z.string().max(256);
export const SectionPath = z.string().min(1).max(100);
export const SectionGroupTitle = z.string().min(1).max(100);
export const SiteSpacePath = z.string().min(1).max(100);

/** Expression deciding whether visitors see a section or site space (1 to 1024 per the description). */
export const Condition = z.string().min(1).max(1024);

export const SiteSpace = z.looseObject({
  object: z.literal('site-space'),
  id: z.string(),
  path: SiteSpacePath,
  section: z.string().optional(),
  space: Space,
  title: z.string(),
  default: z.boolean().optional(),
  condition: Condition.optional(),
  hasAdvancedCustomizationFeature: z.boolean().optional(),
  urls: z.looseObject({ published: z.string().optional() }),
});
export type SiteSpace = z.infer<typeof SiteSpace>;

export const SiteSection = z.looseObject({
  object: z.literal('site-section'),
  id: z.string(),
  title: SectionTitle,
  description: SectionDescription.optional(),
  default: z.boolean().optional(),
  path: SectionPath,
  condition: Condition.optional(),
  sectionGroup: z.string().optional(),
  icon: Icon.optional(),
  siteSpaces: z.array(SiteSpace),
  urls: z.looseObject({ published: z.string().optional() }),
});
export type SiteSection = z.infer<typeof SiteSection>;

/**
 * A section group. The description lists `sections`; 0.143.2 also requires `children`
 * (the sections and nested groups under the group, in order).
 */
export const SiteSectionGroup = z.looseObject({
  object: z.literal('site-section-group'),
  id: z.string(),
  title: SectionGroupTitle,
  icon: Icon.optional(),
  sectionGroup: z.string().optional(),
  sections: z.array(SiteSection),
  get children(): z.ZodArray<z.ZodUnion<readonly [typeof SiteSection, typeof SiteSectionGroup]>> {
    return z.array(z.union([SiteSection, SiteSectionGroup]));
  },
});
export type SiteSectionGroup = z.infer<typeof SiteSectionGroup>;

/** Pointers for the deprecated move operations. */
export const SiteSectionPointer = z.object({
  type: z.literal('site-section').describe('always site-section'),
  siteSection: Id.describe('site section id'),
});
export const SectionGroupPointer = z.object({
  type: z.enum(['site-section', 'site-section-group']).describe('kind of sibling: site-section or site-section-group'),
  id: Id.describe('id of the sibling section or group'),
});
export const SiteSpacePointer = z.object({
  type: z.literal('site-space').describe('always site-space'),
  siteSpace: Id.describe('site space id'),
});
