import { randomUUID } from 'node:crypto';
import { Browsers, type ConnectionState, type UserFacingSocketConfig } from 'baileys';
import { type Conn, type Login, type WaCore, newConn } from './core.ts';
import { applyBlocklist, blocklistChanges, syncBlocklist } from './blocklist.ts';
import { closeAction, DISCONNECT } from './disconnect.ts';
import { handleEvents, redeliver } from './events.ts';
import { personJid } from './ids.ts';
import { MalformedProxyError, parseProxy, proxyRoutes } from './proxy.ts';
import {
  GatewayError,
  normalizePhone,
  type QrLoginDto,
  type ResumeOptions,
  type StartPairingLoginCommand,
  type StartQrLoginCommand,
} from './seam.ts';

// Logins, resumes, disconnects: the connection side of the adapter.

const LATER_QR_MS = 20_000;
/** The code of the server's outbound guard refusing an address (`proxyLookup`). */
const REFUSED = 'EOUTBOUNDREFUSED';
const loginKey = (loginId: string) => `login:${loginId}`;

function toDto(l: Login): QrLoginDto {
  return {
    loginId: l.loginId,
    qrPayload: l.phone ? '' : l.qr,
    expiresAt: l.expiresAt,
    status: l.status,
    wxid: l.wxid,
    ...(l.pairingCode ? { pairingCode: l.pairingCode } : {}),
  };
}

/** Opens a socket for a connection; its events go to `handleEvents` one batch at a time. */
export async function connect(core: WaCore, conn: Conn): Promise<void> {
  const free = await core.slot();
  if (conn.ended || core.closed) return free();
  const auth = core.store.authState(conn.session);
  let routes;
  try {
    routes = await proxyRoutes(conn.session.proxy, core.opts.proxyLookup);
  } catch (err) {
    free();
    // The cause (an address, a port) goes to the log only; the user reads a plain reason.
    core.deps.log.warn({ err, session: conn.session.id }, 'whatsapp proxy not usable');
    if (err instanceof MalformedProxyError) return proxyUnusable(core, conn, '代理格式不正确');
    if ((err as { code?: string }).code === REFUSED)
      return proxyUnusable(core, conn, '代理地址不可用');
    // The name did not resolve (maybe for a moment): a proxy that failed to connect, retried.
    return onClose(core, conn, undefined, 'socks proxy lookup failed');
  }
  if (conn.ended || core.closed) return free();
  if (!conn.idsSeeded) {
    // The LIDs of people already merged, so their phone ids keep resolving to the same chat.
    for (const p of await core.repo.knownPairs(conn.session.id)) {
      conn.ids.learn(p.jid, p.phoneJid, true);
    }
    conn.idsSeeded = true;
  }
  conn.fetchOptions = routes?.fetchOptions ?? core.opts.fetchOptions;
  const logger = core.deps.log.child({ platform: 'whatsapp', session: conn.session.id });
  const sock = core.opts.socketFactory({
    auth: { creds: auth.creds, keys: auth.keys },
    logger: logger as unknown as NonNullable<UserFacingSocketConfig['logger']>,
    browser: Browsers.macOS('Chrome'),
    markOnlineOnConnect: false,
    syncFullHistory: false,
    emitOwnEvents: false,
    qrTimeout: core.opts.qrTimeoutMs,
    // One proxy for the websocket, uploads and media downloads.
    ...(routes
      ? { agent: routes.agent, fetchAgent: routes.agent, options: routes.fetchOptions }
      : {}),
    ...(core.opts.version ? { version: core.opts.version } : {}),
    getMessage: async (key) => {
      const row = key.id ? await core.repo.byId(conn.session.id, key.id) : null;
      return (row && core.repo.messageOf(conn.session.id, row)?.message) ?? undefined;
    },
  });
  conn.sock = sock;
  conn.free = free;
  sock.ev.process((events) => {
    conn.queue = conn.queue
      .then(async () => {
        if (conn.sock !== sock) return;
        conn.lastSeen = core.now();
        if (events['creds.update']) {
          Object.assign(conn.session.creds, events['creds.update']);
          await core.store.saveCreds(conn.session.id, conn.session.creds);
        }
        if (events['connection.update'])
          await onConnection(core, conn, events['connection.update']);
        if (conn.sock !== sock) return;
        await handleEvents(core, conn, events);
        for (const change of blocklistChanges(events)) {
          if (conn.wxid) await applyBlocklist(core, conn, conn.wxid, change);
        }
      })
      .catch((err: unknown) => core.deps.log.error({ err }, 'whatsapp event batch failed'));
  });
}

/** A proxy that cannot be used: a login fails at once; an account stops as proxy-failed. */
async function proxyUnusable(core: WaCore, conn: Conn, reason: string): Promise<void> {
  if (conn.login) {
    conn.onFirstQr?.(new GatewayError('failed', reason));
    conn.onFirstQr = null;
    return;
  }
  stop(conn);
  await core.setStatus(conn, 'proxyFailed', reason);
}

async function onConnection(core: WaCore, conn: Conn, u: Partial<ConnectionState>) {
  if (u.qr) await onQr(core, conn, u.qr);
  if (u.isNewLogin && conn.login?.status === 'issued') {
    conn.login.status = 'scanned';
    await core.emit(loginKey(conn.login.loginId), 'qrScanned', { loginId: conn.login.loginId });
  }
  if (u.connection === 'open') {
    conn.free?.();
    conn.gapSince = conn.closedAt ?? (await core.repo.lastStoredAt(conn.session.id));
    conn.everOpened = true;
    conn.openedAt = core.now();
    conn.lastSeen = core.now();
    if (conn.login) await finishLogin(core, conn);
    else await core.setStatus(conn, 'online');
    if (conn.status === 'online') {
      syncBlocklist(core, conn);
      core.track(redeliver(core, conn));
    }
  }
  if (u.connection === 'close') {
    conn.free?.();
    // Only a connection that stayed up a while earns a fresh set of retries.
    if (conn.openedAt !== null && core.now() - conn.openedAt >= core.opts.stableMs) {
      conn.retries = 0;
    }
    if (conn.openedAt !== null) conn.closedAt = core.now();
    conn.openedAt = null;
    const err = u.lastDisconnect?.error as { output?: { statusCode?: number }; message?: string };
    await onClose(core, conn, err?.output?.statusCode, err?.message ?? '');
  }
}

async function onQr(core: WaCore, conn: Conn, qr: string) {
  const login = conn.login;
  if (!login || (login.status !== 'issued' && login.status !== 'scanned')) return;
  const first = login.qr === '';
  // Connected: a login waiting for its scan does not hold a connecting slot for minutes.
  conn.free?.();
  if (login.phone) return onPairingReady(core, conn, login, first);
  login.qr = qr;
  login.expiresAt = core.now() + (first ? core.opts.qrTimeoutMs : LATER_QR_MS);
  conn.onFirstQr?.(qr);
  conn.onFirstQr = null;
  await core.emit(loginKey(login.loginId), 'qrIssued', {
    loginId: login.loginId,
    qrPayload: qr,
    expiresAt: login.expiresAt,
  });
}

/**
 * A pairing-code login: the first QR means the socket is ready to pair, so the code is asked for
 * then (once); later QR codes only keep the login alive — none is shown, and the codes running
 * out (408) ends it as expired, as for a QR login.
 */
async function onPairingReady(core: WaCore, conn: Conn, login: Login, first: boolean) {
  login.qr = 'pairing';
  login.expiresAt = core.now() + (first ? core.opts.qrTimeoutMs : LATER_QR_MS);
  if (!first || login.pairingCode) return;
  const sock = conn.sock;
  try {
    if (!sock) throw new Error('socket closed');
    login.pairingCode = await sock.requestPairingCode(login.phone!);
  } catch (err) {
    core.deps.log.warn({ err, session: conn.session.id }, 'whatsapp pairing code refused');
    if (conn.login === login) await failLogin(core, conn, '获取配对码失败');
    return;
  }
  conn.onFirstQr?.(login.pairingCode);
  conn.onFirstQr = null;
}

/** The paired phone's account id: its LID when known, else its phone-number id. */
function accountIdOf(conn: Conn): string | null {
  const me = conn.session.creds.me;
  if (!me) return null;
  if (me.lid) conn.ids.learn(me.lid, me.id);
  return personJid(me.lid ?? me.id);
}

async function finishLogin(core: WaCore, conn: Conn): Promise<void> {
  const login = conn.login!;
  const wxid = accountIdOf(conn);
  const me = conn.session.creds.me;
  const samePerson = (id: string) => id === wxid || (!!me && personJid(me.id) === id);
  if (!wxid || (login.wxid && !samePerson(login.wxid))) {
    // Unlink the wrong phone's new device first: the failure then ends the socket.
    const sock = conn.sock;
    conn.ended = true;
    await sock?.logout().catch(() => undefined);
    await failLogin(core, conn, '扫码账号与待登录账号不一致');
    return;
  }
  await core.store.bind(conn.session.id, wxid);
  conn.session.wxid = wxid;
  conn.wxid = wxid;
  login.status = 'confirmed';
  login.wxid = wxid;
  conn.login = null;
  core.pairing.delete(login.loginId);
  core.logins.set(login.loginId, login);
  // A connection of the same account from before (a re-login) stops here.
  const old = core.held.get(wxid);
  if (old && old !== conn) stop(old);
  core.held.set(wxid, conn);
  conn.status = 'online';
  await core.emit(loginKey(login.loginId), 'qrConfirmed', {
    loginId: login.loginId,
    wxid,
    nickname: me?.name ?? me?.notify ?? '',
    avatar: '',
    at: core.now(),
  });
  await core.setStatus(conn, 'online');
}

async function failLogin(core: WaCore, conn: Conn, message: string, expired = false) {
  const login = conn.login;
  if (!login) return;
  login.status = expired ? 'expired' : 'failed';
  conn.login = null;
  core.pairing.delete(login.loginId);
  core.logins.set(login.loginId, login);
  conn.onFirstQr?.(new GatewayError('failed', message));
  conn.onFirstQr = null;
  stop(conn);
  await core.store.remove(conn.session.id);
  if (expired) await core.emit(loginKey(login.loginId), 'qrExpired', { loginId: login.loginId });
  else await core.emit(loginKey(login.loginId), 'qrFailed', { loginId: login.loginId, message });
}

async function onClose(core: WaCore, conn: Conn, code: number | undefined, message: string) {
  conn.sock = null;
  if (conn.ended || core.closed) return;
  const action = closeAction(code, message, {
    everOpened: conn.everOpened,
    hasProxy: !!conn.session.proxy,
  });
  if (action.kind === 'restart') return connect(core, conn);
  if (conn.login) {
    // Not paired: the codes ran out (408) or the phone / server refused. A network failure's
    // text (`connect ECONNREFUSED 10.0.0.5:1080`) is for the log, not for the user.
    if (code === 408) return failLogin(core, conn, '二维码已过期', true);
    if (action.kind === 'retry') {
      core.deps.log.warn({ session: conn.session.id, code, message }, 'whatsapp login failed');
      return failLogin(core, conn, action.reason);
    }
    return failLogin(core, conn, message || '登录失败');
  }
  switch (action.kind) {
    case 'release':
      // Another connection (another instance that took the lease) holds it: never fight.
      core.deps.log.warn({ wxid: conn.wxid }, 'whatsapp session taken over; releasing');
      stop(conn);
      if (conn.wxid && core.held.get(conn.wxid) === conn) core.held.delete(conn.wxid);
      return;
    case 'drop':
      stop(conn);
      await core.store.remove(conn.session.id);
      await core.setStatus(conn, action.status, action.reason);
      if (conn.wxid && core.held.get(conn.wxid) === conn) core.held.delete(conn.wxid);
      return;
    case 'stop':
      stop(conn);
      if (conn.wxid && action.status === 'banned') {
        await core.emit(conn.wxid, 'riskSignal', {
          workWxid: conn.wxid,
          kind: 'disconnect',
          code: code ?? null,
          reason: action.reason,
          at: core.now(),
        });
      }
      await core.setStatus(conn, action.status, action.reason);
      return;
    case 'retry': {
      if (conn.retries >= core.opts.maxRetries) {
        stop(conn);
        await core.setStatus(conn, action.status, `${action.reason}（已重试 ${conn.retries} 次）`);
        return;
      }
      await core.setStatus(conn, action.status, action.reason);
      const delay = core.opts.backoffMs(conn.retries++);
      conn.timer = setTimeout(() => {
        conn.timer = null;
        if (conn.ended || core.closed) return;
        void core.setStatus(conn, 'autoLoggingIn', '正在重新连接').then(() => connect(core, conn));
      }, delay);
      conn.timer.unref();
      return;
    }
  }
}

/**
 * The connection died without the socket telling (a send failed on a closed connection, or the
 * health check found it silent): the status changes at once and the usual back-off reconnects.
 * The old socket is ended; its late events are ignored (it is no longer the connection's).
 */
export async function connectionLost(core: WaCore, conn: Conn, message: string): Promise<void> {
  const sock = conn.sock;
  if (!sock || conn.ended || conn.login) return;
  conn.sock = null;
  // Silent since its last sign of life: what came after may be missing.
  if (conn.openedAt !== null) conn.closedAt = conn.lastSeen;
  conn.openedAt = null;
  conn.free?.();
  void sock.end(undefined).catch(() => undefined);
  await onClose(core, conn, DISCONNECT.connectionClosed, message);
}

/** WhatsApp's ping (what Baileys' keep-alive sends): answered by the server at once. */
const PING = {
  tag: 'iq',
  attrs: { to: 's.whatsapp.net', type: 'get', xmlns: 'w:p' },
  content: [{ tag: 'ping', attrs: {} }],
};

/**
 * One round of the health check: each online account with a socket is pinged (an answer is a
 * sign of life); one silent for two intervals is taken as dead at once — offline, reconnect —
 * instead of being shown online while nothing arrives.
 */
export async function healthRound(core: WaCore): Promise<void> {
  const interval = core.opts.healthIntervalMs;
  for (const conn of core.held.values()) {
    const sock = conn.sock;
    if (!sock || conn.status !== 'online' || conn.ended) continue;
    if (core.now() - conn.lastSeen >= 2 * interval) {
      core.deps.log.warn({ wxid: conn.wxid }, 'whatsapp socket silent; reconnecting');
      await connectionLost(core, conn, '连接无响应');
      continue;
    }
    void sock
      .query(PING, interval)
      .then(() => {
        if (conn.sock === sock) conn.lastSeen = core.now();
      })
      .catch(() => undefined);
  }
}

/** Ends a connection's socket and timers; its closing is then expected. */
export function stop(conn: Conn): void {
  conn.ended = true;
  if (conn.timer) clearTimeout(conn.timer);
  conn.timer = null;
  const sock = conn.sock;
  conn.sock = null;
  conn.free?.();
  if (sock) void sock.end(undefined).catch(() => undefined);
}

/** Begins a QR login: resolves with the first code; later codes come as `qrIssued`. */
export function startQrLogin(core: WaCore, cmd: StartQrLoginCommand = {}): Promise<QrLoginDto> {
  return beginLogin(core, cmd);
}

/**
 * Begins a pairing-code login: the socket connects as for a QR login, asks WhatsApp for a code
 * for the phone number and resolves with it; the phone's owner types it under 关联设备.
 */
export async function startPairingLogin(
  core: WaCore,
  cmd: StartPairingLoginCommand,
): Promise<QrLoginDto & { pairingCode: string }> {
  const phone = normalizePhone(cmd.phone ?? '');
  if (!phone) throw new GatewayError('invalid', 'malformed phone number');
  const dto = await beginLogin(core, cmd, phone);
  return { ...dto, qrPayload: '', pairingCode: dto.pairingCode ?? '' };
}

async function beginLogin(
  core: WaCore,
  cmd: StartQrLoginCommand,
  phone?: string,
): Promise<QrLoginDto> {
  if (cmd.proxy && !parseProxy(cmd.proxy)) throw new GatewayError('invalid', 'malformed proxy');
  const loginId = randomUUID();
  const session = await core.store.create(loginId, cmd.proxy ?? null);
  const conn = newConn(session, 'loggingIn');
  conn.login = { loginId, qr: '', expiresAt: 0, status: 'issued', wxid: cmd.wxid ?? null };
  if (phone) conn.login.phone = phone;
  core.pairing.set(loginId, conn);
  const first = new Promise<string | Error>((resolve) => (conn.onFirstQr = resolve));
  await connect(core, conn);
  const timer = setTimeout(
    () => conn.onFirstQr?.(new GatewayError('failed', phone ? 'no pairing code' : 'no QR code')),
    core.opts.firstQrWaitMs,
  );
  const qr = await first;
  clearTimeout(timer);
  if (qr instanceof Error) {
    if (conn.login) await failLogin(core, conn, qr.message);
    throw qr instanceof GatewayError ? qr : new GatewayError('failed', qr.message);
  }
  return toDto(conn.login ?? core.logins.get(loginId)!);
}

/** The state of a QR login. */
export function getQrLogin(core: WaCore, loginId: string): QrLoginDto {
  const l = core.pairing.get(loginId)?.login ?? core.logins.get(loginId);
  if (!l) throw new GatewayError('notFound', 'unknown login');
  return toDto(l);
}

/** Cancels a pending login (no event) and forgets its half-made session. */
export async function cancelQrLogin(core: WaCore, loginId: string): Promise<void> {
  const conn = core.pairing.get(loginId);
  if (!conn?.login) return;
  conn.login.status = 'cancelled';
  core.logins.set(loginId, conn.login);
  conn.login = null;
  core.pairing.delete(loginId);
  stop(conn);
  await core.store.remove(conn.session.id);
}

/** Brings an account back from its stored session: autoLoggingIn now, online when it opens. */
export async function resume(core: WaCore, wxid: string, opts: ResumeOptions = {}): Promise<void> {
  const held = core.held.get(wxid);
  if (held && !held.ended) return;
  const session = await core.store.findByWxid(wxid);
  if (!session) throw new GatewayError('noSession', 'a QR login is needed');
  if (opts.proxy !== undefined && opts.proxy !== session.proxy) {
    await core.store.setProxy(session.id, opts.proxy);
    session.proxy = opts.proxy;
  }
  const conn = newConn(session, 'autoLoggingIn');
  core.held.set(wxid, conn);
  await core.setStatus(conn, 'autoLoggingIn');
  await connect(core, conn);
}

/** Lets go of an account without touching the phone's link. */
export function release(core: WaCore, wxid: string): void {
  const conn = core.held.get(wxid);
  if (!conn) return;
  stop(conn);
  core.held.delete(wxid);
}

/** Unlinks the device on the phone and deletes the session's rows. */
export async function logout(core: WaCore, wxid: string): Promise<void> {
  const conn = core.held.get(wxid);
  const sock = conn?.sock;
  if (conn) {
    conn.ended = true;
    core.held.delete(wxid);
  }
  if (sock) await sock.logout().catch(() => undefined);
  if (conn) stop(conn);
  const session = conn?.session ?? (await core.store.findByWxid(wxid));
  if (session) await core.store.remove(session.id);
  if (conn) await core.setStatus(conn, 'notLoggedIn', 'logged out');
  else
    await core.emit(wxid, 'statusChanged', {
      workWxid: wxid,
      status: 'notLoggedIn',
      reason: 'logged out',
      at: core.now(),
    });
}
