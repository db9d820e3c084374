import { SYSTEM_OK, API_OK } from '@cst/shared';
import { currentLanguage, i18n } from '../../i18n/index.ts';
import { fullLogout } from '../session/logout.ts';
import { keepFileCookie } from '../session/fileCookie.ts';
import { useSession } from '../session/sessionStore.ts';
import {
  createHttpClient,
  onceUnauthorized,
  type ClientEnv,
  type ClientProfile,
} from './createHttpClient.ts';
import { notifyError } from './notifier.ts';

/** Client A: `/main-api`, `/task-api`, `/api/v1`, `/account`, `/sim-api`, `/wechat_api`, … */
export const mainProfile: ClientProfile = {
  successCode: API_OK,
  messageField: 'message',
  authHeaders: (token, tenantId) => ({ 'cst-token': token, 'cst-id': tenantId ?? '' }),
};

/** Client B: `/system-api`. */
export const systemProfile: ClientProfile = {
  successCode: SYSTEM_OK,
  messageField: 'msg',
  authHeaders: (token) => ({ Authorization: `Bearer ${token}` }),
};

const sessionExpiredText = () => i18n.t('msg.unauthenticated');

const env: ClientEnv = {
  session: () => {
    const s = useSession.getState();
    return { token: s.token, tenantId: s.user?.tenantId ?? null };
  },
  language: currentLanguage,
  notify: notifyError,
  texts: () => ({
    sessionExpired: sessionExpiredText(),
    timeout: i18n.t('http.timeout'),
    network: i18n.t('http.network'),
    status: i18n.t('http.status'),
  }),
  onTokenExpiry: (expiresAt) => {
    useSession.getState().touch(expiresAt);
    // The file cookie follows the session as it slides (lib/session/fileCookie.ts).
    keepFileCookie(expiresAt, () =>
      systemApi.post('/system-api/auth/file-cookie', {}, { silent: true }),
    );
  },
  // One reaction shared by both clients: a burst of 401s shows one toast and logs out once.
  onUnauthorized: onceUnauthorized(
    () => notifyError(sessionExpiredText()),
    () => void fullLogout({ callServer: false }),
  ),
};

/** Client A (envelope code 0, `message`; headers `cst-token` + `cst-id`). */
export const mainApi = createHttpClient(mainProfile, env);
/** Client B (envelope code 200, `msg`; header `Authorization: Bearer`). */
export const systemApi = createHttpClient(systemProfile, env);
