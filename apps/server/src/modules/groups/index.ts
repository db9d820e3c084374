// The groups module's front door: a call to the gateway about a group.
export { type GroupCall, runGroupCall } from './group-gateway.ts';
