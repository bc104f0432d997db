import type { z } from 'zod';
import type { Organization } from '../../contract/schemas/organization.js';
import { roleAtLeast, type Ctx } from '../context.js';
import { unauthorized } from '../http-error.js';
import { memberships, orgs, type OrgRecord } from '../model/org.js';
import type { Role } from '../../contract/schemas/common.js';
import { toUser } from './orgs.js';
import { paginate, type PageQuery } from './paginate.js';
import { urls } from './urls.js';

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

export const accountService = {
  user: async (c: Ctx) => {
    if (!c.caller) throw unauthorized('this operation needs a token');
    return toUser(c, c.caller);
  },
  orgs: (c: Ctx, q: PageQuery) =>
    c.read((tx) => {
      if (!c.caller) throw unauthorized('this operation needs a token');
      const mine = tx.where(memberships, 'user', c.caller.id);
      const list = mine.flatMap((m) => {
        const o = tx.get(orgs, m.organization);
        return o ? [{ o, role: m.role }] : [];
      });
      return paginate(list, q, ({ o, role }) => toOrganization(c, o, role));
    }),
};
