import type {
  AddBatchResult,
  AddUserBody,
  ChangeStatusBody,
  DelSubCstBody,
  DelSubCstResult,
  EditUserBody,
  ListResult,
  PositionItem,
  ResetPwdBody,
  SeatNode,
  UserItem,
} from '@cst/shared';
import { mainApi, systemApi } from '../../lib/http/clients.ts';

const USERS = '/system-api/system/cst/user';
const POSITIONS = '/system-api/system/positions';
/** The xlsx export of the user list, under the same filters (seats, or customers for the admin). */
export const USERS_EXPORT_URL = `${USERS}/export`;

/** Filters of the user page list. */
export interface UserListQuery {
  page: number;
  pageSize: number;
  keyword?: string;
  role?: string;
  status?: string;
}

/** User calls shared by seats (tenant) and customers (platform admin). */
export const usersApi = {
  pageList: (q: UserListQuery) =>
    systemApi.get<ListResult<UserItem>>(`${USERS}/pageList`, { ...q }),
  subList: (uid: string) => systemApi.get<ListResult<UserItem>>(`${USERS}/sub/list`, { uid }),
  add: (body: AddUserBody) => systemApi.post<{ uid: string }>(`${USERS}/add`, body),
  addBatch: (users: AddUserBody[]) =>
    systemApi.post<AddBatchResult>(`${USERS}/addBatch`, { users }),
  edit: (body: EditUserBody) => systemApi.post<null>(`${USERS}/edit`, body),
  changeStatus: (body: ChangeStatusBody) => systemApi.put<null>(`${USERS}/changeStatus`, body),
  resetPassword: (body: ResetPwdBody) => systemApi.post<null>(`${USERS}/reset/pwd`, body),
  /** Deletes a sub-account, handing its work to another seat (client A, API.md). */
  remove: (body: DelSubCstBody) => mainApi.post<DelSubCstResult>('/main-api/acc/del-sub-cst', body),
  /** The seat tree of the caller's tenant (`/account/account-tree`, client A). */
  accountTree: (onlyWithAccounts = false) =>
    mainApi.get<SeatNode[]>('/account/account-tree', {
      onlyWithAccounts: onlyWithAccounts ? '1' : undefined,
    }),
};

/** Position calls (client B). */
export const positionsApi = {
  list: () =>
    systemApi.get<ListResult<PositionItem>>(`${POSITIONS}/list`, { page: 1, pageSize: 1000 }),
  add: (name: string) => systemApi.post<{ id: string }>(`${POSITIONS}/add`, { name }),
  edit: (id: string, name: string) => systemApi.post<null>(`${POSITIONS}/edit`, { id, name }),
  remove: (id: string) => systemApi.post<null>(`${POSITIONS}/del/${encodeURIComponent(id)}`),
};

/** Query keys of this feature. */
export const seatsKeys = {
  users: ['users'] as const,
  positions: ['positions'] as const,
  tree: ['accountTree'] as const,
};
