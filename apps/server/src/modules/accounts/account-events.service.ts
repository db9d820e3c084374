import { recordEvent } from '../webhooks/index.ts';
import { qrEvent, recordStatusEvents, setStatusWithEvent } from './account-open-events.ts';
import {
  QR_ACK_STATUS,
  WS_EVENTS,
  translate,
  type MessageKey,
  type QrAckFailedPush,
  type QrAckSucceedPush,
  type QrAckUpdatePush,
  type QrPush,
} from '@cst/shared';
import type {
  ChatGateway,
  GatewayEvents,
  QrConfirmedEvent,
  QrIssuedEvent,
  StatusChangedEvent,
} from '../../gateway/index.ts';
import type { Uses } from '../../platform/deps.ts';
import type { LeaseManager } from './account-lease.ts';
import type { AccountEventName, AccountRef } from './account-ref.ts';
import { seesWholeTenant } from './account.policy.ts';
import { publishAccountsChanged, publishStatus } from './account-push.ts';
import { onRiskSignal } from './account-risk.ts';
import { hasNetworkDetail } from './gateway-errors.ts';
import * as repo from './account.repository.ts';
import * as qrRepo from './qr-login.repository.ts';
import { lazyImport } from '../../platform/lazy-import.ts';

const loadQrCode = lazyImport(async () => (await import('qrcode')).default);

/** What the account events use of the account runtime that owns them. */
export interface EventsHost {
  readonly instanceId: string;
  readonly gateway: ChatGateway;
  syncAfterLogin(account: AccountRef): Promise<void>;
  readonly leases: Pick<LeaseManager, 'pin' | 'until'>;
  forget(wxids: string[]): void;
}

/** Rolls a login transaction back with the reason the operator is told. */
class LoginRefused extends Error {
  constructor(readonly key: MessageKey) {
    super(key);
  }
}

/**
 * Gateway events → rows and pushes: QR login states and status changes. After a login, the
 * registered login sync (the contacts module's) runs before the account shows online.
 */
export class AccountEventsService {
  /** Accounts whose first sync after a login runs now (a second online event must wait). */
  private readonly finishing = new Set<string>();
  /** Accounts to sync before they show online (a login resumed before its first sync). */
  private readonly syncPending = new Set<string>();

  constructor(
    private readonly deps: Uses<'realtime' | 'riskHandlers'>,
    private readonly runtime: EventsHost,
  ) {}

  private at() {
    return new Date(this.deps.now());
  }

  /** Subscribes to the QR login events of a gateway. */
  subscribeLogin(gw: ChatGateway): (() => void)[] {
    return [
      gw.on('qrIssued', (ev) => this.onQrIssued(ev)),
      gw.on('qrScanned', (ev) => this.onQrScanned(ev.loginId)),
      gw.on('qrFailed', (ev) => this.onQrFailed(ev.loginId, ev.message, 'failed')),
      gw.on('qrExpired', (ev) =>
        this.onQrFailed(ev.loginId, translate('qrExpired', 'zh-CN'), 'expired'),
      ),
      gw.on('qrConfirmed', (ev) => this.onQrConfirmed(ev)),
    ];
  }

  /** The accounts module's own handlers of account events, run before other features see them. */
  private readonly own: {
    [K in AccountEventName]?: (ev: GatewayEvents[K], account: AccountRef) => Promise<void>;
  } = {
    statusChanged: (ev, account) => this.onStatusChanged(ev, account),
    riskSignal: (ev, account) => onRiskSignal(this.deps, ev, account),
  };

  /** Applies an account event to rows and pushes. */
  async handle<K extends AccountEventName>(
    name: K,
    ev: GatewayEvents[K],
    account: AccountRef,
  ): Promise<void> {
    const own = this.own[name] as
      ((ev: GatewayEvents[K], account: AccountRef) => Promise<void>) | undefined;
    await own?.(ev, account);
  }

  /**
   * A new code of a pending login (platforms whose codes rotate): the dialog replaces the image.
   * The first code is the one the issuing request returned; a login not yet recorded is skipped.
   */
  private async onQrIssued(ev: QrIssuedEvent): Promise<void> {
    const login = await qrRepo.findQrLogin(this.deps.db, ev.loginId);
    if (!login || !['issued', 'scanned'].includes(login.status)) return;
    const qrImage = await (await loadQrCode()).toDataURL(ev.qrPayload, { margin: 1, width: 256 });
    if (qrImage === login.qrImage) return;
    const data: QrPush = { loginId: ev.loginId, qrImage, expiresAt: ev.expiresAt };
    const row = await this.deps.db.transaction(async (tx) => {
      const moved = await qrRepo.transitionQrLogin(tx, ev.loginId, ['issued', 'scanned'], {
        qrImage,
        expiresAt: new Date(ev.expiresAt),
      });
      if (moved) await recordEvent(tx, qrEvent(moved.tenantId, data));
      return moved;
    });
    if (!row) return;
    await this.deps.realtime.publish(row.tenantId, {
      event: WS_EVENTS.qr,
      data,
      userIds: [row.userId],
    });
  }

  private async onQrScanned(loginId: string): Promise<void> {
    const row = await qrRepo.transitionQrLogin(this.deps.db, loginId, ['issued'], {
      status: 'scanned',
    });
    if (!row) return;
    const data: QrAckUpdatePush = { loginId, status: QR_ACK_STATUS.scanned };
    await this.deps.realtime.publish(row.tenantId, {
      event: WS_EVENTS.qrAckUpdate,
      data,
      userIds: [row.userId],
    });
  }

  private async onQrFailed(
    loginId: string,
    message: string,
    status: 'failed' | 'expired',
  ): Promise<void> {
    if (hasNetworkDetail(message)) {
      this.deps.log.warn({ loginId, message }, 'QR login failed on the network');
      message = translate('platformUnreachable', 'zh-CN');
    }
    const row = await qrRepo.transitionQrLogin(this.deps.db, loginId, ['issued', 'scanned'], {
      status,
      message,
    });
    if (!row) return;
    const data: QrAckFailedPush & { reason: string } = {
      loginId,
      status: QR_ACK_STATUS.failed,
      message,
      reason: status,
    };
    await this.deps.realtime.publish(row.tenantId, {
      event: WS_EVENTS.qrAckFailed,
      data,
      userIds: [row.userId],
    });
  }

  /** The phone confirmed: the account is added (taking a port) or logged in again. */
  private async onQrConfirmed(ev: QrConfirmedEvent): Promise<void> {
    const login = await qrRepo.findQrLogin(this.deps.db, ev.loginId);
    if (!login || !['issued', 'scanned'].includes(login.status)) {
      this.deps.log.warn({ loginId: ev.loginId }, 'confirmation of an unknown or closed QR login');
      return;
    }
    const unpin = this.runtime.leases.pin(ev.wxid);
    try {
      let outcome: { account: repo.WorkAccountRow; change: 'added' | 'updated' };
      try {
        outcome = await this.deps.db.transaction(async (tx) => {
          const now = this.at();
          const lease = {
            leaseOwner: this.runtime.instanceId,
            leaseExpiresAt: this.runtime.leases.until(),
          };
          const existing = await repo.findByWxid(tx, ev.wxid);
          let account: repo.WorkAccountRow;
          let change: 'added' | 'updated';
          if (existing) {
            if (existing.tenantId !== login.tenantId)
              throw new LoginRefused('accountInOtherTenant');
            const port = await repo.portOf(tx, existing.tenantId, existing.id);
            if (!port || port.expiresAt.getTime() <= now.getTime()) {
              await repo.freePorts(tx, existing.tenantId, [existing.id]);
              if (!(await repo.takePort(tx, existing.tenantId, existing.id, now))) {
                throw new LoginRefused('noFreePort');
              }
            }
            [account] = await repo.updateAccounts(tx, existing.tenantId, [existing.id], {
              nickname: ev.nickname,
              avatar: ev.avatar,
              status: 'loggingIn',
              statusReason: '',
              statusAt: now,
              lastLoginAt: now,
              groupId: login.groupId ?? existing.groupId,
              proxyId: login.proxyId ?? existing.proxyId,
              ...lease,
            });
            change = 'updated';
          } else {
            const creator = await repo.findTenantUser(tx, login.tenantId, login.userId);
            account = await repo.insertAccount(tx, {
              tenantId: login.tenantId,
              wxid: ev.wxid,
              nickname: ev.nickname,
              avatar: ev.avatar,
              status: 'loggingIn',
              statusAt: now,
              groupId: login.groupId,
              proxyId: login.proxyId,
              // A seat or supervisor who adds an account keeps it (or it would vanish from view).
              distributedTo: creator && !seesWholeTenant(creator.role) ? creator.id : null,
              addedBy: login.userId,
              firstLoginAt: now,
              lastLoginAt: now,
              ...lease,
            });
            if (!(await repo.takePort(tx, login.tenantId, account.id, now))) {
              throw new LoginRefused('noFreePort');
            }
            change = 'added';
          }
          const moved = await qrRepo.transitionQrLogin(tx, login.id, ['issued', 'scanned'], {
            status: 'confirmed',
            wxid: ev.wxid,
          });
          if (!moved) throw new LoginRefused('qrLoginNotFound');
          await recordStatusEvents(tx, [account!]);
          return { account: account!, change };
        });
      } catch (err) {
        if (!(err instanceof LoginRefused)) throw err;
        await this.onQrFailed(ev.loginId, translate(err.key, 'zh-CN'), 'failed');
        // The platform session must not outlive a refused login (another tenant's stays).
        const gw = this.runtime.gateway;
        await (err.key === 'accountInOtherTenant' ? gw.release(ev.wxid) : gw.logout(ev.wxid)).catch(
          () => undefined,
        );
        return;
      }
      const { account, change } = outcome;
      this.runtime.forget([account.wxid]);
      const data: QrAckSucceedPush = {
        loginId: ev.loginId,
        status: QR_ACK_STATUS.confirmed,
        wxid: account.wxid,
      };
      await this.deps.realtime.publish(account.tenantId, {
        event: WS_EVENTS.qrAckSucceed,
        data,
        userIds: [login.userId],
      });
      await publishAccountsChanged(this.deps, account.tenantId, [account], change);
      await publishStatus(this.deps, account);
      // Some platforms hold the account at once; others report `online` when connected.
      if (this.runtime.gateway.heldAccounts().includes(account.wxid)) {
        await this.finishLogin({ id: account.id, tenantId: account.tenantId, wxid: account.wxid });
      }
    } finally {
      unpin();
    }
  }

  /** Marks an account to sync its friends and groups when it next comes online. */
  syncWhenOnline(wxid: string): void {
    this.syncPending.add(wxid);
  }

  /** After a login: sync friends and groups (the account shows loggingIn meanwhile), then online. */
  private async finishLogin(account: AccountRef): Promise<void> {
    if (this.finishing.has(account.wxid)) return;
    this.finishing.add(account.wxid);
    try {
      await this.runtime.syncAfterLogin(account).catch((err: unknown) => {
        this.deps.log.warn({ err, wxid: account.wxid }, 'contact sync after login failed');
      });
      this.syncPending.delete(account.wxid);
      const row = await setStatusWithEvent(this.deps.db, account.id, 'online', '', this.at(), [
        'loggingIn',
        'autoLoggingIn',
      ]);
      if (row) await publishStatus(this.deps, row);
    } finally {
      this.finishing.delete(account.wxid);
    }
  }

  private async onStatusChanged(ev: StatusChangedEvent, account: AccountRef): Promise<void> {
    if (ev.status === 'online') {
      const current = await repo.findByWxid(this.deps.db, account.wxid);
      if (current?.status === 'loggingIn' || this.syncPending.has(account.wxid)) {
        await this.finishLogin(account);
        return;
      }
    }
    const row = await setStatusWithEvent(
      this.deps.db,
      account.id,
      ev.status,
      ev.reason,
      new Date(ev.at || this.deps.now()),
    );
    if (row) await publishStatus(this.deps, row);
  }
}
