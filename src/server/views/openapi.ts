import type * as z from 'zod';
import type { OpenAPISpec, SpecVersion } from '../../contract/schemas/openapi.js';
import type { Role } from '../../contract/schemas/common.js';
import { roleAtLeast, type Ctx } from '../context.js';
import type { SpecRecord, SpecVersionRecord } from '../model/openapi.js';
import { urls } from '../lib/urls.js';

/** The spec as the API shows it to a caller of this role in its organization. */
export function toSpec(c: Ctx, s: SpecRecord, role: Role | undefined): z.input<typeof OpenAPISpec> {
  return {
    object: 'openapi-spec',
    id: s.id,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    slug: s.slug,
    ...(s.sourceURL ? { sourceURL: s.sourceURL } : {}),
    processingState: s.processingState,
    visibility: s.visibility,
    ...(s.lastVersion ? { lastVersion: s.lastVersion } : {}),
    ...(s.lastProcessedAt ? { lastProcessedAt: s.lastProcessedAt } : {}),
    ...(s.lastProcessErrorCode ? { lastProcessErrorCode: s.lastProcessErrorCode } : {}),
    ...(s.lastProcessedErrors ? { lastProcessedErrors: s.lastProcessedErrors } : {}),
    permissions: { view: roleAtLeast(role, 'read'), edit: roleAtLeast(role, 'create') },
    urls: {
      location: urls.api(c, specPath(s)),
      app: urls.app(c, `/o/${s.organization}/openapi/${s.slug}`),
      ...(s.visibility === 'public' ? { published: urls.published(c, `/${s.organization}/openapi/${s.slug}`) } : {}),
    },
  };
}

export const specPath = (s: Pick<SpecRecord, 'organization' | 'slug'>) => `/orgs/${s.organization}/openapi/${s.slug}`;

export function toVersion(c: Ctx, spec: SpecRecord, v: SpecVersionRecord): z.input<typeof SpecVersion> {
  return {
    object: 'openapi-spec-version',
    id: v.id,
    createdAt: v.createdAt,
    url: v.url,
    urls: { location: urls.api(c, `${specPath(spec)}/versions/${v.id}`) },
  };
}
