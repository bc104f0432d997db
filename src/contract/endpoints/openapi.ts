import * as z from 'zod';
import { defineResource } from '../endpoint.js';
import { Id, listOf, pageQuery } from '../schemas/common.js';
import { OpenAPISpec, SpecSlug, SpecSource, SpecVersion, SpecVersionContent, SpecVisibility } from '../schemas/openapi.js';

const organizationId = Id.describe('organization id');
const specSlug = SpecSlug.describe('slug of the spec');
const orgParams = z.object({ organizationId });
const specParams = z.object({ organizationId, specSlug });
const versionParams = z.object({ organizationId, specSlug, versionId: Id.describe('version id') });
const source = SpecSource.describe('the spec document: {"url": "…"} or {"text": "…"}, exactly one');

export const openapi = defineResource('openapi', {
  list: {
    method: 'GET',
    path: '/orgs/{organizationId}/openapi',
    summary: 'List the OpenAPI specs of an organization',
    params: orgParams,
    query: () => z.object(pageQuery),
    response: () => listOf(OpenAPISpec),
    status: 200,
    access: 'read',
  },
  create: {
    method: 'POST',
    path: '/orgs/{organizationId}/openapi',
    summary: 'Create an OpenAPI spec',
    params: orgParams,
    body: () =>
      z.object({
        slug: SpecSlug.describe('slug (1 to 100 lower-case letters, digits and single "-")'),
        source,
      }),
    response: () => OpenAPISpec,
    status: 201,
    access: 'create',
  },
  get: {
    method: 'GET',
    path: '/orgs/{organizationId}/openapi/{specSlug}',
    summary: 'Show an OpenAPI spec',
    params: specParams,
    response: () => OpenAPISpec,
    status: 200,
    access: 'read',
  },
  put: {
    method: 'PUT',
    path: '/orgs/{organizationId}/openapi/{specSlug}',
    summary: 'Create or update an OpenAPI spec from a new source (adds a version)',
    params: specParams,
    body: () => z.object({ source }),
    response: () => OpenAPISpec,
    status: 200,
    access: 'create',
  },
  delete: {
    method: 'DELETE',
    path: '/orgs/{organizationId}/openapi/{specSlug}',
    summary: 'Delete an OpenAPI spec',
    params: specParams,
    status: 204,
    access: 'create',
    destructive: true,
  },
  update: {
    method: 'PATCH',
    path: '/orgs/{organizationId}/openapi/{specSlug}',
    summary: 'Set the visibility of an OpenAPI spec',
    params: specParams,
    body: () => z.object({ visibility: SpecVisibility.describe('private, or public (anyone with a public link)') }),
    response: () => OpenAPISpec,
    status: 200,
    access: 'create',
  },
  versions: {
    method: 'GET',
    path: '/orgs/{organizationId}/openapi/{specSlug}/versions',
    summary: 'List the versions of an OpenAPI spec',
    params: specParams,
    query: () => z.object(pageQuery),
    response: () => listOf(SpecVersion),
    status: 200,
    access: 'read',
  },
  latest: {
    method: 'GET',
    path: '/orgs/{organizationId}/openapi/{specSlug}/versions/latest',
    summary: 'Show the latest version of an OpenAPI spec',
    params: specParams,
    response: () => SpecVersion,
    status: 200,
    access: 'read',
  },
  'latest-content': {
    method: 'GET',
    path: '/orgs/{organizationId}/openapi/{specSlug}/versions/latest/content',
    summary: 'Show the content of the latest version of an OpenAPI spec',
    params: specParams,
    response: () => SpecVersionContent,
    status: 200,
    access: 'read',
  },
  version: {
    method: 'GET',
    path: '/orgs/{organizationId}/openapi/{specSlug}/versions/{versionId}',
    summary: 'Show a version of an OpenAPI spec',
    params: versionParams,
    response: () => SpecVersion,
    status: 200,
    access: 'read',
  },
  'version-content': {
    method: 'GET',
    path: '/orgs/{organizationId}/openapi/{specSlug}/versions/{versionId}/content',
    summary: 'Show the content of a version of an OpenAPI spec',
    params: versionParams,
    response: () => SpecVersionContent,
    status: 200,
    access: 'read',
  },
});
