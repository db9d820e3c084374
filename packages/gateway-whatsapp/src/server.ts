// The server's side of the seam, in one place: the gateway contract, its event hub, the tables
// of this adapter and the shared-secret helper. The server loads this package only when
// PLATFORM=whatsapp (apps/server/src/gateway/index.ts), never statically.
export * from '../../../apps/server/src/gateway/types.ts';
export { EventHub } from '../../../apps/server/src/gateway/event-hub.ts';
export {
  waContacts,
  waMessages,
  waSessionKeys,
  waSessions,
} from '../../../apps/server/src/db/schema/whatsapp.ts';
export type { Db, DbOrTx } from '../../../apps/server/src/platform/db.ts';
export { sharedSecret } from '../../../apps/server/src/modules/files/files.repository.ts';
