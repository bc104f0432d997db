import * as z from 'zod';
import { defineResource } from '../endpoint.js';
import { listOf, pageQuery, User } from '../schemas/common.js';
import { Organization } from '../schemas/organization.js';

/** Who the token belongs to and where it may act: platform routes the description leaves out. */
export const account = defineResource('account', {
  user: {
    method: 'GET',
    path: '/user',
    summary: 'Show the user the token belongs to',
    response: () => User,
    status: 200,
    access: 'read',
    cli: { noun: 'user', verb: 'get' },
    extension: 'the platform\'s getAuthenticatedUser, used by "gbctl auth login" to check a token',
  },
  orgs: {
    method: 'GET',
    path: '/orgs',
    summary: 'List the organizations the caller belongs to',
    query: () => z.object(pageQuery),
    response: () => listOf(Organization),
    status: 200,
    access: 'read',
    cli: { noun: 'orgs', verb: 'list' },
    extension: "the platform's listOrganizationsForAuthenticatedUser",
  },
});
