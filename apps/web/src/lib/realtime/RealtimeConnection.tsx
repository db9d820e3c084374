import { SKIP_CANCEL_PREFIX } from '@cst/shared';
import { useEffect } from 'react';
import { i18n } from '../../i18n/index.ts';
import { systemApi } from '../http/clients.ts';
import { HttpError } from '../http/errors.ts';
import { notifyError } from '../http/notifier.ts';
import { queryClient } from '../queryClient.ts';
import { fullLogout } from '../session/logout.ts';
import { useSession } from '../session/sessionStore.ts';
import { startRealtimeSession } from './realtimeSession.ts';

/**
 * Keeps the realtime link of the signed-in user: connects on login, closes on logout or when the
 * user changes. Mounted once in the providers; renders nothing.
 */
export function RealtimeConnection() {
  const token = useSession((s) => s.token);
  const username = useSession((s) => s.user?.username);
  const role = useSession((s) => s.user?.role);
  useEffect(() => {
    if (!token || !username || !role) return;
    return startRealtimeSession(
      { username, token, role },
      {
        notify: notifyError,
        logout: () => void fullLogout({ callServer: false }),
        invalidate: () => void queryClient.invalidateQueries(),
        // Not merged with the page load's own refresh that may still be under way.
        renewCookie: () =>
          systemApi
            .post(`/system-api${SKIP_CANCEL_PREFIX}/auth/file-cookie`, {}, { silent: true })
            .then(
              () => 'renewed' as const,
              (e: unknown) =>
                e instanceof HttpError && (e.status === 401 || e.code === 401)
                  ? 'refused'
                  : 'failed',
            ),
        texts: () => ({
          linkFailed: i18n.t('realtime.linkFailed'),
          sessionExpired: i18n.t('msg.unauthenticated'),
        }),
      },
    );
  }, [token, username, role]);
  return null;
}
