import type * as z from 'zod';
import type { Organization } from '../../contract/schemas/organization.js';
import { roleAtLeast, type Ctx } from '../context.js';
import type { OrgRecord } from '../model/org.js';
import type { Role } from '../../contract/schemas/common.js';
import { urls } from '../lib/urls.js';

export function toOrganization(c: Pick<Ctx, 'origin'>, o: OrgRecord, role: Role | undefined): z.input<typeof Organization> {
  const at = (r: Role) => roleAtLeast(role, r);
  return {
    object: 'organization',
    id: o.id,
    title: o.title,
    createdAt: o.createdAt,
    emailDomains: [],
    type: 'business',
    plan: 'free',
    inviteLinks: false,
    mergeRules: { type: 'none' },
    trial: { status: 'notapplicable' },
    urls: { location: urls.api(c, `/orgs/${o.id}`), app: urls.app(c, `/o/${o.id}`) },
    permissions: {
      view: at('read'),
      admin: at('admin'),
      ownTeam: false,
      createContent: at('create'),
      createOpenAPISpec: at('create'),
      ingestConversations: false,
      viewBilling: at('admin'),
      listMembers: at('read'),
      listTeams: at('read'),
      listIntegrations: at('read'),
      listInstallations: at('admin'),
      installIntegration: at('admin'),
    },
  };
}
