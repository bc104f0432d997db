import { X509Certificate } from 'node:crypto';
import type * as z from 'zod';
import type { EndpointId } from '../../contract/index.js';
import type { SamlProvider, Team } from '../../contract/schemas/saml.js';
import type { ReadTx } from '../../store/store.js';
import { isoNow, roleAtLeast, roleIn, type Ctx } from '../context.js';
import { badRequest, notFound } from '../http-error.js';
import { samlProviders, teams, type SamlProviderRecord, type TeamRecord } from '../model/saml.js';
import type { BodyIn } from '../types.js';
import { orgFor } from './orgs.js';
import { listKey, paginate, type PageQuery } from '../lib/paginate.js';
import { urls } from '../lib/urls.js';

type Body<K extends EndpointId> = BodyIn<K>;

/** Checks that `pem` is one PEM-encoded X.509 certificate; returns it trimmed. */
export function checkCertificate(pem: string): string {
  const text = pem.trim();
  if (!/^-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----$/.test(text)) {
    throw badRequest('certificate: must be a PEM X.509 certificate ("-----BEGIN CERTIFICATE-----" … "-----END CERTIFICATE-----")');
  }
  try {
    new X509Certificate(text);
  } catch (e) {
    throw badRequest(`certificate: not a valid X.509 certificate (${(e as Error).message})`);
  }
  return text;
}

/** Where the identity provider sends people: derived from the serving origin and the provider id. */
export function serviceOf(c: Pick<Ctx, 'origin'>, p: Pick<SamlProviderRecord, 'id' | 'organization'>) {
  const base = `${c.origin}/auth/saml/${p.organization}/${p.id}`;
  return { acsURL: `${base}/acs`, startURL: `${base}/start`, entityID: `${base}/metadata` };
}

/** A provider is active once it has everything a sign-in needs. */
const isActive = (p: SamlProviderRecord) => !!(p.ssoURL && p.entityID && p.certificate);

function toTeam(c: Ctx, tx: ReadTx, t: TeamRecord): z.input<typeof Team> {
  const role = roleIn(c, tx, t.organization);
  return {
    object: 'team',
    id: t.id,
    title: t.title,
    members: t.members.length,
    spaces: t.spaces.length,
    createdAt: t.createdAt,
    permissions: { admin: roleAtLeast(role, 'admin'), view: roleAtLeast(role, 'read') },
  };
}

function toProvider(c: Ctx, tx: ReadTx, p: SamlProviderRecord): z.input<typeof SamlProvider> {
  const team = p.defaultTeam ? tx.get(teams, p.defaultTeam) : undefined;
  return {
    object: 'saml-provider',
    id: p.id,
    label: p.label,
    ...(p.ssoURL ? { ssoURL: p.ssoURL } : {}),
    entityID: p.entityID ?? '',
    certificate: p.certificate ?? '',
    ...(team ? { defaultTeam: toTeam(c, tx, team) } : {}),
    defaultRole: p.defaultRole,
    createdAt: p.createdAt,
    status: isActive(p) ? 'active' : 'pending',
    service: serviceOf(c, p),
    urls: { location: urls.api(c, `/orgs/${p.organization}/saml/${p.id}`) },
  };
}

function providerFor(c: Ctx, tx: ReadTx, organizationId: string, id: string): SamlProviderRecord {
  orgFor(c, tx, organizationId);
  const p = tx.get(samlProviders, id);
  if (!p || p.organization !== organizationId) throw notFound(`SAML provider ${id} not found in organization ${organizationId}`);
  return p;
}

function checkTeam(tx: ReadTx, organization: string, teamId: string): string {
  const t = tx.get(teams, teamId);
  if (!t || t.organization !== organization) throw notFound(`defaultTeam: team ${teamId} not found in organization ${organization}`);
  return t.id;
}

type Fields = Body<'saml.update'>;

function apply(tx: ReadTx, p: SamlProviderRecord, body: Fields): SamlProviderRecord {
  const next = { ...p };
  if (body.label !== undefined) next.label = body.label;
  if (body.entityID !== undefined) next.entityID = body.entityID;
  if (body.ssoURL !== undefined) next.ssoURL = body.ssoURL;
  if (body.certificate !== undefined) next.certificate = checkCertificate(body.certificate);
  if (body.defaultTeam !== undefined) next.defaultTeam = checkTeam(tx, p.organization, body.defaultTeam);
  if (body.defaultRole !== undefined) next.defaultRole = body.defaultRole;
  return next;
}

export const samlService = {
  list: (c: Ctx, organizationId: string, q: PageQuery) =>
    c.read((tx) => {
      orgFor(c, tx, organizationId);
      return paginate(tx.where(samlProviders, 'organization', organizationId), q, (p) => toProvider(c, tx, p), listKey('saml-providers', organizationId));
    }),

  create: (c: Ctx, organizationId: string, body: Body<'saml.create'>) =>
    c.write((tx) => {
      orgFor(c, tx, organizationId);
      const base: SamlProviderRecord = { id: c.ids.next(), organization: organizationId, label: body.label, defaultRole: null, createdAt: isoNow(c) };
      return toProvider(c, tx, tx.put(samlProviders, apply(tx, base, body)));
    }),

  get: (c: Ctx, organizationId: string, id: string) => c.read((tx) => toProvider(c, tx, providerFor(c, tx, organizationId, id))),

  update: (c: Ctx, organizationId: string, id: string, body: Fields) =>
    c.write((tx) => toProvider(c, tx, tx.put(samlProviders, apply(tx, providerFor(c, tx, organizationId, id), body)))),

  delete: (c: Ctx, organizationId: string, id: string) =>
    c.write((tx) => {
      orgFor(c, tx, organizationId);
      const p = tx.get(samlProviders, id);
      if (p && p.organization === organizationId) tx.delete(samlProviders, id);
    }),

  /** Sign-in entries: one per active provider of the organization. */
  logins: (c: Ctx, organizationId: string) =>
    c.read((tx) => {
      orgFor(c, tx, organizationId);
      const items = tx
        .where(samlProviders, 'organization', organizationId)
        .filter(isActive)
        .map((p) => ({ id: p.id, label: p.label, startURL: serviceOf(c, p).startURL }));
      return { items };
    }),
};
