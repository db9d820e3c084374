import type { z } from 'zod';
import {
  SKIP_CANCEL_PREFIX,
  type SIM_FAULT_KINDS,
  type SimContacts,
  type SimPendingQr,
  type simAccount,
  type simConfig,
  type simInboundBody,
  type SimMomentActBody,
} from '@cst/shared';
import { mainApi } from '../../lib/http/clients.ts';

const SIM = '/sim-api';
/** Reads that pushes re-fetch (see accounts/api.ts). */
const SIM_READ = `${SKIP_CANCEL_PREFIX}/sim-api`;

/** The simulator's tunables. */
export type SimConfig = z.infer<typeof simConfig>;
/** A work account as the simulated platform sees it. */
export type SimAccount = z.infer<typeof simAccount>;
/** A message a contact (or a group member) writes (API.md `/sim-api/inbound`). */
export type SimInbound = z.infer<typeof simInboundBody>;
/** The kinds of failure the simulator can cause. */
export type SimFaultKind = (typeof SIM_FAULT_KINDS)[number];

/** Simulator control calls (client A; only when the platform is the simulator). */
export const simulatorApi = {
  pendingQr: () => mainApi.get<SimPendingQr[]>(`${SIM_READ}/pending-qr`),
  scan: (loginId: string, confirm: boolean, nickname?: string) =>
    mainApi.post<{ wxid: string }>(`${SIM}/qr/scan`, { loginId, confirm, nickname }),
  /** Types a pairing code on the simulated phone. */
  pair: (code: string, confirm: boolean, nickname?: string) =>
    mainApi.post<{ wxid: string }>(`${SIM}/pair`, { code, confirm, nickname }),
  scanOnly: (loginId: string) => mainApi.post<null>(`${SIM}/qr/scan-only`, { loginId }),
  accounts: () => mainApi.get<SimAccount[]>(`${SIM_READ}/accounts`),
  contacts: (workWxid: string) => mainApi.get<SimContacts>(`${SIM}/contacts`, { workWxid }),
  inbound: (body: SimInbound) => mainApi.post<{ msgId: string }>(`${SIM}/inbound`, body),
  generate: (workWxid: string, msgType?: number) =>
    mainApi.post<null>(`${SIM}/generate`, { workWxid, msgType }),
  fault: (workWxid: string, kind: SimFaultKind) =>
    mainApi.post<null>(`${SIM}/fault`, { workWxid, kind }),
  /** The platform gives a person a new id; the console merges their chats. */
  mergePerson: (workWxid: string, wxid: string, newWxid: string) =>
    mainApi.post<{ wxid: string }>(`${SIM}/merge-person`, { workWxid, wxid, newWxid }),
  friendRequest: (body: { workWxid: string; fromWxid?: string; verifyContent: string }) =>
    mainApi.post<{ requestId: string; fromWxid: string }>(`${SIM}/friend-request`, body),
  momentAct: (body: SimMomentActBody) =>
    mainApi.post<{ momentId: string; fromWxid: string; commentId: string | null }>(
      `${SIM}/moment/act`,
      body,
    ),
  config: () => mainApi.get<SimConfig>(`${SIM}/config`),
  setConfig: (patch: Partial<SimConfig>) => mainApi.post<SimConfig>(`${SIM}/config`, patch),
};

/** Query keys of the simulator page. */
export const simulatorKeys = {
  pending: ['simulator', 'pendingQr'] as const,
  accounts: ['simulator', 'accounts'] as const,
  contacts: (wxid: string) => ['simulator', 'contacts', wxid] as const,
  config: ['simulator', 'config'] as const,
};
