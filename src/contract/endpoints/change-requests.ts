import * as z from 'zod';
import { defineResource } from '../endpoint.js';
import { Id, listOf, pageQuery } from '../schemas/common.js';
import {
  ChangeRequest,
  ChangeRequestStatus,
  ChangeRequestSubject,
  MergeResult,
  Pdf,
  SettableChangeRequestStatus,
  UpdateResult,
} from '../schemas/change-request.js';
import { JsonDocument } from '../schemas/document.js';
import { Page } from '../schemas/revision.js';
import { Emoji } from '../schemas/space.js';

const spaceParams = z.object({ spaceId: Id.describe('space id') });
const orgParams = z.object({ organizationId: Id.describe('organization id') });
const crParams = spaceParams.extend({ changeRequestId: Id.describe('change request id or number') });
const pageParams = crParams.extend({ pageId: Id.describe('page id') });

const filters = {
  creator: Id.optional().describe('only change requests created by this user id'),
  contributor: Id.optional().describe('only change requests this user id contributed to'),
};
/** As the platform: open change requests unless another status is asked for. */
const listQuery = z.object({
  ...pageQuery,
  status: ChangeRequestStatus.default('open').describe('only change requests with this status (default open)'),
  ...filters,
});
/** The organization's list takes several statuses (repeat the parameter), as the platform's newer description has it. */
const orgListQuery = z.object({
  ...pageQuery,
  status: z.array(ChangeRequestStatus).min(1).default(['open']).describe('only change requests with one of these statuses (default open)'),
  ...filters,
});

const PageTitle = z.string().min(1).max(100);
const EDIT_EXTENSION = 'gbctl: edit change-request content (not a platform route)';

export const changeRequests = defineResource('change-requests', {
  list: {
    method: 'GET',
    path: '/spaces/{spaceId}/change-requests',
    summary: 'List the change requests of a space',
    params: spaceParams,
    query: () => listQuery,
    response: () => listOf(ChangeRequest),
    status: 200,
    access: 'read',
  },
  'list-org': {
    method: 'GET',
    path: '/orgs/{organizationId}/change-requests',
    summary: 'List the change requests of an organization',
    params: orgParams,
    query: () => orgListQuery,
    response: () => listOf(ChangeRequest),
    status: 200,
    access: 'read',
  },
  create: {
    method: 'POST',
    path: '/spaces/{spaceId}/change-requests',
    summary: 'Create a change request',
    params: spaceParams,
    body: () =>
      z.object({
        subject: ChangeRequestSubject.optional().describe('subject (at most 100 characters)'),
        agentTaskId: Id.optional().describe('id of the agent task to implement'),
      }),
    response: () => ChangeRequest,
    status: 201,
    access: 'edit',
  },
  get: {
    method: 'GET',
    path: '/spaces/{spaceId}/change-requests/{changeRequestId}',
    summary: 'Show a change request',
    params: crParams,
    response: () => ChangeRequest,
    status: 200,
    access: 'read',
  },
  update: {
    method: 'PATCH',
    path: '/spaces/{spaceId}/change-requests/{changeRequestId}',
    summary: "Update a change request's subject, description or status",
    params: crParams,
    body: () =>
      z.object({
        subject: ChangeRequestSubject.optional().describe('subject (at most 100 characters)'),
        description: JsonDocument.optional().describe('description, as a rich text document'),
        status: SettableChangeRequestStatus.optional().describe('new status: draft, open or archived'),
      }),
    response: () => ChangeRequest,
    status: 200,
    access: 'edit',
  },
  merge: {
    method: 'POST',
    path: '/spaces/{spaceId}/change-requests/{changeRequestId}/merge',
    summary: 'Merge a change request into the main content',
    params: crParams,
    response: () => MergeResult,
    status: 200,
    access: 'review',
  },
  refresh: {
    method: 'POST',
    path: '/spaces/{spaceId}/change-requests/{changeRequestId}/update',
    summary: 'Bring the latest main content into a change request',
    params: crParams,
    response: () => UpdateResult,
    status: 200,
    access: 'edit',
  },
  resolve: {
    method: 'POST',
    path: '/spaces/{spaceId}/change-requests/{changeRequestId}/gbctl/conflicts/{pageId}/resolve',
    summary: 'Settle a conflicted page of a change request by keeping one side',
    params: pageParams,
    body: () =>
      z.object({
        keep: z
          .enum(['change-request', 'main'])
          .describe("the side to keep: change-request (its page as it is) or main (main's page, put into the change request)"),
      }),
    response: () => ChangeRequest,
    status: 200,
    access: 'edit',
    extension: 'gbctl: settle a merge conflict (not a platform route)',
    cli: { pageMayBeAbsent: true },
    gbctlOnly: true,
  },
  export: {
    method: 'GET',
    path: '/spaces/{spaceId}/change-requests/{changeRequestId}/pdf',
    summary: 'Get a temporary URL of a change request as PDF',
    params: crParams,
    query: () =>
      z.object({
        page: Id.optional().describe('page id to start from (or to print alone with --only)'),
        only: z.boolean().optional().describe('print only the given page'),
      }),
    response: () => Pdf,
    status: 200,
    access: 'read',
  },
  'create-page': {
    method: 'POST',
    path: '/spaces/{spaceId}/change-requests/{changeRequestId}/gbctl/pages',
    summary: 'Add a page to a change request',
    params: crParams,
    body: () =>
      z.object({
        title: PageTitle.describe('page title (1 to 100 characters)'),
        markdown: z.string().optional().describe('page content as markdown'),
        parent: Id.optional().describe('parent page id (top level when absent)'),
        emoji: Emoji.optional().describe('page emoji'),
      }),
    response: () => Page,
    status: 201,
    access: 'edit',
    cli: { noun: 'pages', verb: 'create' },
    extension: EDIT_EXTENSION,
    gbctlOnly: true,
  },
  'update-page': {
    method: 'PATCH',
    path: '/spaces/{spaceId}/change-requests/{changeRequestId}/gbctl/pages/{pageId}',
    summary: 'Edit a page of a change request',
    params: pageParams,
    body: () =>
      z.object({
        title: PageTitle.optional().describe('page title (1 to 100 characters)'),
        markdown: z.string().optional().describe('page content as markdown (replaces it)'),
        emoji: Emoji.optional().describe('page emoji'),
      }),
    response: () => Page,
    status: 200,
    access: 'edit',
    cli: { noun: 'pages', verb: 'update' },
    extension: EDIT_EXTENSION,
    gbctlOnly: true,
  },
  'delete-page': {
    method: 'DELETE',
    path: '/spaces/{spaceId}/change-requests/{changeRequestId}/gbctl/pages/{pageId}',
    summary: 'Remove a page from a change request',
    params: pageParams,
    status: 204,
    access: 'edit',
    destructive: true,
    cli: { noun: 'pages', verb: 'delete' },
    extension: EDIT_EXTENSION,
    gbctlOnly: true,
  },
});
