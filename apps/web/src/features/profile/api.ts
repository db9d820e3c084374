import type {
  ChangePwdBody,
  ListResult,
  LoginRecord,
  Profile,
  TwoStepBody,
  UpdateProfileBody,
} from '@cst/shared';
import { mainApi } from '../../lib/http/clients.ts';

/** Calls of "my seat" (client A, `/account`). */
export const profileApi = {
  get: () => mainApi.get<Profile>('/account/profile'),
  update: (body: UpdateProfileBody) => mainApi.post<Profile>('/account/profile', body),
  changePassword: (body: ChangePwdBody) => mainApi.post<null>('/account/changePwd', body),
  twoStep: (body: TwoStepBody) =>
    mainApi.post<{ twoStepEnabled: boolean }>('/account/twoStepPwd', body),
  loginRecords: (page: number, pageSize: number) =>
    mainApi.get<ListResult<LoginRecord>>('/account/login-records', { page, pageSize }),
};
