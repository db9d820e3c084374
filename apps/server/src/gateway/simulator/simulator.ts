import { SIMULATOR_PACING } from '@cst/shared';
import {
  CAPABILITIES,
  GatewayError,
  type ChatGateway,
  type ServerGatewayDeps,
  type SimConfig,
  type SimulatorControl,
} from '../types.ts';
import {
  DEFAULT_SIM_CONFIG,
  DEFAULT_SIM_OPTIONS,
  SimCore,
  type SimulatorOptions,
} from './simulator-core.ts';
import * as messaging from './simulator-messaging.ts';
import * as moments from './simulator-moments.ts';
import * as requests from './simulator-requests.ts';
import * as session from './simulator-session.ts';
import * as social from './simulator-social.ts';
import { generate, trafficTick } from './simulator-traffic.ts';
import { toProfile } from './simulator.presenter.ts';
import { SimulatorRepository } from './simulator.repository.ts';

const CONFIG_KEY = 'config';
/** A scope's own settings are stored under `config:<scope>`. */
const SCOPE_PREFIX = 'config:';

function validConfig(c: SimConfig): SimConfig {
  const num = (v: number, min: number, max: number, name: string) => {
    if (!Number.isFinite(v) || v < min || v > max) {
      throw new GatewayError('invalid', `${name} must be between ${min} and ${max}`);
    }
    return v;
  };
  return {
    trafficPerMinute: num(c.trafficPerMinute, 0, 6000, 'trafficPerMinute'),
    deliveryDelayMs: num(c.deliveryDelayMs, 0, 3_600_000, 'deliveryDelayMs'),
    readDelayMs: num(c.readDelayMs, 0, 3_600_000, 'readDelayMs'),
    failRate: num(c.failRate, 0, 1, 'failRate'),
    friendAcceptRate: num(c.friendAcceptRate, 0, 1, 'friendAcceptRate'),
  };
}

/**
 * The simulator: the embedded chat platform. Its world lives in the sim_* tables; the
 * connections (held accounts), timers and listeners live in this object.
 */
export async function createSimulator(
  deps: ServerGatewayDeps,
  options: Partial<SimulatorOptions> = {},
): Promise<ChatGateway> {
  const opts = { ...DEFAULT_SIM_OPTIONS, ...options };
  const stored = await new SimulatorRepository(deps.db).getSetting<Partial<SimConfig>>(CONFIG_KEY);
  const config: SimConfig = {
    ...DEFAULT_SIM_CONFIG,
    ...stored,
    // The environment (SIM_TRAFFIC) decides the background rate at every start.
    trafficPerMinute: deps.config.simTrafficPerMinute,
  };
  const core = new SimCore(deps, opts, config);
  const loadScopes = async () => {
    const rows = await core.repo.settingsWithPrefix<Partial<SimConfig>>(SCOPE_PREFIX);
    for (const r of rows) core.scoped.set(r.key.slice(SCOPE_PREFIX.length), r.value);
  };
  await loadScopes();
  let scopesReadAt = deps.now();
  for (const l of await core.repo.openLogins()) core.openLogins.set(l.loginId, l.expiresAt);

  const trafficRng = core.rng('traffic-timing', deps.now());
  let ticking = false;
  const loop = setInterval(() => {
    if (ticking || core.isClosed) return;
    ticking = true;
    core.track(
      (async () => {
        try {
          await session.expireDueLogins(core);
          // Another process may have changed a scope's settings.
          if (deps.now() - scopesReadAt >= opts.configRefreshMs) {
            scopesReadAt = deps.now();
            await loadScopes();
          }
          await trafficTick(core, opts.tickMs, trafficRng);
        } finally {
          ticking = false;
        }
      })(),
    );
  }, opts.tickMs);
  loop.unref();

  const control: SimulatorControl = {
    scan: (loginId, confirm, nickname, wxid) =>
      session.scan(core, loginId, confirm, nickname, wxid),
    scanOnly: (loginId) => session.scanOnly(core, loginId),
    pair: (code, confirm, nickname) => session.pair(core, code, confirm, nickname),
    inbound: (cmd) => core.run(() => messaging.inboundFromControl(core, cmd)),
    fault: (wxid, kind) => session.fault(core, wxid, kind),
    mergePerson: (wxid, person, newWxid) =>
      core.run(() => social.mergePerson(core, wxid, person, newWxid)),
    setConfig: async (patch, scope) => {
      const defined = Object.fromEntries(
        Object.entries(patch).filter(([, v]) => v !== undefined),
      ) as Partial<SimConfig>;
      if (!scope) {
        const next = validConfig({ ...core.defaults, ...defined });
        core.defaults = next;
        await core.repo.putSetting(CONFIG_KEY, next);
        return { ...next };
      }
      // A scope's own settings are the values it changed: a form sending back every field does
      // not pin the defaults it was shown (they may change later).
      const before = core.scoped.get(scope) ?? {};
      const effective = core.configOfScope(scope);
      const changed = Object.fromEntries(
        Object.entries(defined).filter(
          ([k, v]) => k in before || v !== effective[k as keyof SimConfig],
        ),
      ) as Partial<SimConfig>;
      const own = { ...before, ...changed };
      const next = validConfig({ ...core.defaults, ...own });
      core.scoped.set(scope, own);
      await core.repo.putSetting(`${SCOPE_PREFIX}${scope}`, own);
      return next;
    },
    getConfig: (scope) => ({ ...core.configOfScope(scope) }),
    pendingLogins: () => session.pendingLogins(core),
    listAccounts: async (wxids) => {
      const rows = await core.repo.listAccounts(wxids);
      const counts = await core.repo.worldCounts(rows.map((r) => r.wxid));
      return rows.map((r) => ({
        wxid: r.wxid,
        nickname: r.nickname,
        avatar: r.avatar,
        status: core.held.get(r.wxid)?.status ?? r.status,
        contactCount: counts.get(r.wxid)?.friends ?? 0,
        groupCount: counts.get(r.wxid)?.groups ?? 0,
      }));
    },
    friendRequest: (cmd) => core.run(() => requests.injectRequest(core, cmd)),
    received: (query) => requests.received(core, query),
    momentAct: (cmd) => core.run(() => moments.momentAct(core, cmd)),
    generate: (wxid, msgType) => generate(core, wxid, msgType),
    readFile: async (fileId) => {
      const f = await core.repo.getFile(fileId);
      if (!f) throw new GatewayError('notFound', 'file not found');
      return core.files.read(f);
    },
    idle: () => core.hub.idle(),
  };

  return {
    platform: 'simulator',
    capabilities: new Set(CAPABILITIES),
    pacing: core.opts.pacing ?? SIMULATOR_PACING,
    simulator: control,
    on: (event, listener) => core.hub.on(event, listener),
    close: async () => {
      clearInterval(loop);
      await core.stop();
    },

    startQrLogin: (cmd) => session.startQrLogin(core, cmd),
    startPairingLogin: (cmd) => session.startPairingLogin(core, cmd),
    cancelQrLogin: (loginId) => session.cancelQrLogin(core, loginId),
    getQrLogin: (loginId) => session.getQrLogin(core, loginId),
    resume: (wxid) => session.resume(core, wxid),
    release: (wxid) => session.release(core, wxid),
    logout: (wxid) => session.logout(core, wxid),
    heldAccounts: () => [...core.held.keys()],
    getProfile: async (wxid) => {
      core.requireHeld(wxid);
      return toProfile(await core.account(wxid));
    },
    setProfile: async (wxid, patch) => {
      core.requireOnline(wxid);
      const change: { nickname?: string; avatar?: string } = {};
      if (patch.nickname !== undefined) change.nickname = patch.nickname;
      if (patch.avatarUrl !== undefined) change.avatar = patch.avatarUrl;
      if (Object.keys(change).length > 0) await core.repo.updateAccount(wxid, change);
      return toProfile(await core.repo.freshAccount(wxid));
    },

    send: (cmd) => messaging.sendMessage(core, cmd),
    sendMany: (cmds) => messaging.sendMessages(core, cmds),
    revoke: (wxid, msgId) => messaging.revokeMessage(core, wxid, msgId),
    markRead: (peer) => messaging.markRead(core, peer),
    voiceToText: (wxid, msgId) => messaging.voiceToText(core, wxid, msgId),
    downloadMedia: (wxid, fileId) => messaging.downloadMedia(core, wxid, fileId),

    listContacts: (wxid) => social.listContacts(core, wxid),
    getFriendInfo: (acc, wxid) => social.getFriendInfo(core, acc, wxid),
    setRemark: (acc, wxid, remark) => social.setRemark(core, acc, wxid, remark),
    updateFriendInfo: (acc, wxid, patch) => social.updateFriendInfo(core, acc, wxid, patch),
    deleteFriend: (acc, wxid) => social.deleteFriend(core, acc, wxid),
    searchUser: (acc, keyword) => social.searchUser(core, acc, keyword),
    listFriendRequests: (acc) => social.listFriendRequests(core, acc),
    acceptFriendRequest: (acc, requestId) => social.acceptFriendRequest(core, acc, requestId),
    declineFriendRequest: (acc, requestId) => requests.declineRequest(core, acc, requestId),
    addFriend: (cmd) => social.addFriend(core, cmd),

    listGroups: (acc) => social.listGroups(core, acc),
    createGroup: (acc, name, wxids) => social.createGroup(core, acc, name, wxids),
    listGroupMembers: (acc, groupId) => social.listGroupMembers(core, acc, groupId),
    inviteToGroup: (acc, groupId, wxids) => social.inviteToGroup(core, acc, groupId, wxids),
    removeFromGroup: (acc, groupId, wxids) => social.removeFromGroup(core, acc, groupId, wxids),
    leaveGroup: (acc, groupId) => social.leaveGroup(core, acc, groupId),
    renameGroup: (acc, groupId, name) => social.renameGroup(core, acc, groupId, name),
    setGroupCard: (acc, groupId, card) => social.setGroupCard(core, acc, groupId, card),
    setGroupNotice: (acc, groupId, text) => social.setGroupNotice(core, acc, groupId, text),
    setGroupBan: (acc, groupId, wxids, banned) =>
      social.setGroupBan(core, acc, groupId, wxids, banned),
    listGroupBans: (acc, groupId) => social.listGroupBans(core, acc, groupId),

    listMoments: (acc, o) => moments.listMoments(core, acc, o),
    postMoment: (cmd) => moments.postMoment(core, cmd),
    likeMoment: (acc, momentId, like) => moments.likeMoment(core, acc, momentId, like),
    commentMoment: (cmd) => moments.commentMoment(core, cmd),
  };
}
