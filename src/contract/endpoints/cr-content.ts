import * as z from 'zod';
import { defineResource } from '../endpoint.js';
import { Id, listOf, pageQuery } from '../schemas/common.js';
import { BacklinkList, LinkList, LinkStatus } from '../schemas/links.js';
import { contentQuery, File, ImportBody, ImportResult, Page, PageList, pageContentQuery, Revision } from '../schemas/revision.js';

const crParams = z.object({
  spaceId: Id.describe('space id'),
  changeRequestId: Id.describe('change request id or number'),
});
const fileParams = crParams.extend({ fileId: Id.describe('file id') });
const pageParams = crParams.extend({ pageId: Id.describe('page id') });

/** The change-request variant of `gbctl content <verb>`, selected by `--change-request`. */
const scoped = <V extends string>(verb: V) => ({ noun: 'content', verb, scope: { param: 'changeRequestId', option: 'change-request' } }) as const;

/** The change-request variant of `gbctl pages <verb>`: pages are read and edited under one noun. */
const scopedPages = <V extends string>(verb: V) => ({ noun: 'pages', verb, scope: { param: 'changeRequestId', option: 'change-request' } }) as const;

export const crContent = defineResource('cr-content', {
  revision: {
    method: 'GET',
    path: '/spaces/{spaceId}/change-requests/{changeRequestId}/content',
    summary: 'Show the current revision of a change request',
    params: crParams,
    query: () => z.object(contentQuery),
    response: () => Revision,
    status: 200,
    access: 'read',
    cli: scoped('revision'),
  },
  import: {
    method: 'POST',
    path: '/spaces/{spaceId}/change-requests/{changeRequestId}/content/import',
    summary: 'Import content into a change request from a URL',
    params: crParams,
    body: () => ImportBody,
    response: () => ImportResult,
    status: 201,
    access: 'edit',
    cli: scoped('import'),
  },
  pages: {
    method: 'GET',
    path: '/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages',
    summary: 'List the pages of a change request',
    params: crParams,
    query: () => z.object(contentQuery),
    response: () => PageList,
    status: 200,
    access: 'read',
    cli: scopedPages('list'),
  },
  files: {
    method: 'GET',
    path: '/spaces/{spaceId}/change-requests/{changeRequestId}/content/files',
    summary: 'List the files of a change request',
    params: crParams,
    query: () => z.object({ ...pageQuery, ...contentQuery }),
    response: () => listOf(File),
    status: 200,
    access: 'read',
    cli: scoped('files'),
  },
  file: {
    method: 'GET',
    path: '/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}',
    summary: 'Show a file of a change request',
    params: fileParams,
    query: () => z.object(contentQuery),
    response: () => File,
    status: 200,
    access: 'read',
    cli: scoped('file'),
  },
  backlinks: {
    method: 'GET',
    path: '/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}/backlinks',
    summary: 'List the places in a change request that link to a file',
    params: fileParams,
    query: () => z.object(pageQuery),
    response: () => BacklinkList,
    status: 200,
    access: 'read',
    cli: scoped('backlinks'),
  },
  page: {
    method: 'GET',
    path: '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}',
    summary: 'Show a page of a change request',
    params: pageParams,
    query: () => z.object(pageContentQuery),
    response: () => Page,
    status: 200,
    access: 'read',
    cli: scopedPages('get'),
  },
  links: {
    method: 'GET',
    path: '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/links',
    summary: 'List the links in a page of a change request',
    params: pageParams,
    query: () => z.object({ ...pageQuery, status: LinkStatus.optional().describe('only links with this status') }),
    response: () => LinkList,
    status: 200,
    access: 'read',
    cli: scoped('links'),
  },
});
