import * as z from 'zod';
import { defineResource } from '../endpoint.js';
import { DefaultLevel, Id, Language, listOf, pageQuery, positionOf } from '../schemas/common.js';
import { EditMode, Emoji, SiblingPointer, Space, SpaceTitle } from '../schemas/space.js';
import { LinkList, LinkStatus } from '../schemas/links.js';

const spaceParams = z.object({ spaceId: Id.describe('space id') });
const orgParams = z.object({ organizationId: Id.describe('organization id') });

export const spaces = defineResource('spaces', {
  list: {
    method: 'GET',
    path: '/orgs/{organizationId}/spaces',
    summary: 'List the spaces of an organization',
    params: orgParams,
    query: () => z.object(pageQuery),
    response: () => listOf(Space),
    status: 200,
    access: 'read',
  },
  create: {
    method: 'POST',
    path: '/orgs/{organizationId}/spaces',
    summary: 'Create a space',
    params: orgParams,
    body: () =>
      z.object({
        title: SpaceTitle.optional().describe('title (at most 50 characters)'),
        emoji: Emoji.optional().describe('emoji, as a character or unicode codepoint'),
        parent: Id.optional().describe('collection to create the space in'),
        language: Language.optional().describe('content language'),
        editMode: EditMode.optional().describe('live (edit directly) or locked'),
      }),
    response: () => Space,
    status: 201,
    access: 'create',
  },
  get: {
    method: 'GET',
    path: '/spaces/{spaceId}',
    summary: 'Show a space',
    params: spaceParams,
    query: () => z.object({ shareKey: z.string().max(256).optional().describe('secret key of a share-link space') }),
    response: () => Space,
    status: 200,
    access: 'read',
  },
  update: {
    method: 'PATCH',
    path: '/spaces/{spaceId}',
    summary: 'Update a space',
    params: spaceParams,
    body: () =>
      z.object({
        title: SpaceTitle.optional().describe('title (at most 50 characters)'),
        emoji: Emoji.nullable().optional().describe('emoji; null removes it'),
        editMode: EditMode.optional().describe('live (edit directly) or locked'),
        defaultLevel: DefaultLevel.optional().describe('default role of organization members, inherit, or null'),
        language: Language.optional().describe('content language'),
      }),
    response: () => Space,
    status: 200,
    access: 'admin',
  },
  delete: {
    method: 'DELETE',
    path: '/spaces/{spaceId}',
    summary: 'Delete a space (restorable for 7 days)',
    params: spaceParams,
    status: 204,
    access: 'admin',
    destructive: true,
  },
  duplicate: {
    method: 'POST',
    path: '/spaces/{spaceId}/duplicate',
    summary: 'Duplicate a space with its content',
    params: spaceParams,
    response: () => Space,
    status: 201,
    access: 'create',
  },
  restore: {
    method: 'POST',
    path: '/spaces/{spaceId}/restore',
    summary: 'Restore a space deleted in the last 7 days',
    params: spaceParams,
    response: () => Space,
    status: 200,
    access: 'admin',
  },
  move: {
    method: 'POST',
    path: '/spaces/{spaceId}/move',
    summary: 'Move a space to a collection or the top level',
    params: spaceParams,
    body: () =>
      z.object({
        parent: Id.nullable().optional().describe('collection to move into; null for the top level'),
        position: positionOf(SiblingPointer).optional().describe('place before or after a sibling'),
      }),
    response: () => Space,
    status: 200,
    access: 'admin',
  },
  transfer: {
    method: 'POST',
    path: '/spaces/{spaceId}/transfer',
    summary: 'Transfer a space to another organization',
    params: spaceParams,
    body: () => z.object({ organization: Id.describe('target organization id') }),
    response: () => Space,
    status: 200,
    access: 'admin',
    destructive: true,
  },
  links: {
    method: 'GET',
    path: '/spaces/{spaceId}/links',
    summary: "List the links in a space's content",
    params: spaceParams,
    query: () => z.object({ ...pageQuery, status: LinkStatus.optional().describe('only links with this status') }),
    response: () => LinkList,
    status: 200,
    access: 'read',
  },
});
