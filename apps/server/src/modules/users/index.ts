// The users module's front door: the grant check, the audit log, and the tenant and user rows other
// modules create or check.
export { assertCanGrant, isUuid } from './users.policy.ts';
export {
  audit,
  insertTenantWithManager,
  isUniqueViolation,
  likePattern,
  usernameTaken,
  violatedUnique,
} from './users.repository.ts';
