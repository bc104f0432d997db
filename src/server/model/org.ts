import { hash } from 'node:crypto';
import type { Role } from '../../contract/schemas/common.js';
import { table } from '../../store/store.js';

export interface OrgRecord {
  id: string;
  title: string;
  createdAt: string;
}

export interface UserRecord {
  id: string;
  displayName: string;
  email?: string;
  createdAt: string;
}

/** A user's role in an organization; id is `<organization>:<user>`. */
export interface MembershipRecord {
  id: string;
  organization: string;
  user: string;
  role: Role;
  joinedAt: string;
}

/** An API token, stored as the SHA-256 of the secret (the id). */
export interface TokenRecord {
  id: string;
  user: string;
  label: string;
  createdAt: string;
}

/** Settings of the store itself, one record per key. */
export interface MetaRecord {
  id: string;
  value: unknown;
}

export const orgs = table<OrgRecord>('organizations');
export const users = table<UserRecord>('users');
export const memberships = table<MembershipRecord>('memberships');
export const tokens = table<TokenRecord>('tokens');
export const meta = table<MetaRecord>('meta');

export const membershipId = (org: string, user: string) => `${org}:${user}`;

/** A token's SHA-256 as the store keeps it; the one-shot hash costs a quarter of a Hash object's on every request. */
export const hashToken = (secret: string) => hash('sha256', secret, 'hex');
