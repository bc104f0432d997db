/*
 * The local-only operations on a store file, as the command line reaches them: `gbctl local …`
 * (users, organizations, memberships, tokens, the admin's token) and the check of a dataset's
 * accounts `gbctl store import` makes before it replaces a store. None of it is reachable over
 * HTTP. Reading a dataset back through the API is a door of its own (dataset-check.ts): it loads
 * the whole catalogue, which no `gbctl local` command needs.
 */
export { mintAdminToken, type AdminEnv } from './accounts.js';
export { accountProblem } from './check-accounts.js';
export {
  createOrg,
  createToken,
  createUser,
  listMembers,
  listOrgs,
  listTokens,
  listUsers,
  removeMember,
  revokeToken,
  setMember,
  type MemberView,
  type OrgView,
  type TokenView,
  type UserView,
} from './local-admin.js';
/** What the operations refuse with: a status the command line turns into an exit code. */
export { HttpError } from '../http-error.js';
