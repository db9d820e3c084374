import { useQuery } from '@tanstack/react-query';
import {
  SKIP_CANCEL_PREFIX,
  type AccountGroupNode,
  type AccountsAffected,
  type ListResult,
  type MultiLoginResult,
  type PlatformInfo,
  type ProxyAddResult,
  type ProxyItem,
  type PairCodeResult,
  type QrLoginResult,
  type QrLoginState,
  type SwitcherResult,
  type WorkAccountPool,
  type WorkAccountStatus,
  type AccountListResult,
} from '@cst/shared';
import { mainApi } from '../../lib/http/clients.ts';
import { useSession } from '../../lib/session/sessionStore.ts';

const ACC = '/main-api/acc';
/**
 * Reads that pushes re-fetch: a re-fetch while one is in flight is wanted (react-query keeps the
 * newest), so they skip the clients' duplicate cancelling.
 */
const ACC_READ = `/main-api${SKIP_CANCEL_PREFIX}/acc`;

/** The xlsx export of the account list under the same filters. */
export const ACCOUNTS_EXPORT_URL = `${ACC}/export`;

/** Filters of the account list (API.md `acc/all`). */
export interface AccountListQuery {
  page: number;
  pageSize: number;
  status?: WorkAccountStatus;
  pool?: WorkAccountPool;
  keyword?: string;
  groupId?: string;
}

/** Work-account calls (client A). */
export const accountsApi = {
  list: (q: AccountListQuery) => mainApi.post<AccountListResult>(`${ACC_READ}/all`, q),
  switcher: () => mainApi.get<SwitcherResult>(`${ACC_READ}/switcher`),
  platform: () => mainApi.get<PlatformInfo>(`${ACC}/platform`),
  /** Silent: the QR dialog shows a refusal (no free port, seat full) itself. */
  qrLoginCode: (body: { groupId?: string; proxyId?: string; wxid?: string }) =>
    mainApi.post<QrLoginResult>(`${ACC}/qr-login-code`, body, { silent: true }),
  /** A person resumes accounts held at ban risk (their automated sends go on). */
  riskResume: (wxids: string[]) => mainApi.post<AccountsAffected>(`${ACC}/risk-resume`, { wxids }),
  /** Silent: the dialog shows a refusal (a malformed number, no free port) itself. */
  pairCode: (body: { phone: string; groupId?: string; proxyId?: string; wxid?: string }) =>
    mainApi.post<PairCodeResult>(`${ACC}/pair-code`, body, { silent: true }),
  qrLoginStatus: (loginId: string) =>
    mainApi.post<QrLoginState>(`${ACC_READ}/qr-login-status`, { loginId }, { silent: true }),
  logout: (wxids: string[]) => mainApi.post<AccountsAffected>(`${ACC}/logout`, { wxids }),
  multiLogin: (wxids: string[]) => mainApi.post<MultiLoginResult>(`${ACC}/multi-login`, { wxids }),
  remove: (wxids: string[], confirm: string) =>
    mainApi.post<AccountsAffected>(`${ACC}/delete`, { wxids, confirm }),
  removeBanned: (wxids: string[] | undefined, confirm: string) =>
    mainApi.post<AccountsAffected>(`${ACC}/delete-banned`, { wxids, confirm }),
  removeNonOnline: (wxids: string[] | undefined, confirm: string) =>
    mainApi.post<AccountsAffected>(`${ACC}/delete-non-online`, { wxids, confirm }),
  batchEdit: (body: { wxids: string[]; remark?: string; groupId?: string | null }) =>
    mainApi.post<AccountsAffected>(`${ACC}/batch-edit`, body),
  moveGroup: (wxids: string[], groupId: string | null) =>
    mainApi.post<AccountsAffected>(`${ACC}/move-group`, { wxids, groupId }),
  changePool: (wxids: string[], pool: WorkAccountPool, confirm: string) =>
    mainApi.post<AccountsAffected>(`${ACC}/pool-change`, { wxids, pool, confirm }),
  updateRemark: (wxid: string, remark: string) =>
    mainApi.post<null>(`${ACC}/update-remark`, { wxid, remark }),
  distribute: (wxids: string[], uid: string) =>
    mainApi.post<AccountsAffected>(`${ACC}/distribute`, { wxids, uid }),
  restitute: (wxids: string[]) => mainApi.post<AccountsAffected>(`${ACC}/restitute`, { wxids }),
};

/** Account-group calls (the tree on the left of the list). */
export const groupsApi = {
  tree: () => mainApi.post<AccountGroupNode[]>(`${ACC_READ}/group/list`),
  add: (name: string, parentId?: string) =>
    mainApi.post<{ id: string }>(`${ACC}/group/add`, { name, parentId }),
  rename: (id: string, name: string) => mainApi.post<null>(`${ACC}/group/rename`, { id, name }),
  remove: (id: string) => mainApi.post<null>(`${ACC}/group/del`, { id }),
};

/** Proxy calls. */
export const proxiesApi = {
  list: (q: { page: number; pageSize: number; keyword?: string }) =>
    mainApi.post<ListResult<ProxyItem>>(`${ACC_READ}/proxy-list`, q),
  add: (text: string) => mainApi.post<ProxyAddResult>(`${ACC}/proxy-add`, { text }),
  assign: (wxids: string[], proxyId: string | null) =>
    mainApi.post<AccountsAffected>(`${ACC}/proxy-assign`, { wxids, proxyId }),
  remove: (ids: string[]) => mainApi.post<{ count: number }>(`${ACC}/proxy-del`, { ids }),
};

/** Query keys of this feature (everything under `workAccounts` is refreshed by pushes). */
export const accountsKeys = {
  all: ['workAccounts'] as const,
  list: ['workAccounts', 'list'] as const,
  switcher: ['workAccounts', 'switcher'] as const,
  groups: ['workAccounts', 'groups'] as const,
  proxies: ['workAccounts', 'proxies'] as const,
  platform: ['platform'] as const,
};

/** What the chat platform is and can do (the simulator page shows only for the simulator). */
export function usePlatform() {
  const signedIn = useSession((s) => Boolean(s.token && s.user));
  return useQuery({
    queryKey: accountsKeys.platform,
    queryFn: accountsApi.platform,
    enabled: signedIn,
    staleTime: Infinity,
  });
}
