import * as z from 'zod';
import { defineResource } from '../endpoint.js';
import { Id, listOf, pageQuery } from '../schemas/common.js';
import { BacklinkList, LinkList, LinkStatus } from '../schemas/links.js';
import { contentQuery, File, ImportBody, ImportResult, Page, PageList, pageContentQuery, Revision, SearchResult } from '../schemas/revision.js';

const spaceParams = z.object({ spaceId: Id.describe('space id') });
/** A content reference a template's parameters name: only its kind is read. */
const ContentRef = z.looseObject({
  kind: z.enum(['file', 'url', 'page', 'anchor', 'user', 'collection', 'space', 'reusable-content', 'openapi']),
});
const fileParams = spaceParams.extend({ fileId: Id.describe('file id') });
const pageParams = spaceParams.extend({ pageId: Id.describe('page id') });

export const content = defineResource('content', {
  search: {
    method: 'GET',
    path: '/spaces/{spaceId}/search',
    summary: 'Search the content of a space',
    params: spaceParams,
    query: () =>
      z.object({
        query: z.string().max(512).describe('text to search for (at most 512 characters)'),
        ...pageQuery,
      }),
    response: () => listOf(SearchResult),
    status: 200,
    access: 'read',
    cli: { args: ['query'] },
  },
  revision: {
    method: 'GET',
    path: '/spaces/{spaceId}/content',
    summary: 'Show the current revision of a space',
    params: spaceParams,
    query: () => z.object(contentQuery),
    response: () => Revision,
    status: 200,
    access: 'read',
  },
  import: {
    method: 'POST',
    path: '/spaces/{spaceId}/content/import',
    summary: 'Import content into a space from a URL',
    params: spaceParams,
    body: () => ImportBody,
    response: () => ImportResult,
    status: 201,
    access: 'edit',
  },
  template: {
    method: 'POST',
    path: '/spaces/{spaceId}/content/template',
    summary: 'Apply a template to a space',
    params: spaceParams,
    body: () =>
      z.object({
        id: Id.describe('template id'),
        params: z
          .object({
            contentRefs: z.record(z.string(), ContentRef).optional().describe('content references by name'),
          })
          .optional()
          .describe('template parameters'),
      }),
    status: 201,
    access: 'edit',
  },
  pages: {
    method: 'GET',
    path: '/spaces/{spaceId}/content/pages',
    summary: 'List the pages of a space',
    params: spaceParams,
    query: () => z.object(contentQuery),
    response: () => PageList,
    status: 200,
    access: 'read',
    cli: { noun: 'pages', verb: 'list' },
  },
  files: {
    method: 'GET',
    path: '/spaces/{spaceId}/content/files',
    summary: 'List the files of a space',
    params: spaceParams,
    query: () => z.object({ ...pageQuery, ...contentQuery }),
    response: () => listOf(File),
    status: 200,
    access: 'read',
  },
  file: {
    method: 'GET',
    path: '/spaces/{spaceId}/content/files/{fileId}',
    summary: 'Show a file of a space',
    params: fileParams,
    query: () => z.object(contentQuery),
    response: () => File,
    status: 200,
    access: 'read',
  },
  backlinks: {
    method: 'GET',
    path: '/spaces/{spaceId}/content/files/{fileId}/backlinks',
    summary: 'List the places that link to a file',
    params: fileParams,
    query: () => z.object(pageQuery),
    response: () => BacklinkList,
    status: 200,
    access: 'read',
  },
  page: {
    method: 'GET',
    path: '/spaces/{spaceId}/content/page/{pageId}',
    summary: 'Show a page of a space',
    params: pageParams,
    query: () => z.object(pageContentQuery),
    response: () => Page,
    status: 200,
    access: 'read',
    cli: { noun: 'pages', verb: 'get' },
  },
  links: {
    method: 'GET',
    path: '/spaces/{spaceId}/content/page/{pageId}/links',
    summary: 'List the links in a page',
    params: pageParams,
    query: () => z.object({ ...pageQuery, status: LinkStatus.optional().describe('only links with this status') }),
    response: () => LinkList,
    status: 200,
    access: 'read',
  },
});
