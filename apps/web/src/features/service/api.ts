import {
  SKIP_CANCEL_PREFIX,
  type ListResult,
  type SeatRef,
  type ServiceLogItem,
  type TransferCreateBody,
  type TransferItem,
  type TransferListBody,
} from '@cst/shared';
import { mainApi } from '../../lib/http/clients.ts';

const S = '/main-api/service';
/** Reads that may repeat while one is in flight (a push and an action both refresh) skip cancelling. */
const S_REPEATABLE = `/main-api${SKIP_CANCEL_PREFIX}/service`;

/** Query keys: invalidate `all` after a transfer changes. */
export const serviceKeys = {
  all: ['service'] as const,
  transfers: ['service', 'transfers'] as const,
  pendingIn: ['service', 'transfers', 'pendingIn'] as const,
  seats: ['service', 'seats'] as const,
  log: (indexName: string) => ['service', 'log', indexName] as const,
};

/** Seat transfers, the service log and do not disturb (docs/service-transfer.md). */
export const serviceApi = {
  list: (body: TransferListBody) =>
    mainApi.post<ListResult<TransferItem>>(`${S_REPEATABLE}/transfer/list`, body),
  create: (body: TransferCreateBody) => mainApi.post<{ id: string }>(`${S}/transfer/create`, body),
  accept: (id: string) => mainApi.post<null>(`${S}/transfer/accept`, { id }),
  revoke: (id: string) => mainApi.post<null>(`${S}/transfer/revoke`, { id }),
  seats: () => mainApi.post<{ list: SeatRef[] }>(`${S}/transfer/seats`),
  log: (indexName: string) =>
    mainApi.post<{ list: ServiceLogItem[] }>(`${S}/log`, { index_name: indexName }),
  disturb: (indexName: string, disturb: boolean) =>
    mainApi.post<null>('/api/v1/talk/disturb', { index_name: indexName, disturb }),
};

/** A seat's name as lists show it. */
export const seatName = (s: SeatRef) => s.nickname || s.username;
