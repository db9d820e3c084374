// The front door of the webhooks module: the event log other modules write in their transactions.
export {
  recordEvent,
  recordEvents,
  recordPushEvents,
  setStreamTenants,
  type OpenEventInput,
} from './event-log.ts';
