import type {
  CaptchaResult,
  ForgetBody,
  LoginBody,
  LoginResult,
  RegisterBody,
  RegisterResult,
  SendVerifyCodeBody,
  SendVerifyCodeResult,
  SessionUser,
} from '@cst/shared';
import { mainApi, systemApi } from '../../lib/http/clients.ts';

/** Sign-in and registration calls (API.md, Auth and session). */
export const authApi = {
  /** A captcha and whether the login must carry it (for a username, or for this address). */
  captcha: (username?: string) =>
    systemApi.get<CaptchaResult>('/system-api/code', { username }, { silent: true }),
  /** Signs in; errors are shown on the form (silent), their data says captcha / two-step. */
  login: (body: LoginBody) =>
    systemApi.post<LoginResult>('/system-api/auth/login', body, { silent: true }),
  /** The signed-in user, fresh from the server. */
  me: () => systemApi.get<SessionUser>('/system-api/auth/me'),
  register: (body: RegisterBody) => mainApi.post<RegisterResult>('/api/v1/auth/register', body),
  sendVerifyCode: (body: SendVerifyCodeBody) =>
    mainApi.post<SendVerifyCodeResult>('/api/v1/auth/send-verify-code', body),
  forget: (body: ForgetBody) => mainApi.post<null>('/api/v1/auth/forget', body),
};
