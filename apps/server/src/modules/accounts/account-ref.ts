import type { GatewayEventName, GatewayEvents } from '../../gateway/index.ts';

/** Gateway events about one work account (everything but the QR login events). */
export type AccountEventName = Exclude<
  GatewayEventName,
  'qrIssued' | 'qrScanned' | 'qrConfirmed' | 'qrFailed' | 'qrExpired'
>;

/** The work account an event is about. */
export interface AccountRef {
  id: string;
  tenantId: string;
  wxid: string;
}

/**
 * A feature's handler of a gateway event, called with the account resolved. A handler that
 * stores the event later answers `{ kept }` (gateway `Taken`; the message store's batches): the
 * platform is told the event was kept once that settles, while the account's next event goes on
 * at once. Any other answer means the handler is done with the event.
 */
export type AccountEventHandler<K extends AccountEventName> = (
  event: GatewayEvents[K],
  account: AccountRef,
) => unknown;
