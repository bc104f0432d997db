import * as z from 'zod';
import { defineResource } from '../endpoint.js';
import { Id, Role, listOf, pageQuery } from '../schemas/common.js';
import { SamlCertificate, SamlEntityId, SamlLabel, SamlProvider, SsoLogins } from '../schemas/saml.js';
import { Url } from '../schemas/url.js';

const organizationId = Id.describe('organization id');
const orgParams = z.object({ organizationId });
const providerParams = z.object({ organizationId, samlProviderId: Id.describe('SAML provider id') });

const providerFields = {
  entityID: SamlEntityId.optional().describe('entity id of the identity provider (at most 1024 characters)'),
  certificate: SamlCertificate.optional().describe('x.509 certificate of the identity provider (at most 10000 characters)'),
  ssoURL: Url.optional().describe('single sign-on url of the identity provider (at most 2048 characters)'),
  defaultTeam: Id.optional().describe('team that members signing in through the provider join'),
  defaultRole: Role.nullable().optional().describe('role given to members signing in; null means guest'),
};

export const saml = defineResource('saml', {
  list: {
    method: 'GET',
    path: '/orgs/{organizationId}/saml',
    summary: 'List the SAML providers of an organization',
    params: orgParams,
    query: () => z.object(pageQuery),
    response: () => listOf(SamlProvider),
    status: 200,
    access: 'admin',
  },
  create: {
    method: 'POST',
    path: '/orgs/{organizationId}/saml',
    summary: 'Create a SAML provider',
    params: orgParams,
    body: () => z.object({ label: SamlLabel.describe('label (1 to 30 characters)'), ...providerFields }),
    response: () => SamlProvider,
    status: 201,
    access: 'admin',
  },
  get: {
    method: 'GET',
    path: '/orgs/{organizationId}/saml/{samlProviderId}',
    summary: 'Show a SAML provider',
    params: providerParams,
    response: () => SamlProvider,
    status: 200,
    access: 'admin',
  },
  update: {
    method: 'PATCH',
    path: '/orgs/{organizationId}/saml/{samlProviderId}',
    summary: 'Update a SAML provider',
    params: providerParams,
    body: () => z.object({ label: SamlLabel.optional().describe('label (1 to 30 characters)'), ...providerFields }),
    response: () => SamlProvider,
    status: 200,
    access: 'admin',
  },
  delete: {
    method: 'DELETE',
    path: '/orgs/{organizationId}/saml/{samlProviderId}',
    summary: 'Delete a SAML provider',
    params: providerParams,
    status: 204,
    access: 'admin',
    destructive: true,
  },
});

export const sso = defineResource('sso', {
  list: {
    method: 'GET',
    path: '/orgs/{organizationId}/sso',
    summary: 'List the SSO login entries of an organization',
    params: orgParams,
    response: () => SsoLogins,
    status: 200,
    access: 'read',
  },
});
