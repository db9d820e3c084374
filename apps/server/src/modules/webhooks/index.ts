// The front door of the webhooks module: the event log other modules write in their transactions,
// and the event stream the public API serves.
export {
  recordEvent,
  recordEvents,
  recordPushEvents,
  taskEvents,
  setStreamTenants,
  forgetSinks,
  WEBHOOKS_CHANGED_CHANNEL,
  type OpenEventInput,
} from './event-log.ts';
export {
  lastEventIdOf,
  serveEventStream,
  type StreamOptions,
  type StreamScope,
} from './event-stream.ts';
