import {
  SEAT_MAX_WORK_ACCOUNTS,
  WS_EVENTS,
  translate,
  type AccountsAffected,
  type MultiLoginResult,
  type PairCodeResult,
  type QrLoginResult,
  type QrLoginState,
  type QrPush,
} from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Uses } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { normalizePhone } from '../../gateway/index.ts';
import { seesWholeTenant } from './account.policy.ts';
import { presentQrLogin } from './account.presenter.ts';
import { recordEvent } from '../webhooks/index.ts';
import { qrEvent, setStatusWithEvent } from './account-open-events.ts';
import { publishStatus } from './account-push.ts';
import * as repo from './account.repository.ts';
import { AccountService, assertStates, isUuid } from './account.service.ts';
import { viaGateway } from './gateway-errors.ts';
import * as proxyRepo from './proxy.repository.ts';
import * as qrRepo from './qr-login.repository.ts';
import { lazyImport } from '../../platform/lazy-import.ts';

const loadQrCode = lazyImport(async () => (await import('qrcode')).default);

/** QR login, logout and multi-login of work accounts. */
export class AccountLoginService {
  private readonly accounts: AccountService;

  constructor(private readonly deps: Uses<'realtime' | 'riskHandlers' | 'runtime' | 'unread'>) {
    this.accounts = new AccountService(deps);
  }

  private get runtime() {
    return this.deps.runtime;
  }

  private now() {
    return new Date(this.deps.now());
  }

  /** Issues a QR code for a new account (or `wxid` again); the states follow over the websocket. */
  async qrLoginCode(
    auth: AuthContext,
    body: { groupId?: string | null; proxyId?: string | null; wxid?: string },
  ): Promise<QrLoginResult> {
    const { tenantId, groupId, proxy, existing } = await this.loginPrelude(auth, body);
    const qr = await viaGateway(() =>
      this.runtime.gateway.startQrLogin({
        wxid: existing?.wxid,
        proxy: proxy ? proxyRepo.proxyString(proxy) : undefined,
      }),
    );
    const qrImage = await (await loadQrCode()).toDataURL(qr.qrPayload, { margin: 1, width: 256 });
    const data: QrPush = { loginId: qr.loginId, qrImage };
    await this.deps.db.transaction(async (tx) => {
      await qrRepo.insertQrLogin(tx, {
        id: qr.loginId,
        tenantId,
        userId: auth.userId,
        groupId,
        proxyId: proxy?.id ?? null,
        wxid: existing?.wxid ?? null,
        status: 'issued',
        qrImage,
        expiresAt: new Date(qr.expiresAt),
      });
      await recordEvent(tx, qrEvent(tenantId, data));
    });
    await this.deps.realtime.publish(tenantId, {
      event: WS_EVENTS.qr,
      data,
      userIds: [auth.userId],
    });
    return { loginId: qr.loginId, qrImage, expiresAt: qr.expiresAt };
  }

  /**
   * Links a number by pairing code: the platform answers an 8-character code the phone's owner
   * types under 关联设备; the login then moves through the same states and pushes as a QR login.
   */
  async pairCode(
    auth: AuthContext,
    body: { phone: string; groupId?: string | null; proxyId?: string | null; wxid?: string },
  ): Promise<PairCodeResult> {
    if (!this.runtime.gateway.capabilities.has('pairingCode')) {
      throw fail.conflict('platformFailed', { message: 'pairing code' });
    }
    const phone = normalizePhone(body.phone);
    if (!phone) throw fail.invalid('phoneInvalid');
    const { tenantId, groupId, proxy, existing } = await this.loginPrelude(auth, body);
    const login = await viaGateway(() =>
      this.runtime.gateway.startPairingLogin({
        phone,
        wxid: existing?.wxid,
        proxy: proxy ? proxyRepo.proxyString(proxy) : undefined,
      }),
    );
    await qrRepo.insertQrLogin(this.deps.db, {
      id: login.loginId,
      tenantId,
      userId: auth.userId,
      groupId,
      proxyId: proxy?.id ?? null,
      wxid: existing?.wxid ?? null,
      status: 'issued',
      qrImage: '',
      expiresAt: new Date(login.expiresAt),
    });
    return { loginId: login.loginId, code: login.pairingCode, expiresAt: login.expiresAt };
  }

  /** What a QR or pairing-code login checks first: group, proxy, the account, ports and seat. */
  private async loginPrelude(
    auth: AuthContext,
    body: { groupId?: string | null; proxyId?: string | null; wxid?: string },
  ) {
    const tenantId = this.accounts.tenantOf(auth);
    const groupId = await this.accounts.requireGroup(tenantId, body.groupId);
    let proxy: proxyRepo.ProxyRow | null = null;
    if (body.proxyId) {
      [proxy = null] = isUuid(body.proxyId)
        ? await proxyRepo.findProxies(this.deps.db, tenantId, [body.proxyId])
        : [];
      if (!proxy) throw fail.notFound('proxyNotFound');
    }
    const now = this.now();
    const existing = body.wxid ? (await this.accounts.requireVisible(auth, [body.wxid]))[0]! : null;
    const port = existing ? await repo.portOf(this.deps.db, tenantId, existing.id) : null;
    const hasPort = !!port && port.expiresAt.getTime() > now.getTime();
    if (!hasPort && (await repo.countFreePorts(this.deps.db, tenantId, now)) === 0) {
      throw fail.conflict('noFreePort');
    }
    if (!existing && !seesWholeTenant(auth.role)) {
      const held = await repo.countDistributedTo(this.deps.db, tenantId, auth.userId);
      if (held >= SEAT_MAX_WORK_ACCOUNTS) {
        throw fail.conflict('seatFull', {
          max: SEAT_MAX_WORK_ACCOUNTS,
          name: auth.nickname,
          count: held,
        });
      }
    }
    return { tenantId, groupId, proxy, existing };
  }

  /** The state of a QR login of the caller's tenant (for a client that missed a push). */
  async qrLoginState(auth: AuthContext, loginId: string): Promise<QrLoginState> {
    const row = await qrRepo.findQrLogin(this.deps.db, loginId);
    if (!row || row.tenantId !== auth.tenantId) throw fail.notFound('qrLoginNotFound');
    return presentQrLogin(row);
  }

  /** Logs accounts out; SPEC §5 allows it only while they are logging in. */
  async logout(auth: AuthContext, wxids: string[]): Promise<AccountsAffected> {
    const rows = await this.accounts.requireVisible(auth, wxids);
    assertStates(rows, 'logout', 'logoutOnlyLoggingIn');
    for (const r of rows) {
      await viaGateway(() => this.runtime.gateway.logout(r.wxid));
      // The holder (this or another instance) lets go of it at its next lease round.
      await repo.clearLeases(this.deps.db, [r.id]);
      const changed = await setStatusWithEvent(this.deps.db, r.id, 'notLoggedIn', '', this.now());
      if (changed) await publishStatus(this.deps, changed);
    }
    return { count: rows.length, wxids: rows.map((r) => r.wxid) };
  }

  /**
   * Logs accounts in again from their stored session (SPEC §5: only offline, proxy-failed or
   * relogin states). An account whose session is gone reports that it needs a QR login.
   */
  async multiLogin(auth: AuthContext, wxids: string[]): Promise<MultiLoginResult> {
    const rows = await this.accounts.requireVisible(auth, wxids);
    assertStates(rows, 'multiLogin', 'multiLoginState');
    const runtime = this.runtime;
    const results: MultiLoginResult['results'] = [];
    for (const r of rows) {
      // An expired port keeps the account offline until it is renewed (or a QR login takes another).
      const port = await repo.portOf(this.deps.db, r.tenantId, r.id);
      if (port && port.expiresAt.getTime() <= this.deps.now()) {
        results.push({ wxid: r.wxid, ok: false, message: translate('portExpiredLogin', 'zh-CN') });
        continue;
      }
      // Taken from whoever held it: that instance lets go at its next lease round.
      await repo.updateAccounts(this.deps.db, r.tenantId, [r.id], {
        leaseOwner: runtime.instanceId,
        leaseExpiresAt: runtime.leases.until(),
      });
      await runtime.leases.resume({ id: r.id, tenantId: r.tenantId, wxid: r.wxid }, r.status);
      const [now] = await repo.findByWxids(this.deps.db, [r.wxid]);
      const ok = now?.status === 'online' || now?.status === 'autoLoggingIn';
      results.push(ok ? { wxid: r.wxid, ok } : { wxid: r.wxid, ok, message: now?.statusReason });
    }
    return { results };
  }
}
