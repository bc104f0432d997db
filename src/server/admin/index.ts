/*
 * The local-only operations on a store file, as the command line reaches them: `gbctl local …`
 * (users, organizations, memberships, tokens, the admin's token) and the checks `gbctl store
 * import` makes of a dataset before it replaces a store. None of it is reachable over HTTP.
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
export { checkDataset } from '../dataset-check.js';
/** What the operations refuse with: a status the command line turns into an exit code. */
export { HttpError } from '../http-error.js';
