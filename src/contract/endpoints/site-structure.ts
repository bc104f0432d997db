import * as z from 'zod';
import { defineResource } from '../endpoint.js';
import { Icon, Id, listOf, pageQuery, positionOf } from '../schemas/common.js';
import {
  Condition,
  SectionDescription,
  SectionGroupPointer,
  SectionGroupTitle,
  SectionPath,
  SectionTitle,
  SiteSection,
  SiteSectionGroup,
  SiteSectionPointer,
  SiteSpace,
  SiteSpacePath,
  SiteSpacePointer,
} from '../schemas/site-structure.js';

const organizationId = Id.describe('organization id');
const siteId = Id.describe('site id');
const siteParams = z.object({ organizationId, siteId });
const sectionParams = z.object({ organizationId, siteId, siteSectionId: Id.describe('site section id') });
const groupParams = z.object({ organizationId, siteId, siteSectionGroupId: Id.describe('site section group id') });
const siteSpaceParams = z.object({ organizationId, siteId, siteSpaceId: Id.describe('site space id') });
const shareKey = z.string().max(256).optional().describe('secret key of a share-link site');

export const sections = defineResource('sections', {
  list: {
    method: 'GET',
    path: '/orgs/{organizationId}/sites/{siteId}/sections',
    summary: 'List the sections of a site',
    params: siteParams,
    query: () => z.object({ shareKey, ...pageQuery }),
    response: () => listOf(SiteSection),
    status: 200,
    access: 'read',
  },
  create: {
    method: 'POST',
    path: '/orgs/{organizationId}/sites/{siteId}/sections',
    summary: 'Add a section to a site',
    params: siteParams,
    body: () =>
      z.object({
        spaceId: Id.describe('space to add to the section as a site space variant'),
        title: SectionTitle.nullable().optional().describe('title (2 to 128 characters), or null'),
        icon: Icon.nullable().optional().describe('icon name (at most 50 characters), or null'),
      }),
    response: () => SiteSection,
    status: 201,
    access: 'admin',
  },
  update: {
    method: 'PATCH',
    path: '/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}',
    summary: 'Update a site section',
    params: sectionParams,
    body: () =>
      z.object({
        title: SectionTitle.optional().describe('title (2 to 128 characters)'),
        path: SectionPath.optional().describe('path of the section in the site (1 to 100 characters)'),
        defaultSiteSpace: Id.optional().describe('site space used as default in this section'),
        condition: Condition.nullable().optional().describe('expression deciding whether visitors see the section (1 to 1024 characters); null removes it'),
        icon: Icon.nullable().optional().describe('icon name (at most 50 characters); null removes it'),
        description: SectionDescription.nullable().optional().describe('description (at most 256 characters); null removes it'),
      }),
    response: () => SiteSection,
    status: 200,
    access: 'admin',
  },
  delete: {
    method: 'DELETE',
    path: '/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}',
    summary: 'Remove a section from a site',
    params: sectionParams,
    status: 204,
    access: 'admin',
    destructive: true,
  },
  move: {
    method: 'POST',
    path: '/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}/move',
    summary: 'Move a site section among its siblings (deprecated)',
    params: sectionParams,
    body: () =>
      z.object({
        position: positionOf(SiteSectionPointer).optional().describe('place before or after a sibling section; default at the end'),
      }),
    response: () => SiteSection,
    status: 200,
    access: 'admin',
  },
});

export const sectionGroups = defineResource('section-groups', {
  list: {
    method: 'GET',
    path: '/orgs/{organizationId}/sites/{siteId}/section-groups',
    summary: 'List the section groups of a site',
    params: siteParams,
    query: () => z.object(pageQuery),
    response: () => listOf(SiteSectionGroup),
    status: 200,
    access: 'read',
  },
  create: {
    method: 'POST',
    path: '/orgs/{organizationId}/sites/{siteId}/section-groups',
    summary: 'Add a section group to a site',
    params: siteParams,
    body: () =>
      z.object({
        title: SectionGroupTitle.describe('title (1 to 100 characters)'),
        icon: Icon.nullable().optional().describe('icon name (at most 50 characters), or null'),
        sections: z.array(Id).optional().describe('ids of the sections to put in the group'),
      }),
    response: () => SiteSectionGroup,
    status: 201,
    access: 'admin',
  },
  update: {
    method: 'PATCH',
    path: '/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}',
    summary: 'Update a section group',
    params: groupParams,
    body: () =>
      z.object({
        title: SectionGroupTitle.optional().describe('title (1 to 100 characters)'),
        icon: Icon.nullable().optional().describe('icon name (at most 50 characters); null removes it'),
      }),
    response: () => SiteSectionGroup,
    status: 200,
    access: 'admin',
  },
  delete: {
    method: 'DELETE',
    path: '/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}',
    summary: 'Delete a section group',
    params: groupParams,
    status: 204,
    access: 'admin',
    destructive: true,
  },
  'add-section': {
    method: 'POST',
    path: '/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections',
    summary: 'Add a section to a section group',
    params: groupParams,
    body: () => z.object({ sectionId: Id.describe('id of the section to add') }),
    response: () => SiteSectionGroup,
    status: 201,
    access: 'admin',
  },
  'remove-section': {
    method: 'DELETE',
    path: '/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections/{siteSectionId}',
    summary: 'Remove a section from a section group',
    params: z.object({
      organizationId,
      siteId,
      siteSectionGroupId: Id.describe('site section group id'),
      siteSectionId: Id.describe('site section id'),
    }),
    status: 204,
    access: 'admin',
  },
  move: {
    method: 'POST',
    path: '/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/move',
    summary: 'Move a section group among its siblings (deprecated)',
    params: groupParams,
    body: () =>
      z.object({
        position: positionOf(SectionGroupPointer).optional().describe('place before or after a sibling section or group; default at the end'),
      }),
    response: () => SiteSectionGroup,
    status: 200,
    access: 'admin',
  },
});

export const siteSpaces = defineResource('site-spaces', {
  list: {
    method: 'GET',
    path: '/orgs/{organizationId}/sites/{siteId}/site-spaces',
    summary: 'List the site spaces of a site',
    params: siteParams,
    query: () =>
      z.object({
        shareKey,
        ...pageQuery,
        default: z.boolean().optional().describe('true: only the default site space; false: only the others'),
      }),
    response: () => listOf(SiteSpace),
    status: 200,
    access: 'read',
  },
  create: {
    method: 'POST',
    path: '/orgs/{organizationId}/sites/{siteId}/site-spaces',
    summary: 'Add a space to a site',
    params: siteParams,
    body: () =>
      z.object({
        spaceId: Id.describe('space to add'),
        sectionId: Id.optional().describe('section to add it to (default: the default section, or the root)'),
      }),
    response: () => SiteSpace,
    status: 201,
    access: 'admin',
  },
  update: {
    method: 'PATCH',
    path: '/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}',
    summary: 'Update a site space',
    params: siteSpaceParams,
    body: () =>
      z.object({
        path: SiteSpacePath.optional().describe('path of the site space in the site (1 to 100 characters)'),
        condition: Condition.nullable().optional().describe('expression deciding whether visitors see the site space (1 to 1024 characters); null removes it'),
        spaceId: Id.optional().describe('space the site space points to'),
      }),
    response: () => SiteSpace,
    status: 200,
    access: 'admin',
  },
  delete: {
    method: 'DELETE',
    path: '/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}',
    summary: 'Remove a space from a site',
    params: siteSpaceParams,
    status: 204,
    access: 'admin',
  },
  move: {
    method: 'POST',
    path: '/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/move',
    summary: 'Move a site space among its siblings (deprecated)',
    params: siteSpaceParams,
    body: () =>
      z.object({
        position: positionOf(SiteSpacePointer).optional().describe('place before or after a sibling site space; default at the end'),
      }),
    response: () => SiteSpace,
    status: 200,
    access: 'admin',
  },
});
