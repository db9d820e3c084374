import { RealtimeClient, type SocketFactory } from './RealtimeClient.ts';
import { realtimeUrl } from './realtimeUrl.ts';
import { useRealtimeStore } from './realtimeStore.ts';

/** How long the user can read why they are logged out before the page goes to the login. */
export const REALTIME_LOGOUT_DELAY_MS = 2000;

/** Who the connection is for. */
export interface RealtimeSessionUser {
  username: string;
  /** The session it belongs to (a new token is a new link); it travels in the file cookie. */
  token: string;
  role: string;
}

/** What a realtime session needs from the app around it (tests pass fakes). */
export interface RealtimeSessionEnv {
  /** Shows an error toast. */
  notify: (text: string) => void;
  /** Logs the user out (full logout: storage, caches, reload). */
  logout: () => void;
  /** Marks every cached list stale so the screens re-fetch (after `resync`). */
  invalidate: () => void;
  /** The texts the session shows. */
  texts: () => { linkFailed: string; sessionExpired: string };
  /**
   * Asks the server to set the file cookie again for the session's token (the socket is
   * authenticated by it): `renewed`, `refused` (the token is no longer valid — the HTTP client
   * has told the user and logs out) or `failed` (no answer). Without it a refused socket logs out.
   */
  renewCookie?: () => Promise<'renewed' | 'refused' | 'failed'>;
  socketFactory?: SocketFactory;
  location?: Pick<Location, 'protocol' | 'host'>;
  logoutDelayMs?: number;
  pingIntervalMs?: number;
  reconnectDelayMs?: number;
  maxReconnects?: number;
}

/**
 * Opens the realtime link of a signed-in user and publishes it in the realtime store (SPEC §4,
 * DESIGN.md §7): a refused token (4401) logs out, once a renewed file cookie was refused too;
 * when every reconnect failed the user is told 'link to server failed' and logged out unless an
 * admin; `resync` re-fetches the lists.
 * Returns the function that closes the link (logout, user change).
 */
export function startRealtimeSession(user: RealtimeSessionUser, env: RealtimeSessionEnv) {
  const set = useRealtimeStore.setState;
  const delay = env.logoutDelayMs ?? REALTIME_LOGOUT_DELAY_MS;
  let logoutTimer: ReturnType<typeof setTimeout> | null = null;
  let renewTried = false;
  let stopped = false;
  const logoutSoon = () => {
    if (!logoutTimer) logoutTimer = setTimeout(env.logout, delay);
  };
  const client = new RealtimeClient({
    url: realtimeUrl(user.username, env.location),
    socketFactory: env.socketFactory,
    pingIntervalMs: env.pingIntervalMs,
    reconnectDelayMs: env.reconnectDelayMs,
    maxReconnects: env.maxReconnects,
    onOpen: () => set({ status: 'open', attempt: 0 }),
    onDisconnect: (attempt) => set({ status: 'reconnecting', attempt }),
    onResync: () => env.invalidate(),
    onExhausted: () => {
      set({ status: 'failed' });
      env.notify(env.texts().linkFailed);
      // SPEC §6: the admin is exempt from the forced logout.
      if (user.role !== 'admin') logoutSoon();
    },
    onUnauthorized: () => {
      // A stored session can outlive its file cookie (cleared, or expired while the token slid),
      // and after a page load the socket may open before the SPA has set it again: renew it once
      // and reconnect before taking the refusal as the session's end.
      if (env.renewCookie && !renewTried) {
        renewTried = true;
        void env.renewCookie().then((r) => {
          if (stopped) return;
          if (r === 'renewed') client.start();
          else if (r === 'refused') set({ status: 'failed' });
          else expire();
        });
        return;
      }
      expire();
    },
  });
  const expire = () => {
    set({ status: 'failed' });
    env.notify(env.texts().sessionExpired);
    logoutSoon();
  };
  set({ client, status: 'connecting', attempt: 0 });
  client.start();
  return () => {
    stopped = true;
    client.stop();
    if (logoutTimer) clearTimeout(logoutTimer);
    if (useRealtimeStore.getState().client === client) {
      set({ client: null, status: 'idle', attempt: 0 });
    }
  };
}
