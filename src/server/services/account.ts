import { type Ctx } from '../context.js';
import { unauthorized } from '../http-error.js';
import { memberships, orgs } from '../model/org.js';
import { toUser } from '../views/user.js';
import { paginate, type PageQuery } from '../lib/paginate.js';
import { toOrganization } from '../views/organization.js';

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
