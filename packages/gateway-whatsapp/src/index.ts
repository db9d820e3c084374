import { makeWASocket } from 'baileys';
import type { PacingPreset } from '@cst/shared';
import { WA_AUTH_SECRET, WaAuthStore } from './auth-store.ts';
import { updateFriendInfo } from './blocklist.ts';
import * as cmd from './commands.ts';
import { cardPhoneOf } from './outbound.ts';
import { getProfile, setProfile } from './profile.ts';
import { DEFAULT_OPTIONS, WaCore, type WhatsAppOptions } from './core.ts';
import { openSecretBox } from '@cst/gateway';
import * as session from './session.ts';
import { GatewayError, type Capability, type ChatGateway, type WhatsAppDeps } from './seam.ts';
import type { SocketFactory } from './socket.ts';
import { WaRepository } from './wa.repository.ts';

export type { WhatsAppOptions } from './core.ts';
export type { WhatsAppDeps } from './seam.ts';
export type { SocketFactory, WaSocket } from './socket.ts';
export { WA_AUTH_SECRET, WaAuthStore } from './auth-store.ts';
export { SecretBox, openSecretBox } from '@cst/gateway';
export { messageIdOf } from './commands.ts';

/**
 * Human pacing on WhatsApp (issue 34). What its users report: 429 answers at about 3 messages a
 * second and bans after a few more (Baileys #1248), bans after 15–20 messages a day to unsaved
 * contacts (#1983), numbers banned for group posts (#1925). So by default one person at a time
 * (no bursts), a long random gap between people, 20 people and 5 groups a day, reached over a
 * week's warm-up after a number is linked; past the ceilings the settings page warns.
 */
export const WHATSAPP_PACING: PacingPreset = {
  defaults: {
    dailyCapPerAccount: 20,
    messageIntervalSec: 8,
    fanIntervalSec: 90,
    perRoundCount: 1,
    groupIntervalSec: 600,
    groupDailyCap: 5,
    jitterSec: 45,
  },
  ceilings: {
    dailyCapPerAccount: 50,
    messageIntervalSec: 5,
    fanIntervalSec: 45,
    perRoundCount: 2,
    groupIntervalSec: 300,
    groupDailyCap: 10,
    jitterSec: 15,
  },
  warmupDays: 7,
};

/** What WhatsApp can do through this adapter; the console hides the rest (WHATSAPP.md). */
export const WHATSAPP_CAPABILITIES: readonly Capability[] = [
  'qrLogin',
  'pairingCode',
  'resume',
  'logout',
  'sendText',
  'sendImage',
  'sendFile',
  'sendVideo',
  'sendVoice',
  'sendEmoticon',
  'sendLink',
  'sendCard',
  'sendQuote',
  'sendLocation',
  'revoke',
  'markRead',
  'deliveryReceipts',
  'readReceipts',
  'readSync',
  'contacts',
  'friendInfo',
  'setRemark',
  'blacklist',
  'searchUser',
  'groups',
  'groupCreate',
  'groupInvite',
  'groupRemove',
  'groupLeave',
  'groupRename',
  'groupNotice',
  'typing',
];

const unsupported = (what: string) => () =>
  Promise.reject(new GatewayError('unsupported', `WhatsApp has no ${what}`));

/** The WhatsApp gateway: Baileys sockets, sessions in the database. */
export async function createWhatsAppGateway(
  deps: WhatsAppDeps,
  options: Partial<WhatsAppOptions> = {},
): Promise<ChatGateway> {
  const opts: WhatsAppOptions = {
    ...DEFAULT_OPTIONS,
    socketFactory: makeWASocket as unknown as SocketFactory,
    ...options,
  };
  const box = await openSecretBox(deps.sharedSecret, deps.config.whatsappAuthKey, WA_AUTH_SECRET);
  const core = new WaCore(
    deps,
    new WaAuthStore(deps.db, box, deps.now),
    new WaRepository(deps.db, box),
    opts,
  );
  const group = cmd.groupCommand;
  const health =
    opts.healthIntervalMs > 0
      ? setInterval(() => void session.healthRound(core), opts.healthIntervalMs)
      : null;
  health?.unref();

  return {
    platform: 'whatsapp',
    capabilities: new Set(WHATSAPP_CAPABILITIES),
    canSendCardOf: (person) => cardPhoneOf(person) !== '',
    pacing: WHATSAPP_PACING,
    simulator: null,
    on: (event, listener) => core.hub.on(event, listener),
    close: async () => {
      if (health) clearInterval(health);
      core.closed = true;
      for (const c of [...core.held.values(), ...core.pairing.values()]) session.stop(c);
      await core.store.flush();
      await core.hub.idle();
      await core.idle();
    },

    startQrLogin: (c) => session.startQrLogin(core, c),
    startPairingLogin: (c) => session.startPairingLogin(core, c),
    cancelQrLogin: (loginId) => session.cancelQrLogin(core, loginId),
    getQrLogin: async (loginId) => session.getQrLogin(core, loginId),
    resume: (wxid, o) => session.resume(core, wxid, o),
    release: async (wxid) => session.release(core, wxid),
    logout: (wxid) => session.logout(core, wxid),
    heldAccounts: () => [...core.held.keys()],
    recoveredMessages: () => core.recovered,
    getProfile: async (wxid) => getProfile(core, wxid),
    setProfile: (wxid, patch) => setProfile(core, wxid, patch),

    send: (c) => cmd.send(core, c),
    revoke: (wxid, msgId) => cmd.revoke(core, wxid, msgId),
    markRead: (peer) => cmd.markRead(core, peer),
    voiceToText: unsupported('voice-to-text'),
    downloadMedia: (wxid, fileId) => cmd.downloadMedia(core, wxid, fileId),

    listContacts: (wxid) => cmd.listContacts(core, wxid),
    getFriendInfo: (acc, wxid) => cmd.getFriendInfo(core, acc, wxid),
    setRemark: (acc, wxid, remark) => cmd.setRemark(core, acc, wxid, remark),
    updateFriendInfo: (acc, wxid, patch) => updateFriendInfo(core, acc, wxid, patch),
    deleteFriend: unsupported('friend list'),
    searchUser: (acc, keyword) => cmd.searchUser(core, acc, keyword),
    listFriendRequests: unsupported('friend requests'),
    acceptFriendRequest: unsupported('friend requests'),
    declineFriendRequest: unsupported('friend requests'),
    addFriend: unsupported('friend requests'),

    listGroups: (acc) => cmd.listGroups(core, acc),
    createGroup: (acc, name, wxids) => cmd.createGroup(core, acc, name, wxids),
    listGroupMembers: (acc, groupId) => cmd.listGroupMembers(core, acc, groupId),
    inviteToGroup: (acc, groupId, wxids) =>
      group(core, acc, groupId, (s, jid) => s.groupParticipantsUpdate(jid, wxids, 'add')),
    removeFromGroup: (acc, groupId, wxids) =>
      group(core, acc, groupId, (s, jid) => s.groupParticipantsUpdate(jid, wxids, 'remove')),
    leaveGroup: (acc, groupId) => group(core, acc, groupId, (s, jid) => s.groupLeave(jid)),
    renameGroup: (acc, groupId, name) =>
      group(core, acc, groupId, (s, jid) => s.groupUpdateSubject(jid, name)),
    setGroupCard: unsupported('group display names'),
    setGroupNotice: (acc, groupId, notice) =>
      group(core, acc, groupId, (s, jid) => s.groupUpdateDescription(jid, notice)),
    setGroupBan: unsupported('muting of single members'),
    listGroupBans: unsupported('muting of single members'),

    listMoments: unsupported('moments'),
    postMoment: unsupported('moments'),
    likeMoment: unsupported('moments'),
    commentMoment: unsupported('moments'),
  };
}
