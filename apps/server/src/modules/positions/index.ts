// The positions module's front door: a position by id.
export { findPosition } from './positions.repository.ts';
