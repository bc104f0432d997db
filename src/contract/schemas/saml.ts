import * as z from 'zod';
import { DateTime, Role } from './common.js';
import { Url } from './url.js';

export const SamlLabel = z.string().min(1).max(30);
export const SamlEntityId = z.string().max(1024);
export const SamlCertificate = z.string().max(10000);
export const SamlStatus = z.enum(['active', 'pending']);

export const Team = z.looseObject({
  object: z.literal('team'),
  id: z.string(),
  title: z.string().min(1).max(64),
  members: z.number(),
  spaces: z.number(),
  createdAt: DateTime,
  permissions: z.looseObject({ admin: z.boolean(), view: z.boolean() }),
});
export type Team = z.infer<typeof Team>;

export const SamlProvider = z.looseObject({
  object: z.literal('saml-provider'),
  id: z.string(),
  label: SamlLabel,
  /**
   * The identity provider's sign-in URL. The platform's schema lists it as required, but a
   * provider created with a label alone has none yet: it is left out until one is set, rather
   * than answered as "" (not a URL).
   */
  ssoURL: Url.optional(),
  entityID: SamlEntityId,
  certificate: SamlCertificate,
  defaultTeam: Team.optional(),
  /** null means guest. */
  defaultRole: Role.nullable(),
  createdAt: DateTime,
  status: SamlStatus,
  service: z.looseObject({ acsURL: z.string(), startURL: z.string(), entityID: SamlEntityId }),
  urls: z.looseObject({ location: z.string() }),
});
export type SamlProvider = z.infer<typeof SamlProvider>;

export const SsoLogin = z.looseObject({
  id: z.string(),
  label: SamlLabel,
  startURL: z.string(),
});
export type SsoLogin = z.infer<typeof SsoLogin>;

export const SsoLogins = z.looseObject({ items: z.array(SsoLogin) });
