import type { Role } from '../../contract/schemas/common.js';
import { table } from '../../store/store.js';

export interface SamlProviderRecord {
  id: string;
  organization: string;
  label: string;
  ssoURL?: string;
  entityID?: string;
  certificate?: string;
  defaultTeam?: string;
  /** null means guest. */
  defaultRole: Role | null;
  createdAt: string;
}

/** A team of an organization (SAML providers name one as the team new members join). */
export interface TeamRecord {
  id: string;
  organization: string;
  title: string;
  /** User ids. */
  members: string[];
  /** Space ids the team has access to. */
  spaces: string[];
  createdAt: string;
}

export const samlProviders = table<SamlProviderRecord>('samlProviders');
export const teams = table<TeamRecord>('teams');
