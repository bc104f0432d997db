import { collectionsService as cols } from '../services/collections.js';
import { spacesService as spaces } from '../services/spaces.js';
import { accountService as account } from '../services/account.js';
import type { HandlersOf } from '../types.js';

export const spaceHandlers: HandlersOf<'spaces'> = {
  'spaces.list': (c, { params, query }) => spaces.list(c, params.organizationId, query),
  'spaces.create': (c, { params, body }) => spaces.create(c, params.organizationId, body),
  'spaces.get': (c, { params }) => spaces.get(c, params.spaceId),
  'spaces.update': (c, { params, body }) => spaces.update(c, params.spaceId, body),
  'spaces.delete': (c, { params }) => spaces.delete(c, params.spaceId),
  'spaces.duplicate': (c, { params }) => spaces.duplicate(c, params.spaceId),
  'spaces.restore': (c, { params }) => spaces.restore(c, params.spaceId),
  'spaces.move': (c, { params, body }) => spaces.move(c, params.spaceId, body),
  'spaces.transfer': (c, { params, body }) => spaces.transfer(c, params.spaceId, body.organization),
  'spaces.links': (c, { params, query }) => spaces.links(c, params.spaceId, query),
};

export const collectionHandlers: HandlersOf<'collections'> = {
  'collections.list': (c, { params, query }) => cols.list(c, params.organizationId, query),
  'collections.create': (c, { params, body }) => cols.create(c, params.organizationId, body),
  'collections.get': (c, { params }) => cols.get(c, params.collectionId),
  'collections.update': (c, { params, body }) => cols.update(c, params.collectionId, body),
  'collections.delete': (c, { params }) => cols.delete(c, params.collectionId),
  'collections.spaces': (c, { params, query }) => cols.spaces(c, params.collectionId, query),
  'collections.move': (c, { params, body }) => cols.move(c, params.collectionId, body),
  'collections.transfer': (c, { params, body }) => cols.transfer(c, params.collectionId, body.organization),
};

export const accountHandlers: HandlersOf<'account'> = {
  'account.user': (c) => account.user(c),
  'account.orgs': (c, { query }) => account.orgs(c, query),
};
