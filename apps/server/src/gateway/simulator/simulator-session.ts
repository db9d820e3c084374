import { createHash, randomUUID } from 'node:crypto';
import {
  GatewayError,
  normalizePhone,
  type QrLoginDto,
  type SimFaultKind,
  type StartPairingLoginCommand,
  type StartQrLoginCommand,
} from '@cst/gateway';
import type { SimCore } from './simulator-core.ts';
import type { SimAccountRow, SimLoginRow } from './simulator.repository.ts';
import { deliverLoginNotice, proxyIp } from './login-notice.ts';
import { catchUp, scheduleReceipts } from './simulator-messaging.ts';
import { scheduleFriendAccept } from './simulator-social.ts';
import { makeAvatar, planAccount, planWorld, type PlannedGroup, type SimPerson } from './world.ts';

// Logins, sessions, statuses and faults: the phone side of the connection.

const loginKey = (loginId: string) => `login:${loginId}`;
/** What a phone may name as its account id. */
const WXID_RE = /^[A-Za-z][A-Za-z0-9_-]{2,63}$/;

function toQr(row: SimLoginRow): QrLoginDto {
  const pairing = isPairingLogin(row.loginId);
  return {
    loginId: row.loginId,
    qrPayload: pairing ? '' : qrPayload(row.loginId),
    expiresAt: row.expiresAt,
    status: row.status as QrLoginDto['status'],
    wxid: row.wxid,
    ...(pairing ? { pairingCode: pairingCodeOf(row.loginId) } : {}),
  };
}

/** A pairing-code login is told by its id (so the login rows need no column of their own). */
const PAIR_PREFIX = 'pair-';
const isPairingLogin = (loginId: string) => loginId.startsWith(PAIR_PREFIX);
/** WhatsApp's alphabet of pairing codes (Crockford's base 32 without 0, O, I, U). */
const CODE_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTVWXYZ';

/** The 8-character code of a pairing login, derived from its id. */
export function pairingCodeOf(loginId: string): string {
  const bytes = createHash('sha256').update(loginId).digest();
  let code = '';
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[bytes[i]! % CODE_ALPHABET.length];
  return code;
}

/** The text a simulated phone scans. */
export function qrPayload(loginId: string): string {
  return `cst-sim://login/${loginId}`;
}

/** Issues a QR code. */
export async function startQrLogin(core: SimCore, cmd: StartQrLoginCommand = {}) {
  return beginLogin(core, cmd, randomUUID());
}

/** Issues a pairing code for a phone number: the same login as a QR code, typed instead of scanned. */
export async function startPairingLogin(core: SimCore, cmd: StartPairingLoginCommand) {
  if (!normalizePhone(cmd.phone ?? '')) {
    throw new GatewayError('invalid', 'malformed phone number');
  }
  const dto = await beginLogin(core, cmd, PAIR_PREFIX + randomUUID());
  return { ...dto, pairingCode: pairingCodeOf(dto.loginId) };
}

/** The phone's owner types a code: the open pairing login with that code is scanned. */
export async function pair(
  core: SimCore,
  code: string,
  confirm: boolean,
  nickname?: string,
): Promise<{ wxid: string }> {
  const typed = code.trim().toUpperCase().replace(/-/g, '');
  const rows = await core.repo.openLogins();
  const login = rows.find((r) => isPairingLogin(r.loginId) && pairingCodeOf(r.loginId) === typed);
  if (!login) throw new GatewayError('notFound', 'no login has this code');
  return scan(core, login.loginId, confirm, nickname);
}

async function beginLogin(core: SimCore, cmd: StartQrLoginCommand, loginId: string) {
  if (cmd.wxid) await core.account(cmd.wxid);
  const now = core.now();
  const row = await core.repo.insertLogin({
    loginId,
    status: 'issued',
    wxid: cmd.wxid ?? null,
    proxy: cmd.proxy ?? null,
    expiresAt: now + core.opts.qrTtlMs,
    createdAt: now,
  });
  core.openLogins.set(row.loginId, row.expiresAt);
  // A pairing code is shown once, from the answer: no QR image to push.
  if (!isPairingLogin(loginId)) {
    void core.emit(loginKey(row.loginId), 'qrIssued', {
      loginId: row.loginId,
      qrPayload: qrPayload(row.loginId),
      expiresAt: row.expiresAt,
    });
  }
  return toQr(row);
}

/** A login by id, expiring it first when its time is up. */
export async function getQrLogin(core: SimCore, loginId: string): Promise<QrLoginDto> {
  let row = await core.repo.getLogin(loginId);
  if (!row) throw new GatewayError('notFound', 'unknown login');
  if (await expireIfDue(core, row)) row = (await core.repo.getLogin(loginId))!;
  return toQr(row);
}

async function expireIfDue(core: SimCore, row: SimLoginRow): Promise<boolean> {
  if (row.expiresAt > core.now() || !['issued', 'scanned'].includes(row.status)) return false;
  core.openLogins.delete(row.loginId);
  const moved = await core.repo.transitionLogin(row.loginId, ['issued', 'scanned'], {
    status: 'expired',
  });
  if (moved) void core.emit(loginKey(row.loginId), 'qrExpired', { loginId: row.loginId });
  return moved;
}

/** Expires every open login of this process whose time is up. */
export async function expireDueLogins(core: SimCore): Promise<void> {
  const now = core.now();
  for (const [loginId, expiresAt] of core.openLogins) {
    if (expiresAt > now) continue;
    const row = await core.repo.getLogin(loginId);
    if (!row) core.openLogins.delete(loginId);
    else if (!(await expireIfDue(core, row))) core.openLogins.delete(loginId);
  }
}

/** Cancels a pending login (no event). */
export async function cancelQrLogin(core: SimCore, loginId: string): Promise<void> {
  core.openLogins.delete(loginId);
  await core.repo.transitionLogin(loginId, ['issued', 'scanned'], { status: 'cancelled' });
}

/** Logins waiting for a phone. */
export async function pendingLogins(core: SimCore): Promise<QrLoginDto[]> {
  const rows = await core.repo.openLogins();
  const out: QrLoginDto[] = [];
  for (const r of rows) if (!(await expireIfDue(core, r))) out.push(toQr(r));
  return out;
}

async function openLogin(core: SimCore, loginId: string): Promise<SimLoginRow> {
  const row = await core.repo.getLogin(loginId);
  if (!row) throw new GatewayError('notFound', 'unknown login');
  if ((await expireIfDue(core, row)) || !['issued', 'scanned'].includes(row.status)) {
    throw new GatewayError(
      'expired',
      `login is ${row.status === 'issued' ? 'expired' : row.status}`,
    );
  }
  return row;
}

/** The phone scanned the code and now waits for confirmation. */
export async function scanOnly(core: SimCore, loginId: string): Promise<void> {
  await openLogin(core, loginId);
  if (await core.repo.transitionLogin(loginId, ['issued'], { status: 'scanned' })) {
    await core.emit(loginKey(loginId), 'qrScanned', { loginId });
  }
}

/** Scans and confirms (a new or known account) or declines a login. */
export async function scan(
  core: SimCore,
  loginId: string,
  confirm: boolean,
  nickname?: string,
  wxid?: string,
): Promise<{ wxid: string }> {
  const login = await openLogin(core, loginId);
  if (wxid !== undefined && !WXID_RE.test(wxid)) throw new GatewayError('invalid', 'bad wxid');
  nickname = nickname?.trim().slice(0, 32) || undefined;
  await scanOnly(core, loginId);
  if (!confirm) {
    await failLogin(core, loginId, '用户取消了登录');
    return { wxid: login.wxid ?? '' };
  }
  const target = login.wxid ?? wxid ?? null;
  if (login.wxid && wxid && wxid !== login.wxid) {
    await failLogin(core, loginId, '扫码账号与待登录账号不一致');
    throw new GatewayError('failed', 'another account scanned this code');
  }
  let account = target ? await core.repo.getAccount(target) : null;
  if (account?.banned) {
    await failLogin(core, loginId, '该账号已被封禁，无法登录');
    throw new GatewayError('failed', 'account is banned');
  }
  if (account && nickname && nickname !== account.nickname) {
    await core.repo.updateAccount(account.wxid, { nickname });
    account = { ...account, nickname };
  }
  const created = !account;
  account ??= await createAccount(core, nickname, target ?? undefined);
  const moved = await core.repo.transitionLogin(loginId, ['scanned'], {
    status: 'confirmed',
    wxid: account.wxid,
  });
  if (!moved) throw new GatewayError('expired', 'login is no longer open');
  core.openLogins.delete(loginId);
  await core.repo.updateAccount(account.wxid, { session: randomUUID(), status: 'online' });
  // Held before the event, so listeners may already read contacts and groups.
  const held = core.held.get(account.wxid);
  if (held) held.status = 'online';
  else core.held.set(account.wxid, { wxid: account.wxid, status: 'online', carry: 0, busy: false });
  await core.emit(loginKey(loginId), 'qrConfirmed', {
    loginId,
    wxid: account.wxid,
    nickname: account.nickname,
    avatar: account.avatar,
    at: core.now(),
  });
  await goOnline(core, account.wxid);
  // A known account signing in again is a new device to the platform: its security account
  // sends a login notice (from the login's proxy address when it has one).
  if (!created) {
    await deliverLoginNotice(core, account.wxid, core.rng('login', loginId), {
      ip: proxyIp(login.proxy),
      reason: '新设备登录',
    });
  }
  return { wxid: account.wxid };
}

async function failLogin(core: SimCore, loginId: string, message: string) {
  core.openLogins.delete(loginId);
  if (await core.repo.transitionLogin(loginId, ['issued', 'scanned'], { status: 'failed' })) {
    await core.emit(loginKey(loginId), 'qrFailed', { loginId, message });
  }
}

/**
 * Creates an account (the next one of the seed, or the given wxid) with its world. The seed's
 * next account is claimed by inserting its row (the wxid is the key): when another login took the
 * same one at the same moment, the next is tried, so two phones never share an account.
 */
export async function createAccount(
  core: SimCore,
  nickname?: string,
  wxid?: string,
): Promise<SimAccountRow> {
  if (wxid) {
    const planned = planAccount(core.seed, `wxid:${wxid}`, nickname);
    const profile = { ...planned, wxid, avatar: makeAvatar(wxid, planned.nickname) };
    return (await insertWithWorld(core, profile)) ?? (await core.repo.freshAccount(wxid));
  }
  let n = (await core.repo.countAccounts()) + 1;
  for (;;) {
    const profile = planAccount(core.seed, n++, nickname);
    if (await core.repo.getAccount(profile.wxid)) continue;
    const account = await insertWithWorld(core, profile);
    if (account) return account;
  }
}

/** Inserts an account and its world in one transaction; null when the wxid was already taken. */
async function insertWithWorld(core: SimCore, profile: SimPerson): Promise<SimAccountRow | null> {
  const now = core.now();
  const world = planWorld(core.seed, profile.wxid, now);
  return core.repo.transaction(async (repo) => {
    const inserted = await repo.insertAccount({
      ...profile,
      status: 'loggingIn',
      session: null,
      createdAt: now,
    });
    if (!inserted) return null;
    const account = await repo.freshAccount(profile.wxid);
    const acc = profile.wxid;
    await repo.insertPeople([
      ...world.contacts.map((c) => ({ ...c, accountWxid: acc, isFriend: true })),
      ...world.strangers.map((s) => ({
        ...s,
        accountWxid: acc,
        isFriend: false,
        addedAt: now,
      })),
    ]);
    await repo.insertGroups(
      world.groups.map((g) => ({
        accountWxid: acc,
        groupId: g.groupId,
        name: g.name,
        avatar: g.avatar,
        ownerWxid: g.ownerWxid,
        notice: g.notice,
        createdAt: g.createdAt,
      })),
    );
    await repo.insertMembers(
      world.groups.flatMap((g) => {
        const admins = plannedAdmins(core, acc, g);
        return g.members.map((m) => ({
          ...m,
          accountWxid: acc,
          groupId: g.groupId,
          admin: admins.has(m.wxid),
        }));
      }),
    );
    for (const m of world.moments) {
      await repo.insertMoment({ ...m, accountWxid: acc, media: [], link: null, requestId: null });
    }
    return account;
  });
}

/**
 * Marks a held account online and starts its background work. What reached it that the console
 * never kept (a server killed between the two copies) is delivered first, before anything new can
 * arrive (inbound waits for online).
 */
async function goOnline(core: SimCore, wxid: string): Promise<void> {
  await catchUp(core, wxid);
  const h = core.held.get(wxid);
  if (h) h.status = 'online';
  else core.held.set(wxid, { wxid, status: 'online', carry: 0, busy: false });
  await core.setStatus(wxid, 'online');
  await scheduleAccountWork(core, wxid);
}

/** Restarts the timed work of an account (receipts, pending friend adds) after a (re)connect. */
async function scheduleAccountWork(core: SimCore, wxid: string): Promise<void> {
  await core.scopeFor(wxid);
  scheduleReceipts(core, wxid, await core.repo.pendingReceipts(wxid));
  for (const p of await core.repo.pendingAdds(wxid)) scheduleFriendAccept(core, wxid, p.wxid);
}

/** Brings an account back from its stored session: autoLoggingIn, then online. */
export async function resume(core: SimCore, wxid: string): Promise<void> {
  const account = await core.repo.getAccount(wxid);
  if (!account || !account.session) throw new GatewayError('noSession', 'a QR login is needed');
  const h = core.held.get(wxid);
  if (h?.status === 'online') return;
  if (!h) core.held.set(wxid, { wxid, status: 'autoLoggingIn', carry: 0, busy: false });
  if (account.banned) {
    await core.setStatus(wxid, 'banned', 'account banned by the platform');
    return;
  }
  await core.setStatus(wxid, 'autoLoggingIn');
  await core.sleep(core.opts.loginDelayMs);
  // Released, logged out, failed or closed meanwhile: nothing more to do.
  if (!core.isClosed && core.held.get(wxid)?.status === 'autoLoggingIn') await goOnline(core, wxid);
}

/** This process lets go of the account (no status change on the platform). */
export async function release(core: SimCore, wxid: string): Promise<void> {
  core.cancel(wxid);
  core.held.delete(wxid);
}

/** Logs the account out: its session is dropped and the connection closed. */
export async function logout(core: SimCore, wxid: string): Promise<void> {
  await core.account(wxid);
  core.cancel(wxid);
  await core.repo.updateAccount(wxid, { session: null });
  await core.setStatus(wxid, 'notLoggedIn', 'logged out');
  core.held.delete(wxid);
}

/** Applies a fault to a held account. */
export async function fault(core: SimCore, wxid: string, kind: SimFaultKind): Promise<void> {
  await core.account(wxid);
  const held = core.requireHeld(wxid);
  if (kind === 'rateLimit') {
    // The platform starts refusing sends as too fast (for a while): the connection stays up.
    held.rateLimitedUntil = core.now() + core.opts.rateLimitMs;
    await core.emit(wxid, 'riskSignal', {
      workWxid: wxid,
      kind: 'rateLimit',
      code: 429,
      reason: '发送过于频繁，平台限制发送 (429)',
      at: core.now(),
    });
    return;
  }
  core.cancel(wxid);
  switch (kind) {
    case 'ban':
      await core.repo.updateAccount(wxid, { banned: true });
      await core.setStatus(wxid, 'banned', '该账号因违反平台规则已被封禁');
      return;
    case 'kickOut':
      await core.repo.updateAccount(wxid, { session: null });
      await core.setStatus(wxid, 'kickedOut', '账号在其他设备登录，当前设备已下线');
      return;
    case 'proxyFail':
      await core.setStatus(wxid, 'proxyFailed', '代理连接失败');
      return;
    case 'drop':
      await core.setStatus(wxid, 'offline', '网络连接断开');
      core.later(wxid, core.opts.reconnectDelayMs, async () => {
        if (core.held.get(wxid)?.status !== 'offline') return;
        await core.setStatus(wxid, 'autoLoggingIn', '正在重新连接');
        core.later(wxid, core.opts.loginDelayMs, async () => {
          if (core.held.get(wxid)?.status === 'autoLoggingIn') await goOnline(core, wxid);
        });
      });
      return;
  }
}

/**
 * The admins of a starting group, drawn apart from the world plan (so the plan stays as it was):
 * in about a third of the groups the account does not own it is an admin, and one other member
 * of a larger group may be one.
 */
function plannedAdmins(core: SimCore, acc: string, g: PlannedGroup): Set<string> {
  const rng = core.rng('admins', acc, g.groupId);
  const admins = new Set<string>();
  if (g.ownerWxid !== acc && rng.chance(0.35)) admins.add(acc);
  const others = g.members.filter((m) => m.wxid !== acc && m.wxid !== g.ownerWxid);
  if (others.length >= 5 && rng.chance(0.5)) admins.add(rng.pick(others).wxid);
  return admins;
}
