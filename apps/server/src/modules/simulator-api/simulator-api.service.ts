import {
  isMsgType,
  type MsgType,
  type SimContacts,
  type SimFriendRequestBody,
  type SimMergePersonBody,
  type SimReceivedBody,
  type SimReceivedItem,
  type SimPendingQr,
  type WorkAccountStatus,
} from '@cst/shared';
import type {
  SimConfig,
  SimFaultKind,
  SimInboundCommand,
  SimulatorControl,
} from '../../gateway/index.ts';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Uses } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import {
  findByWxid as accountRepoFindByWxid,
  allVisibleAccounts as accountRepoAllVisibleAccounts,
  viaGateway,
  findQrLogin as qrRepoFindQrLogin,
  pendingQrLogins as qrRepoPendingQrLogins,
} from '../accounts/index.ts';
import { listContactsOf, listGroupsWithMembers } from '../contacts/index.ts';
import { callHolder, type SimulatorCall } from '../conversations/index.ts';

const FAULTABLE: WorkAccountStatus[] = ['online', 'autoLoggingIn', 'offline', 'proxyFailed'];

/**
 * The simulator page's controls (API.md, Simulator control): the caller plays the outside world
 * for the accounts of its own tenant; another tenant's account or login is not found.
 */
export class SimulatorApiService {
  constructor(private readonly deps: Uses<'realtime' | 'runtime'>) {}

  private get sim(): SimulatorControl {
    const sim = this.deps.runtime.gateway.simulator;
    if (!sim) throw fail.notFound('routeNotFound');
    return sim;
  }

  private async ownLogin(auth: AuthContext, loginId: string) {
    const row = await qrRepoFindQrLogin(this.deps.db, loginId);
    if (!row || row.tenantId !== auth.tenantId) throw fail.notFound('qrLoginNotFound');
    return row;
  }

  private async ownAccount(auth: AuthContext, wxid: string) {
    const row = await accountRepoFindByWxid(this.deps.db, wxid);
    if (!row || row.tenantId !== auth.tenantId) throw fail.notFound('workAccountNotFound');
    return row;
  }

  /** The caller's account, connected (in one of `states`), or 409 'not online'. */
  private async connectedAccount(
    auth: AuthContext,
    wxid: string,
    states: readonly WorkAccountStatus[],
  ) {
    const row = await this.ownAccount(auth, wxid);
    if (!states.includes(row.status)) throw fail.conflict('accountNotOnline');
    return row;
  }

  /**
   * Acts as the outside world of one account on the instance that holds it (through the proxy of
   * a cluster the page may reach any instance).
   */
  private atHolder<T = unknown>(wxid: string, call: SimulatorCall): Promise<T> {
    if (!this.deps.runtime.gateway.simulator) throw fail.notFound('routeNotFound');
    return viaGateway(() => callHolder<T>(this.deps, wxid, { name: 'simulator', call }));
  }

  /** Scans a pending QR code and confirms or declines on the phone. */
  async scan(auth: AuthContext, loginId: string, confirm: boolean, nickname?: string) {
    const login = await this.ownLogin(auth, loginId);
    return viaGateway(() => this.sim.scan(loginId, confirm, nickname, login.wxid ?? undefined));
  }

  /**
   * The phone's owner types a pairing code: the caller's tenant's open pairing login with that
   * code (case and a dash ignored) is confirmed or declined as a scan would.
   */
  async pair(auth: AuthContext, code: string, confirm: boolean, nickname?: string) {
    const typed = code.trim().toUpperCase().replace(/-/g, '');
    const pending = auth.tenantId
      ? await qrRepoPendingQrLogins(this.deps.db, auth.tenantId, new Date(this.deps.now()))
      : [];
    for (const { login } of pending) {
      if (login.qrImage !== '' || (await this.pairingCodeOf(login.id)) !== typed) continue;
      return viaGateway(() => this.sim.scan(login.id, confirm, nickname, login.wxid ?? undefined));
    }
    throw fail.notFound('pairCodeNotFound');
  }

  /** The code of a pairing-code login (null for a QR login or one the platform forgot). */
  private async pairingCodeOf(loginId: string): Promise<string | null> {
    const gw = this.deps.runtime.gateway;
    const state = await gw.getQrLogin(loginId).catch(() => null);
    return state?.pairingCode ?? null;
  }

  /** Scans without deciding yet (the console shows "scanned"). */
  async scanOnly(auth: AuthContext, loginId: string): Promise<void> {
    await this.ownLogin(auth, loginId);
    await viaGateway(() => this.sim.scanOnly(loginId));
  }

  /** A contact (or a group member) writes to a work account. */
  async inbound(auth: AuthContext, cmd: SimInboundCommand) {
    await this.connectedAccount(auth, cmd.workWxid, ['online']);
    if (!isMsgType(cmd.msgType)) throw fail.invalid('fieldValue', { field: 'msgType' });
    return this.atHolder<{ msgId: string }>(cmd.workWxid, { op: 'inbound', cmd });
  }

  /** A person asks one of the tenant's online accounts to be friends. */
  async friendRequest(auth: AuthContext, body: SimFriendRequestBody) {
    await this.connectedAccount(auth, body.workWxid, ['online']);
    return this.atHolder<{ requestId: string; fromWxid: string }>(body.workWxid, {
      op: 'friendRequest',
      cmd: { workWxid: body.workWxid, fromWxid: body.fromWxid, verifyContent: body.verifyContent },
    });
  }

  /** What people received from the tenant's accounts (one of them when given), oldest first. */
  async received(auth: AuthContext, body: SimReceivedBody): Promise<{ list: SimReceivedItem[] }> {
    let wxids: string[];
    if (body.workWxid) {
      wxids = [(await this.ownAccount(auth, body.workWxid)).wxid];
    } else {
      if (!auth.tenantId) return { list: [] };
      const scope = { kind: 'tenant' as const, tenantId: auth.tenantId };
      wxids = (await accountRepoAllVisibleAccounts(this.deps.db, scope)).map((a) => a.wxid);
    }
    const list = await this.sim.received({
      workWxids: wxids,
      peerWxid: body.peerWxid,
      sinceMs: body.sinceMs,
    });
    return { list };
  }

  /** One item of generated traffic of a type (or any). */
  async generate(auth: AuthContext, workWxid: string, msgType?: number): Promise<void> {
    await this.connectedAccount(auth, workWxid, ['online']);
    if (msgType !== undefined && !isMsgType(msgType)) {
      throw fail.invalid('fieldValue', { field: 'msgType' });
    }
    await this.atHolder(workWxid, { op: 'generate', msgType: msgType as MsgType | undefined });
  }

  /** The platform gives a person of the account a new id; the console merges their chats. */
  async mergePerson(auth: AuthContext, body: SimMergePersonBody): Promise<{ wxid: string }> {
    await this.connectedAccount(auth, body.workWxid, ['online']);
    return this.atHolder<{ wxid: string }>(body.workWxid, {
      op: 'mergePerson',
      wxid: body.wxid,
      newWxid: body.newWxid,
    });
  }

  /** Makes the platform fail an account: ban, kick out, proxy failure, network drop. */
  async fault(auth: AuthContext, workWxid: string, kind: SimFaultKind): Promise<void> {
    // A fault needs a live connection: online, reconnecting, or already failing softly.
    await this.connectedAccount(auth, workWxid, FAULTABLE);
    await this.atHolder(workWxid, { op: 'fault', kind });
  }

  /**
   * The simulator's tunables of the caller's tenant (its own over the defaults); for the platform
   * admin (no tenant), the defaults.
   */
  config(auth: AuthContext): SimConfig {
    return this.sim.getConfig(auth.tenantId);
  }

  /**
   * Changes tunables (unset fields stay) for the caller's tenant's accounts only; the platform
   * admin changes the defaults (what tenants have not set themselves). A tenant's traffic rate has
   * a ceiling (SIM_TRAFFIC_MAX per account; the simulator also caps a tenant's total per minute).
   */
  setConfig(auth: AuthContext, patch: Partial<SimConfig>): Promise<SimConfig> {
    const max = this.deps.config.simTrafficMax;
    const traffic = patch.trafficPerMinute;
    // A tenant may not raise its rate over the cap; the form sending back the rate it already
    // has (a default above the cap, from SIM_TRAFFIC or the admin) is not a raise.
    if (
      auth.tenantId &&
      traffic !== undefined &&
      traffic > max &&
      traffic !== this.sim.getConfig(auth.tenantId).trafficPerMinute
    ) {
      throw fail.invalid('simTrafficTooHigh', { max });
    }
    return viaGateway(() => this.sim.setConfig(patch, auth.tenantId));
  }

  /** QR codes of the caller's tenant waiting for a phone. */
  async pendingQr(auth: AuthContext): Promise<SimPendingQr[]> {
    if (!auth.tenantId) return [];
    const rows = await qrRepoPendingQrLogins(
      this.deps.db,
      auth.tenantId,
      new Date(this.deps.now()),
    );
    const out: SimPendingQr[] = [];
    for (const { login, createdBy } of rows) {
      const pairingCode = login.qrImage === '' ? await this.pairingCodeOf(login.id) : null;
      out.push({
        loginId: login.id,
        qrImage: login.qrImage,
        status: login.status,
        wxid: login.wxid,
        expiresAt: login.expiresAt.getTime(),
        createdAt: login.createdAt.getTime(),
        createdBy: createdBy ?? '',
        ...(pairingCode ? { pairingCode } : {}),
      });
    }
    return out;
  }

  /** The tenant's accounts as the simulated platform sees them. */
  async accounts(auth: AuthContext) {
    if (!auth.tenantId) return [];
    const scope = { kind: 'tenant' as const, tenantId: auth.tenantId };
    const mine = await accountRepoAllVisibleAccounts(this.deps.db, scope);
    if (mine.length === 0) return [];
    return this.sim.listAccounts(mine.map((a) => a.wxid));
  }

  /** Friends and groups (with members) of one of the tenant's accounts, to write as them. */
  async contacts(auth: AuthContext, workWxid: string): Promise<SimContacts> {
    const account = await this.ownAccount(auth, workWxid);
    return {
      contacts: await listContactsOf(this.deps.db, account.id),
      groups: await listGroupsWithMembers(this.deps.db, account.id),
    };
  }
}
