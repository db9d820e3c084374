// The customer-service module's front door: a conversation's assignee, status and the flow log they
// write.
export { logFlow, setAssignee, setStatus } from './assignment.repository.ts';
export type { FlowEvent } from './flow-events.ts';
