import * as z from 'zod';
import { defineResource } from '../endpoint.js';
import { Id, listOf, pageQuery } from '../schemas/common.js';
import {
  AdaptiveJsonSchema,
  AdaptiveSchema,
  AgentsContext,
  PublishedSite,
  Site,
  SiteBasename,
  SiteHostname,
  SiteProxyOrigin,
  SiteTitle,
  SiteType,
  SiteVisibility,
  TemplateConditions,
} from '../schemas/site.js';

const orgParams = z.object({ organizationId: Id.describe('organization id') });
const siteParams = z.object({
  organizationId: Id.describe('organization id'),
  siteId: Id.describe('site id'),
});

export const sites = defineResource('sites', {
  list: {
    method: 'GET',
    path: '/orgs/{organizationId}/sites',
    summary: 'List the sites of an organization',
    params: orgParams,
    query: () =>
      z.object({
        ...pageQuery,
        space: Id.optional().describe('only sites that contain this space'),
        title: z.string().optional().describe('only sites with this title'),
        published: z.boolean().optional().describe('only published (true) or unpublished (false) sites'),
      }),
    response: () => listOf(Site),
    status: 200,
    access: 'read',
  },
  create: {
    method: 'POST',
    path: '/orgs/{organizationId}/sites',
    summary: 'Create a site (unpublished)',
    params: orgParams,
    body: () =>
      z.object({
        type: SiteType.optional().describe('site type (default basic)'),
        title: SiteTitle.optional().describe('title (2 to 128 characters)'),
        visibility: SiteVisibility.optional().describe('public, unlisted, share-link or visitor-auth'),
        spaces: z
          .union([z.array(Id), z.enum(['empty', 'sample'])])
          .optional()
          .describe('space ids to add, or "empty" / "sample" to create a new empty or sample space'),
      }),
    response: () => Site,
    status: 201,
    access: 'admin',
  },
  get: {
    method: 'GET',
    path: '/orgs/{organizationId}/sites/{siteId}',
    summary: 'Show a site',
    params: siteParams,
    response: () => Site,
    status: 200,
    access: 'read',
  },
  update: {
    method: 'PATCH',
    path: '/orgs/{organizationId}/sites/{siteId}',
    summary: 'Update a site',
    params: siteParams,
    body: () =>
      z.object({
        title: SiteTitle.optional().describe('title (2 to 128 characters)'),
        visibility: SiteVisibility.optional().describe('public, unlisted, share-link or visitor-auth'),
        basename: SiteBasename.optional().describe('basename of the site (1 to 100 characters)'),
        adaptiveContent: z
          .object({ enabled: z.boolean().describe('whether adaptive content is enabled') })
          .optional()
          .describe('adaptive content settings'),
        agentsContext: AgentsContext.optional().describe('whether agents may use the site: excluded or included'),
        defaultSiteSpace: Id.optional().describe('site space used as default at the root or in the default section'),
        defaultSiteSection: Id.optional().describe('site section used as default'),
        hostname: SiteHostname.nullable()
          .optional()
          .describe('custom hostname such as docs.example.com; null removes it (local emulator: the platform sets it through its custom-domain setup)'),
        proxy: SiteProxyOrigin.nullable().optional().describe('host plus /path segments to serve the site under (e.g. example.com/docs); null removes it'),
      }),
    response: () => Site,
    status: 200,
    access: 'admin',
  },
  delete: {
    method: 'DELETE',
    path: '/orgs/{organizationId}/sites/{siteId}',
    summary: 'Delete a site',
    params: siteParams,
    status: 204,
    access: 'admin',
    destructive: true,
  },
  'adaptive-schema': {
    method: 'GET',
    path: '/orgs/{organizationId}/sites/{siteId}/adaptive-schema',
    summary: 'Show the adaptive content schema of a site',
    params: siteParams,
    response: () => AdaptiveSchema,
    status: 200,
    access: 'read',
  },
  'set-adaptive-schema': {
    method: 'PUT',
    path: '/orgs/{organizationId}/sites/{siteId}/adaptive-schema',
    summary: 'Replace the adaptive content schema of a site',
    params: siteParams,
    body: () =>
      z.object({
        jsonSchema: AdaptiveJsonSchema.extend({ additionalProperties: z.literal(false) }).describe(
          'json schema (draft-07) of the visitor claims; type must be object, additionalProperties false',
        ),
      }),
    response: () => AdaptiveSchema,
    status: 200,
    access: 'admin',
  },
  'template-conditions': {
    method: 'GET',
    path: '/orgs/{organizationId}/sites/{siteId}/adaptive-schema/template-conditions',
    summary: 'List condition templates suggested by the adaptive schema',
    params: siteParams,
    response: () => TemplateConditions,
    status: 200,
    access: 'read',
  },
  published: {
    method: 'GET',
    path: '/orgs/{organizationId}/sites/{siteId}/published',
    summary: 'Show the published profile of a site',
    params: siteParams,
    query: () => z.object({ shareKey: z.string().max(256).optional().describe('secret key of a share-link site') }),
    response: () => PublishedSite,
    status: 200,
    access: 'read',
  },
  publish: {
    method: 'POST',
    path: '/orgs/{organizationId}/sites/{siteId}/publish',
    summary: 'Publish a site',
    params: siteParams,
    response: () => Site,
    status: 200,
    access: 'admin',
  },
  unpublish: {
    method: 'POST',
    path: '/orgs/{organizationId}/sites/{siteId}/unpublish',
    summary: 'Unpublish a site (its configuration and content are kept)',
    params: siteParams,
    response: () => Site,
    status: 200,
    access: 'admin',
    destructive: true,
  },
});
