import * as z from 'zod';
import { defineResource } from '../endpoint.js';
import { DefaultLevel, Id, listOf, pageQuery, positionOf } from '../schemas/common.js';
import { Collection, CollectionDescription, CollectionTitle } from '../schemas/collection.js';
import { SiblingPointer, Space } from '../schemas/space.js';

const collectionParams = z.object({ collectionId: Id.describe('collection id') });
const orgParams = z.object({ organizationId: Id.describe('organization id') });

export const collections = defineResource('collections', {
  list: {
    method: 'GET',
    path: '/orgs/{organizationId}/collections',
    summary: 'List the collections of an organization',
    params: orgParams,
    query: () => z.object({ ...pageQuery, nested: z.boolean().optional().describe('include nested collections (default true)') }),
    response: () => listOf(Collection),
    status: 200,
    access: 'read',
  },
  create: {
    method: 'POST',
    path: '/orgs/{organizationId}/collections',
    summary: 'Create a collection',
    params: orgParams,
    body: () =>
      z.object({
        title: CollectionTitle.optional().describe('title (at most 50 characters)'),
        parent: Id.optional().describe('parent collection'),
      }),
    response: () => Collection,
    status: 201,
    access: 'create',
  },
  get: {
    method: 'GET',
    path: '/collections/{collectionId}',
    summary: 'Show a collection',
    params: collectionParams,
    response: () => Collection,
    status: 200,
    access: 'read',
  },
  update: {
    method: 'PATCH',
    path: '/collections/{collectionId}',
    summary: 'Update a collection',
    params: collectionParams,
    body: () =>
      z.object({
        title: CollectionTitle.optional().describe('title (at most 50 characters)'),
        description: CollectionDescription.optional().describe('description (at most 100 characters)'),
        defaultLevel: DefaultLevel.optional().describe('default role of organization members, inherit, or null'),
      }),
    response: () => Collection,
    status: 200,
    access: 'admin',
  },
  delete: {
    method: 'DELETE',
    path: '/collections/{collectionId}',
    summary: 'Delete a collection',
    params: collectionParams,
    status: 204,
    access: 'admin',
    destructive: true,
  },
  spaces: {
    method: 'GET',
    path: '/collections/{collectionId}/spaces',
    summary: 'List the spaces in a collection',
    params: collectionParams,
    query: () => z.object(pageQuery),
    response: () => listOf(Space),
    status: 200,
    access: 'read',
  },
  move: {
    method: 'POST',
    path: '/collections/{collectionId}/move',
    summary: 'Move a collection',
    params: collectionParams,
    body: () =>
      z.object({
        parent: Id.nullable().optional().describe('collection to move into; null for the top level'),
        position: positionOf(SiblingPointer).optional().describe('place before or after a sibling'),
      }),
    response: () => Collection,
    status: 200,
    access: 'admin',
  },
  transfer: {
    method: 'POST',
    path: '/collections/{collectionId}/transfer',
    summary: 'Transfer a collection to another organization',
    params: collectionParams,
    body: () => z.object({ organization: Id.describe('target organization id') }),
    response: () => Collection,
    status: 200,
    access: 'admin',
    destructive: true,
  },
});
