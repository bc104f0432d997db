import { adaptiveService as adaptive } from '../services/adaptive.js';
import { openapiService as openapi } from '../services/openapi.js';
import { publishedService as published } from '../services/published.js';
import { samlService as saml } from '../services/saml.js';
import { sectionGroupsService as groups, sectionsService as sections } from '../services/site-sections.js';
import { siteSpacesService as siteSpaces } from '../services/site-spaces.js';
import { sitesService as sites } from '../services/sites.js';
import { translationsService as translations } from '../services/translations.js';
import type { HandlersOf } from '../types.js';

type SiteHandlers = HandlersOf<'sites'> &
  HandlersOf<'sections'> &
  HandlersOf<'section-groups'> &
  HandlersOf<'site-spaces'> &
  HandlersOf<'openapi'> &
  HandlersOf<'saml'> &
  HandlersOf<'sso'> &
  HandlersOf<'translations'>;

/** Sites and their structure, OpenAPI specs, SAML/SSO and translations. */
export const siteHandlers: SiteHandlers = {
  'sites.list': (c, { params, query }) => sites.list(c, params.organizationId, query),
  'sites.create': (c, { params, body }) => sites.create(c, params.organizationId, body),
  'sites.get': (c, { params }) => sites.get(c, params.organizationId, params.siteId),
  'sites.update': (c, { params, body }) => sites.update(c, params.organizationId, params.siteId, body),
  'sites.delete': (c, { params }) => sites.delete(c, params.organizationId, params.siteId),
  'sites.adaptive-schema': (c, { params }) => adaptive.get(c, params.organizationId, params.siteId),
  'sites.set-adaptive-schema': (c, { params, body }) => adaptive.put(c, params.organizationId, params.siteId, body.jsonSchema),
  'sites.template-conditions': (c, { params }) => adaptive.conditions(c, params.organizationId, params.siteId),
  'sites.published': (c, { params }) => published.get(c, params.organizationId, params.siteId),
  'sites.publish': (c, { params }) => sites.setPublished(c, params.organizationId, params.siteId, true),
  'sites.unpublish': (c, { params }) => sites.setPublished(c, params.organizationId, params.siteId, false),

  'sections.list': (c, { params, query }) => sections.list(c, params.organizationId, params.siteId, query),
  'sections.create': (c, { params, body }) => sections.create(c, params.organizationId, params.siteId, body),
  'sections.update': (c, { params, body }) => sections.update(c, params.organizationId, params.siteId, params.siteSectionId, body),
  'sections.delete': (c, { params }) => sections.delete(c, params.organizationId, params.siteId, params.siteSectionId),
  'sections.move': (c, { params, body }) => sections.move(c, params.organizationId, params.siteId, params.siteSectionId, body),

  'section-groups.list': (c, { params, query }) => groups.list(c, params.organizationId, params.siteId, query),
  'section-groups.create': (c, { params, body }) => groups.create(c, params.organizationId, params.siteId, body),
  'section-groups.update': (c, { params, body }) => groups.update(c, params.organizationId, params.siteId, params.siteSectionGroupId, body),
  'section-groups.delete': (c, { params }) => groups.delete(c, params.organizationId, params.siteId, params.siteSectionGroupId),
  'section-groups.add-section': (c, { params, body }) => groups.addSection(c, params.organizationId, params.siteId, params.siteSectionGroupId, body.sectionId),
  'section-groups.remove-section': (c, { params }) =>
    groups.removeSection(c, params.organizationId, params.siteId, params.siteSectionGroupId, params.siteSectionId),
  'section-groups.move': (c, { params, body }) => groups.move(c, params.organizationId, params.siteId, params.siteSectionGroupId, body),

  'site-spaces.list': (c, { params, query }) => siteSpaces.list(c, params.organizationId, params.siteId, query),
  'site-spaces.create': (c, { params, body }) => siteSpaces.create(c, params.organizationId, params.siteId, body),
  'site-spaces.update': (c, { params, body }) => siteSpaces.update(c, params.organizationId, params.siteId, params.siteSpaceId, body),
  'site-spaces.delete': (c, { params }) => siteSpaces.delete(c, params.organizationId, params.siteId, params.siteSpaceId),
  'site-spaces.move': (c, { params, body }) => siteSpaces.move(c, params.organizationId, params.siteId, params.siteSpaceId, body),

  'openapi.list': (c, { params, query }) => openapi.list(c, params.organizationId, query),
  'openapi.create': (c, { params, body }) => openapi.create(c, params.organizationId, body.slug, body.source),
  'openapi.get': (c, { params }) => openapi.get(c, params.organizationId, params.specSlug),
  'openapi.put': (c, { params, body }) => openapi.put(c, params.organizationId, params.specSlug, body.source),
  'openapi.delete': (c, { params }) => openapi.delete(c, params.organizationId, params.specSlug),
  'openapi.update': (c, { params, body }) => openapi.setVisibility(c, params.organizationId, params.specSlug, body.visibility),
  'openapi.versions': (c, { params, query }) => openapi.versions(c, params.organizationId, params.specSlug, query),
  'openapi.latest': (c, { params }) => openapi.version(c, params.organizationId, params.specSlug, 'latest'),
  'openapi.latest-content': (c, { params }) => openapi.content(c, params.organizationId, params.specSlug, 'latest'),
  'openapi.version': (c, { params }) => openapi.version(c, params.organizationId, params.specSlug, params.versionId),
  'openapi.version-content': (c, { params }) => openapi.content(c, params.organizationId, params.specSlug, params.versionId),

  'saml.list': (c, { params, query }) => saml.list(c, params.organizationId, query),
  'saml.create': (c, { params, body }) => saml.create(c, params.organizationId, body),
  'saml.get': (c, { params }) => saml.get(c, params.organizationId, params.samlProviderId),
  'saml.update': (c, { params, body }) => saml.update(c, params.organizationId, params.samlProviderId, body),
  'saml.delete': (c, { params }) => saml.delete(c, params.organizationId, params.samlProviderId),
  'sso.list': (c, { params }) => saml.logins(c, params.organizationId),

  'translations.list': (c, { params, query }) => translations.list(c, params.organizationId, query),
  'translations.create': (c, { params, body }) => translations.create(c, params.organizationId, body),
  'translations.get': (c, { params }) => translations.get(c, params.organizationId, params.translationId),
  'translations.update': (c, { params, body }) => translations.update(c, params.organizationId, params.translationId, body),
  'translations.delete': (c, { params }) => translations.delete(c, params.organizationId, params.translationId),
  'translations.run': (c, { params }) => translations.run(c, params.organizationId, params.translationId),
};
