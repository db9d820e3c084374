// The roles module's front door: a role by id.
export { findRole } from './roles.repository.ts';
