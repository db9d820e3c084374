import type {
  FriendRequestStatus,
  Gender,
  MsgType,
  PacingPreset,
  TalkType,
  WorkAccountStatus,
} from '@cst/shared';

/**
 * The seam to a chat platform (DESIGN.md §6). Only an adapter (the server's simulator,
 * packages/gateway-whatsapp) knows a platform; the rest of the server calls these commands and
 * listens to these events.
 *
 * Conventions:
 * - Every id is the platform's id as a string: `wxid` of an account or person, group ids contain
 *   `@chatroom`, `msgId` of a message. They are stable, so a consumer stores events idempotently
 *   (unique on work account + platform id).
 * - Times are milliseconds since the epoch.
 * - Events of one work account are delivered in order, one at a time: a listener's promise is
 *   awaited before the next event of that account (so `sent` is stored before `delivered`).
 * - Commands on an account this process does not hold (never confirmed, resumed or after release)
 *   fail with `GatewayError('notHeld')`.
 */

// ---- capabilities -------------------------------------------------------------------------------

/** What a platform can do; the SPA hides what is missing. */
export const CAPABILITIES = [
  'qrLogin',
  /** Link by an 8-character code typed on the phone instead of a QR scan (`startPairingLogin`). */
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
  'sendMiniProgram',
  'sendCard',
  'sendQuote',
  'sendLocation',
  'revoke',
  'markRead',
  'voiceToText',
  'deliveryReceipts',
  'readReceipts',
  'readSync',
  'contacts',
  'friendInfo',
  'setRemark',
  /** Star and pin a friend (`updateFriendInfo` with `star` / `topChat`). */
  'updateFriendInfo',
  /** Block and unblock a person (`updateFriendInfo` with `blacklist`). */
  'blacklist',
  'deleteFriend',
  'friendRequests',
  'declineFriendRequest',
  'addFriend',
  'searchUser',
  'groups',
  'groupCreate',
  'groupInvite',
  'groupRemove',
  'groupLeave',
  'groupRename',
  'groupCard',
  'groupNotice',
  'groupBan',
  'moments',
  'momentPost',
  /** Like and comment on moments (and reply to comments). */
  'momentInteract',
  /** Limit who sees a post to some friends (the console's tags). */
  'momentVisibility',
  /**
   * Show the account typing before a send (`SendCommand.typing`): the person sees it `composing`
   * for a time that grows with the text (`typingMsOf`).
   */
  'typing',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** Names of platforms the server can run. */
export type PlatformName = 'simulator' | 'whatsapp';

// ---- errors -------------------------------------------------------------------------------------

/** Why a command failed; the consumer maps these to its own message keys. */
export type GatewayErrorCode =
  | 'notHeld' // this process does not hold the account
  | 'notOnline' // the account is held but not online
  | 'notFound' // unknown login, message, contact, group or file
  | 'noSession' // resume without stored session data (needs a QR login)
  | 'unsupported' // the platform lacks the capability
  | 'invalid' // bad input for the platform (e.g. empty text)
  | 'notFriend' // the peer is not a friend of the account
  | 'notMember' // the account is not (or no longer) in the group
  | 'notOwner' // only the group owner (or an admin) may do this
  | 'alreadyFriend'
  | 'expired' // QR login expired or finished
  | 'tooLate' // revoke after the platform's window
  | 'failed'; // the platform refused; `message` says why

/** A command that the platform refused. */
export class GatewayError extends Error {
  constructor(
    readonly code: GatewayErrorCode,
    message: string = code,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

// ---- DTOs ---------------------------------------------------------------------------------------

/** A media file as the platform holds it; fetch bytes with `downloadMedia(fileId)`. */
export interface MediaFileDto {
  fileId: string;
  fileName: string;
  mime: string;
  size: number;
  /** Pixels, for images, emoticons and videos. */
  width?: number;
  height?: number;
  /** Milliseconds, for voice and video. */
  durationMs?: number;
  /** Set instead of a platform file when the file is the console's own (e.g. its own posts). */
  url?: string;
}

/** Bytes of a media file. */
export interface MediaBytes {
  data: Buffer;
  mime: string;
  fileName: string;
  size: number;
}

/** A file the console sends: the server's own stored file (its fileUrl) and facts about it. */
export interface OutboundMedia {
  /** The server's address of the file (e.g. `/oss-api/…`); the platform loads it via deps. */
  fileUrl: string;
  fileName: string;
  mime: string;
  size: number;
  durationMs?: number;
}

/** The account's own profile. */
export interface AccountProfileDto {
  wxid: string;
  nickname: string;
  avatar: string;
  alias: string;
  sex: Gender;
  signature: string;
  province: string;
  city: string;
}

/** What `setProfile` changes; absent fields stay as they are. */
export interface ProfilePatch {
  nickname?: string;
  /** Address of the new picture (`/oss-api/…`); adapters that upload bytes load it with loadMedia. */
  avatarUrl?: string;
}

/** A friend of a work account. */
export interface ContactDto {
  wxid: string;
  alias: string;
  nickname: string;
  remark: string;
  avatar: string;
  sex: Gender;
  province: string;
  city: string;
  signature: string;
  star: boolean;
  blacklist: boolean;
  /** Pinned on the platform (absent: not pinned). */
  topChat?: boolean;
  /** When they became friends. */
  addedAt: number;
  /** How they were added: searched, card, group, qr, phone or other. */
  source: string;
}

/** The person a contact card is of, as the platform listed them. */
export type CardPerson = Pick<ContactDto, 'wxid' | 'alias'>;

/** Friend info (SPEC §3): a friend or a stranger as seen from the account. */
export interface FriendInfoDto {
  wxid: string;
  alias: string;
  name: string;
  smallHeadImage: string;
  wallPaper: string;
  signature: string;
  sex: Gender;
  remark: string;
  province: string;
  city: string;
  /** Token for add-friend of a stranger (empty for friends). */
  ticket: string;
  snsEnabled: boolean;
  snsBlackList: boolean;
  blacklist: boolean;
  star: boolean;
  topChat: boolean;
  isFriend: boolean;
}

/** A group chat the account is in. */
export interface GroupDto {
  groupId: string;
  name: string;
  avatar: string;
  ownerWxid: string;
  notice: string;
  /** The account's own display name in the group ('' = its nickname). */
  myCard: string;
  memberCount: number;
  createdAt: number;
}

/** A member of a group. */
export interface GroupMemberDto {
  wxid: string;
  nickname: string;
  /** Display name in the group ('' = nickname). */
  card: string;
  avatar: string;
  isOwner: boolean;
  /** Set by the owner: may remove members, mute and post the announcement. */
  isAdmin: boolean;
  isFriend: boolean;
  banned: boolean;
  joinedAt: number;
}

/** A friend request received by the account. */
export interface FriendRequestDto {
  /** The platform's id of the request (stable). */
  requestId: string;
  fromWxid: string;
  nickname: string;
  avatar: string;
  sex: Gender;
  province: string;
  city: string;
  verifyContent: string;
  /** How the person found the account: search, card, group, qr, phone. */
  source: string;
  status: 'pending' | 'accepted' | 'declined' | 'expired';
  createdAt: number;
}

/** A moment (timeline post). */
export interface MomentDto {
  momentId: string;
  authorWxid: string;
  authorName: string;
  authorAvatar: string;
  text: string;
  media: MediaFileDto[];
  link?: { title: string; url: string };
  likes: { wxid: string; name: string; at: number }[];
  comments: {
    commentId: string;
    wxid: string;
    name: string;
    text: string;
    at: number;
    /** A reply names the person whose comment it answers. */
    replyToWxid?: string;
    replyToName?: string;
  }[];
  createdAt: number;
}

/** A pending or finished QR login. */
export interface QrLoginDto {
  loginId: string;
  /** Text to render as a QR image (the consumer renders it with `qrcode`). */
  qrPayload: string;
  expiresAt: number;
  status: 'issued' | 'scanned' | 'confirmed' | 'failed' | 'expired' | 'cancelled';
  /** For a re-login of a known account. */
  wxid: string | null;
  /** Set for a pairing-code login: the code the operator types on the phone (no QR then). */
  pairingCode?: string;
}

// ---- commands -----------------------------------------------------------------------------------

/** Where a message goes. */
export interface Peer {
  workWxid: string;
  /** Friend wxid for talkType 1, group id for talkType 2. */
  peerId: string;
  talkType: TalkType;
}

/** A message the console sends, by kind. */
export type OutboundMessage =
  | { kind: 'text'; content: string; atWxids?: string[] }
  | { kind: 'image'; file: OutboundMedia }
  | { kind: 'file'; file: OutboundMedia }
  | { kind: 'video'; file: OutboundMedia }
  | { kind: 'voice'; file: OutboundMedia }
  | { kind: 'emoticon'; file: OutboundMedia }
  | { kind: 'link'; title: string; description: string; url: string; thumbUrl?: string }
  | {
      kind: 'miniProgram';
      title: string;
      appId: string;
      appName: string;
      pagePath: string;
      thumbUrl?: string;
    }
  | {
      kind: 'card';
      wxid: string;
      nickname: string;
      avatar: string;
      /** The person's alias as the platform listed it (WhatsApp: the phone number). */
      alias?: string;
    }
  | { kind: 'quote'; content: string; refMsgId: string }
  | { kind: 'location'; latitude: number; longitude: number; label: string; poiName: string };
export type OutboundKind = OutboundMessage['kind'];

/** Send a message; `requestId` is the idempotency key (same key → same message, sent once). */
export interface SendCommand extends Peer {
  requestId: string;
  message: OutboundMessage;
  /**
   * Show the account typing first (robot, task and API sends; a seat's own sends do not): on a
   * platform with capability `typing` the person sees `composing` for `typingMsOf(message)`, then
   * the message. Ignored elsewhere, and for a repeated requestId (nothing is sent again).
   */
  typing?: boolean;
}

/** One send's answer in a batch (`sendMany`): accepted, or the platform's refusal. */
export type SendResult = { ok: true; accepted: SendAccepted } | { ok: false; error: GatewayError };

/** The platform accepted a send. Receipts follow as `sendReceipt` events. */
export interface SendAccepted {
  requestId: string;
  msgId: string;
  msgType: MsgType;
  /** Content as stored by the platform (JSON for structured types). */
  content: string;
  file: MediaFileDto | null;
  createdAt: number;
  /** True when this requestId was already sent: nothing was sent again. */
  duplicate: boolean;
}

/** Start a QR login. */
export interface StartQrLoginCommand {
  /** Re-login of a known account (e.g. after kickedOut): only that account's phone can confirm. */
  wxid?: string;
  /** Proxy to connect through, `ip:port:account:password`, socks5. */
  proxy?: string;
}

/** Start a pairing-code login: the phone number (digits with country code) gets a code. */
export interface StartPairingLoginCommand extends StartQrLoginCommand {
  /** E.164 digits without `+` (spaces, dashes and a leading `+` are tolerated). */
  phone: string;
}

/** The phone number of a pairing-code login as the platform wants it, or null when malformed. */
export function normalizePhone(phone: string): string | null {
  const digits = phone.trim().replace(/^\+/, '').replace(/[\s-]/g, '');
  return /^[1-9][0-9]{6,14}$/.test(digits) ? digits : null;
}

/** How to bring an account back. */
export interface ResumeOptions {
  /** The account's proxy now, `ip:port:account:password` (socks5); null: none; unset: as stored. */
  proxy?: string | null;
}

/** Add a friend by wxid (from a group, card or search result). */
export interface AddFriendCommand {
  workWxid: string;
  wxid: string;
  verifyContent: string;
  /** Ticket from `searchUser` or `getFriendInfo` of a stranger. */
  ticket?: string;
  /** Group where the person was found. */
  groupId?: string;
  /**
   * The sender's idempotency key: a platform that sees a key again answers what it answered the
   * first time (the same request id) and sends nothing new. Scheduled work (bulk friend-adding
   * tasks) sets it so a retry after a crash is never a second request.
   */
  idempotencyKey?: string;
}

/** Flags of a friend to change (unset ones stay). */
export interface FriendFlagsPatch {
  star?: boolean;
  blacklist?: boolean;
  topChat?: boolean;
}

/** Post a moment. `requestId` is the idempotency key. */
export interface PostMomentCommand {
  workWxid: string;
  requestId: string;
  text: string;
  media: OutboundMedia[];
  link?: { title: string; url: string };
  /** Only these friends see it (capability `momentVisibility`); unset: every friend. */
  visibleTo?: string[];
}

/** Comment on a moment, or reply to a comment. `requestId` is the idempotency key. */
export interface CommentMomentCommand {
  workWxid: string;
  momentId: string;
  requestId: string;
  text: string;
  /** The comment answered (its author is named in the reply). */
  replyToCommentId?: string;
}

/** The commands of a chat platform. */
export interface ChatGatewayCommands {
  /** Begins a QR login; events report scanned / confirmed / failed / expired. */
  startQrLogin(cmd?: StartQrLoginCommand): Promise<QrLoginDto>;
  /**
   * Begins a pairing-code login (capability `pairingCode`): resolves with the 8-character code
   * (`pairingCode`, no QR); the same events as a QR login follow (scanned when the phone took the
   * code, confirmed, failed, expired). `invalid` for a malformed phone number.
   */
  startPairingLogin(cmd: StartPairingLoginCommand): Promise<QrLoginDto & { pairingCode: string }>;
  /** Cancels a pending QR login (no event). */
  cancelQrLogin(loginId: string): Promise<void>;
  /** The state of a QR login. */
  getQrLogin(loginId: string): Promise<QrLoginDto>;
  /** Brings an account back after a restart from its stored session, without QR: autoLoggingIn → online. */
  resume(workWxid: string, opts?: ResumeOptions): Promise<void>;
  /** This process stops holding the account (its lease moved); the phone stays logged in. */
  release(workWxid: string): Promise<void>;
  /** Logs the account out on the platform: status notLoggedIn; its session is dropped. */
  logout(workWxid: string): Promise<void>;
  /** Accounts this process holds. */
  heldAccounts(): string[];
  /** The account's own profile. */
  getProfile(workWxid: string): Promise<AccountProfileDto>;
  /** Changes the account's own nickname and/or avatar (an `/oss-api` address); the new profile. */
  setProfile(workWxid: string, patch: ProfilePatch): Promise<AccountProfileDto>;

  /** Sends a message (idempotent by requestId). */
  send(cmd: SendCommand): Promise<SendAccepted>;
  /**
   * Optional: sends messages of one account in their order, each idempotent by its requestId,
   * answering each as `send` called one after another would (an account that cannot send answers
   * `notOnline` / `notHeld` for every message it did not take). Without it the outbox sends one by
   * one; a platform whose sends cost a round trip each gains nothing from it.
   */
  sendMany?(cmds: SendCommand[]): Promise<SendResult[]>;
  /** Revokes a sent message; a `revoked` event follows. Returns the replacement content. */
  revoke(workWxid: string, msgId: string): Promise<{ msgId: string; content: string }>;
  /** Marks a conversation read on the platform. */
  markRead(peer: Peer): Promise<void>;
  /** Transcribes a voice message. */
  voiceToText(workWxid: string, msgId: string): Promise<{ text: string }>;
  /** Bytes of a media file of a message or moment. */
  downloadMedia(workWxid: string, fileId: string): Promise<MediaBytes>;

  /** All friends of the account. */
  listContacts(workWxid: string): Promise<ContactDto[]>;
  /** Info on a friend or a stranger (with a ticket for add-friend). */
  getFriendInfo(workWxid: string, wxid: string): Promise<FriendInfoDto>;
  /** Sets a friend's remark; a `contactsChanged` event follows. */
  setRemark(workWxid: string, wxid: string, remark: string): Promise<void>;
  /** Sets a friend's star, blacklist and pin flags; a `contactsChanged` event follows. */
  updateFriendInfo(workWxid: string, wxid: string, patch: FriendFlagsPatch): Promise<ContactDto>;
  /** Deletes a friend; a `contactsChanged` event (removed) follows. */
  deleteFriend(workWxid: string, wxid: string): Promise<void>;
  /** Finds a person by phone number, alias or wxid; null when there is none. */
  searchUser(workWxid: string, keyword: string): Promise<FriendInfoDto | null>;
  /** Pending and recent friend requests. */
  listFriendRequests(workWxid: string): Promise<FriendRequestDto[]>;
  /** Accepts a friend request; `contactsChanged` follows. */
  acceptFriendRequest(workWxid: string, requestId: string): Promise<ContactDto>;
  /** Declines a received friend request (idempotent). */
  declineFriendRequest(workWxid: string, requestId: string): Promise<void>;
  /**
   * Sends a friend request (SPEC friend request status 1–4). A sent request (status 1) has the
   * platform's `requestId`; its answer arrives as `friendRequestAnswered`.
   */
  addFriend(
    cmd: AddFriendCommand,
  ): Promise<{ status: FriendRequestStatus; reason?: string; requestId?: string }>;

  /** Groups the account is in. */
  listGroups(workWxid: string): Promise<GroupDto[]>;
  /** Creates a group with friends; `groupChanged` follows. */
  createGroup(workWxid: string, name: string, memberWxids: string[]): Promise<GroupDto>;
  /** Members of a group. */
  listGroupMembers(workWxid: string, groupId: string): Promise<GroupMemberDto[]>;
  /** Invites friends into a group. */
  inviteToGroup(workWxid: string, groupId: string, wxids: string[]): Promise<void>;
  /** Removes members (owner or admin; an admin cannot remove the owner or another admin). */
  removeFromGroup(workWxid: string, groupId: string, wxids: string[]): Promise<void>;
  /** Leaves a group. */
  leaveGroup(workWxid: string, groupId: string): Promise<void>;
  /** Renames a group. */
  renameGroup(workWxid: string, groupId: string, name: string): Promise<void>;
  /** Sets the account's display name in a group. */
  setGroupCard(workWxid: string, groupId: string, card: string): Promise<void>;
  /** Publishes a group announcement (owner or admin); `groupNotice` follows. */
  setGroupNotice(workWxid: string, groupId: string, notice: string): Promise<void>;
  /** Mutes or unmutes members (owner or admin, as for removal). */
  setGroupBan(workWxid: string, groupId: string, wxids: string[], banned: boolean): Promise<void>;
  /** Muted members of a group. */
  listGroupBans(workWxid: string, groupId: string): Promise<GroupMemberDto[]>;

  /** Moments visible to the account (of one author when given), newest first. */
  listMoments(
    workWxid: string,
    opts?: { authorWxid?: string; before?: number; limit?: number },
  ): Promise<MomentDto[]>;
  /** Posts a moment (idempotent by requestId). */
  postMoment(cmd: PostMomentCommand): Promise<MomentDto>;
  /** Likes or unlikes a moment the account sees; a `moment` event follows. */
  likeMoment(workWxid: string, momentId: string, like: boolean): Promise<MomentDto>;
  /** Comments on a moment or replies to a comment (idempotent by requestId); `moment` follows. */
  commentMoment(cmd: CommentMomentCommand): Promise<MomentDto>;
}

// ---- events -------------------------------------------------------------------------------------

/** A QR code to show. */
export interface QrIssuedEvent {
  loginId: string;
  qrPayload: string;
  expiresAt: number;
}

/** The phone scanned; waiting for confirmation on the phone. */
export interface QrScannedEvent {
  loginId: string;
}

/** The phone confirmed: the account is logged in and held by this process. */
export interface QrConfirmedEvent {
  loginId: string;
  wxid: string;
  nickname: string;
  avatar: string;
  at: number;
}

/** The login failed; `message` is the platform's text for the operator. */
export interface QrFailedEvent {
  loginId: string;
  message: string;
}

/** The QR code expired unscanned or unconfirmed. */
export interface QrExpiredEvent {
  loginId: string;
}

/** The account's connection status changed. */
export interface StatusChangedEvent {
  workWxid: string;
  status: WorkAccountStatus;
  /** Platform's reason, e.g. 'banned by platform'. */
  reason: string;
  at: number;
}

/**
 * Something the platform did that says the account may be heading for a ban: it answered a send
 * as too fast (`rateLimit`, HTTP 429 / WhatsApp 463), refused a send (`sendFailed`), or closed the
 * connection for a reason that tells of trouble (`disconnect`). The consumer keeps the risk state.
 */
export interface RiskSignalEvent {
  workWxid: string;
  kind: 'rateLimit' | 'sendFailed' | 'disconnect';
  /** The platform's code (429, 463, 403, …) when it gave one. */
  code: number | null;
  /** The platform's words, for the operator. */
  reason: string;
  at: number;
}

/** A message on the account: received, or sent by the operator from the phone (`fromSelf`). */
export interface InboundMessageEvent {
  workWxid: string;
  /** The platform's message id: unique per account, stable. */
  msgId: string;
  talkType: TalkType;
  /** Friend wxid (single) or group id (group). */
  peerId: string;
  /** True when the account itself sent it (from the phone). */
  fromSelf: boolean;
  msgType: MsgType;
  /** Text, or JSON for structured types (shared/chat.ts shapes); file name for media. */
  content: string;
  /** In groups: who wrote it. */
  memberWxid: string | null;
  memberName: string | null;
  memberAvatar: string | null;
  file: MediaFileDto | null;
  /** Quote fields of type 19. */
  refMsgId: string | null;
  refContent: string | null;
  displayName: string | null;
  msgTime: number;
}

/** Progress of a console send, matched by requestId. */
export interface SendReceiptEvent {
  workWxid: string;
  requestId: string;
  msgId: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  /** The platform's error text when failed. */
  error: string | null;
  at: number;
}

/** A message was revoked (by the peer, a group member, the phone or the console). */
export interface RevokedEvent {
  workWxid: string;
  msgId: string;
  talkType: TalkType;
  peerId: string;
  /** Replacement text, e.g. '"张三" 撤回了一条消息'. */
  content: string;
  bySelf: boolean;
  at: number;
}

/** A message was edited (by its sender, on a platform that allows it): its new text. */
export interface MessageEditedEvent {
  workWxid: string;
  msgId: string;
  talkType: TalkType;
  peerId: string;
  /** The new text. */
  content: string;
  at: number;
}

/** The operator read a conversation on the phone. */
export interface ReadSyncEvent {
  workWxid: string;
  talkType: TalkType;
  peerId: string;
  at: number;
}

/** A new friend request arrived. */
export interface FriendRequestEvent {
  workWxid: string;
  request: FriendRequestDto;
}

/** A person answered a friend request the account sent (acceptance also brings `contactsChanged`). */
export interface FriendRequestAnsweredEvent {
  workWxid: string;
  /** The person asked. */
  wxid: string;
  /** The platform's id of the sent request. */
  requestId: string;
  accepted: boolean;
  /** The platform's text when refused. */
  reason: string;
  at: number;
}

/** Friends were added, changed or removed. */
export interface ContactsChangedEvent {
  workWxid: string;
  added: ContactDto[];
  updated: ContactDto[];
  removed: string[];
}

/**
 * Two ids of one person turned out to be the same person (WhatsApp: a phone-number id and its
 * `@lid`). Everything the console keeps under `aliasWxid` — the friend, its chat and messages,
 * tags, remark, assignment, unread — belongs to `wxid` from now on; later events use `wxid`.
 * Sent once per mapping the platform reports; a replay changes nothing.
 */
export interface PersonMergedEvent {
  workWxid: string;
  /** The id that stays (the person's canonical id). */
  wxid: string;
  /** The id that goes: the same person, kept as an alias of `wxid`. */
  aliasWxid: string;
  /** The person as the platform knows them now (null when it has no row of them). */
  contact: ContactDto | null;
  at: number;
}

/** A group was created, changed, left or the account was removed from it. */
export interface GroupChangedEvent {
  workWxid: string;
  kind: 'created' | 'updated' | 'left' | 'removed';
  group: GroupDto;
}

/** A group notice: announcement, members joined or left, rename. */
export interface GroupNoticeEvent {
  workWxid: string;
  groupId: string;
  /** Stable platform id of the notice. */
  noticeId: string;
  kind: 'announcement' | 'memberJoined' | 'memberLeft' | 'renamed';
  text: string;
  wxids: string[];
  at: number;
}

/** A moment appeared (a friend's or the account's own). */
export interface MomentEvent {
  workWxid: string;
  moment: MomentDto;
}

/** Every event by name. */
export interface GatewayEvents {
  qrIssued: QrIssuedEvent;
  qrScanned: QrScannedEvent;
  qrConfirmed: QrConfirmedEvent;
  qrFailed: QrFailedEvent;
  qrExpired: QrExpiredEvent;
  statusChanged: StatusChangedEvent;
  riskSignal: RiskSignalEvent;
  message: InboundMessageEvent;
  sendReceipt: SendReceiptEvent;
  revoked: RevokedEvent;
  messageEdited: MessageEditedEvent;
  readSync: ReadSyncEvent;
  friendRequest: FriendRequestEvent;
  friendRequestAnswered: FriendRequestAnsweredEvent;
  contactsChanged: ContactsChangedEvent;
  personMerged: PersonMergedEvent;
  groupChanged: GroupChangedEvent;
  groupNotice: GroupNoticeEvent;
  moment: MomentEvent;
}
export type GatewayEventName = keyof GatewayEvents;
/**
 * What a listener answers once it has taken an event in order: nothing when the event is done
 * with, or `{ kept }` when it is kept later (a store that writes events in batches): `kept`
 * settles once the event is durable, and rejects when it could not be kept. A platform that
 * acknowledges what it delivered waits for it ({@link EventHub.emitKept}); the next event of the
 * key does not.
 */
export interface Taken {
  kept: Promise<void>;
}
/** A listener of an event; what it answers (or resolves to) is read as a {@link Taken} or nothing. */
export type GatewayListener<K extends GatewayEventName> = (event: GatewayEvents[K]) => unknown;

// ---- the gateway --------------------------------------------------------------------------------

/** The chat platform as the server sees it. */
export interface ChatGateway extends ChatGatewayCommands {
  readonly platform: PlatformName;
  readonly capabilities: ReadonlySet<Capability>;
  /**
   * Whether a contact card of this person can be sent (with capability `sendCard`), judged from
   * the contact as the platform listed it, so a card that could never go is refused before
   * anything is stored, on any instance. Unset: every contact can. (A WhatsApp card carries a
   * phone number: a person known only by a LID cannot be sent.)
   */
  readonly canSendCardOf?: (person: CardPerson) => boolean;
  /**
   * Human pacing the platform declares (issue 34): the defaults of automated sends when a tenant
   * saved none, and the ceilings past which the platform is known to ban.
   */
  readonly pacing: PacingPreset;
  /** Subscribes to an event; returns the unsubscribe function. */
  on<K extends GatewayEventName>(event: K, listener: GatewayListener<K>): () => void;
  /** The simulator's control panel when the platform is the simulator, else null. */
  readonly simulator: SimulatorControl | null;
  /**
   * Messages this process stored after a reconnect that had not arrived while the connection was
   * down (gaps closed, issue 34); unset for a platform that never loses messages across its
   * reconnects (the simulator).
   */
  recoveredMessages?(): number;
  /** Stops timers and connections (accounts stay logged in on the platform). */
  close(): Promise<void>;
}

// ---- simulator control (/sim-api/*) -------------------------------------------------------------

/** Faults the simulator can inject. */
export type SimFaultKind = 'ban' | 'kickOut' | 'proxyFail' | 'drop' | 'rateLimit';

/** Tunables of the simulated world. */
export interface SimConfig {
  /** Inbound traffic per online account per minute (0 = none). */
  trafficPerMinute: number;
  /** Delay from sent to delivered. */
  deliveryDelayMs: number;
  /** Delay from delivered to read. */
  readDelayMs: number;
  /** Share of sends that fail, 0–1. */
  failRate: number;
  /** Share of people who accept the account's friend requests, 0–1 (decided by seed per person). */
  friendAcceptRate: number;
}

/** Inbound message written as a contact (the simulator page / e2e). */
export interface SimInboundCommand {
  workWxid: string;
  /** Friend wxid (single) or group id (group); unknown friends become contacts. */
  fromWxid: string;
  talkType: TalkType;
  msgType: MsgType;
  content: string;
  /** In groups: the member who writes (unknown members join). */
  memberWxid?: string;
  fileName?: string;
  /** Written by the account itself on the phone (to `fromWxid`), not by the contact. */
  fromSelf?: boolean;
}

/** A person asks a work account to be friends (the simulator page / e2e). */
export interface SimFriendRequestCommand {
  workWxid: string;
  /** An existing person, or an unknown wxid; a new stranger when unset. */
  fromWxid?: string;
  /** The greeting; generated when empty. */
  verifyContent: string;
}

/** A simulated contact posts, or likes or comments on a moment (the simulator page / e2e). */
export interface SimMomentActCommand {
  workWxid: string;
  kind: 'post' | 'like' | 'comment';
  /** The moment acted on (like, comment); the account's latest own post when unset. */
  momentId?: string;
  /** The friend who acts; a random friend (who may see the post) when unset. */
  fromWxid?: string;
  text?: string;
  replyToCommentId?: string;
}

/** Something a simulated person received from a work account. */
export interface SimReceivedDto {
  kind: 'message' | 'friendRequest';
  /** Platform message id; null for friend requests. */
  msgId: string | null;
  workWxid: string;
  /** The person, or the group of a group message. */
  peerWxid: string;
  /** Message type; unset for friend requests. */
  msgType?: MsgType;
  content: string;
  /** The console's send id of a message (null from the phone); the id of a friend request. */
  requestId: string | null;
  at: number;
  /** Group members a text mentioned (platform mentions), when any. */
  atWxids?: string[];
  /**
   * How long the person saw the account typing before the message (a send with `typing`), ms;
   * known to the process that sent it.
   */
  typingMs?: number;
}

/** What `received` reads. */
export interface SimReceivedQuery {
  /** The work accounts (the consumer passes the caller's tenant's). */
  workWxids: string[];
  peerWxid?: string;
  /** Only what arrived at or after this time. */
  sinceMs?: number;
  /** Most items (the oldest first); default 5000. */
  limit?: number;
}

/** A simulated account as the simulator page lists it. */
export interface SimAccountDto {
  wxid: string;
  nickname: string;
  avatar: string;
  /** The phone side: whether a session exists and the last status. */
  status: WorkAccountStatus;
  contactCount: number;
  groupCount: number;
}

/** Drives the simulated outside world. The consumer checks the caller owns the account. */
export interface SimulatorControl {
  /** Scans a pending QR: confirm → logged in (a new account, or `wxid` for a re-login); else failed. */
  scan(
    loginId: string,
    confirm: boolean,
    nickname?: string,
    wxid?: string,
  ): Promise<{ wxid: string }>;
  /**
   * The phone's owner types a pairing code (from `startPairingLogin`; case and a dash ignored):
   * confirm → logged in as `scan` would; else failed. `notFound` for a code no open login has.
   */
  pair(code: string, confirm: boolean, nickname?: string): Promise<{ wxid: string }>;
  /** Marks a QR scanned without deciding yet (phone waiting for confirmation). */
  scanOnly(loginId: string): Promise<void>;
  /** A contact writes to the account; returns the platform msgId. */
  inbound(cmd: SimInboundCommand): Promise<{ msgId: string }>;
  /** Injects a fault. */
  fault(workWxid: string, kind: SimFaultKind): Promise<void>;
  /**
   * The platform gives a person of the account a new id (as WhatsApp moves people to `@lid`):
   * the person is known by `newWxid` from now on with the old id as their alias (messages from
   * it still reach them), and `personMerged` follows. `notFound` for a person the account does
   * not know. Returns the id that stays.
   */
  mergePerson(workWxid: string, wxid: string, newWxid: string): Promise<{ wxid: string }>;
  /**
   * Changes tunables (unset fields stay); returns the new config. With a scope (the console: a
   * tenant), only that scope's accounts get them, over the defaults; without, the defaults.
   */
  setConfig(patch: Partial<SimConfig>, scope?: string | null): Promise<SimConfig>;
  /** The tunables of a scope (its own over the defaults), or the defaults. */
  getConfig(scope?: string | null): SimConfig;
  /** QR logins waiting for a scan or confirmation. */
  pendingLogins(): Promise<QrLoginDto[]>;
  /** Simulated accounts (optionally only these wxids). */
  listAccounts(wxids?: string[]): Promise<SimAccountDto[]>;
  /** A person sends the account a friend request; `friendRequest` follows. */
  friendRequest(cmd: SimFriendRequestCommand): Promise<{ requestId: string; fromWxid: string }>;
  /** Messages and friend requests people received from these accounts, oldest first. */
  received(query: SimReceivedQuery): Promise<SimReceivedDto[]>;
  /** A contact posts a moment, or likes or comments on one; a `moment` event follows. */
  momentAct(
    cmd: SimMomentActCommand,
  ): Promise<{ momentId: string; fromWxid: string; commentId: string | null }>;
  /** Generates one inbound item of traffic (of a given message type when set). */
  generate(workWxid: string, msgType?: MsgType): Promise<void>;
  /** A file the simulator made, by id, for serving over HTTP. */
  readFile(fileId: string): Promise<MediaBytes>;
  /** Resolves once every event emitted so far has been delivered to listeners (tests). */
  idle(): Promise<void>;
}

// ---- construction -------------------------------------------------------------------------------

/** The logger an adapter writes to (pino's shape; the server passes its own). */
export interface GatewayLogger {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
  debug(obj: unknown, msg?: string): void;
  child(bindings: Record<string, unknown>): GatewayLogger;
}

/**
 * What every adapter is built with. An adapter adds what it alone needs (its database handle,
 * its settings) to its own factory's parameter; the server passes a superset.
 */
export interface GatewayDeps {
  log: GatewayLogger;
  /** The clock, in epoch milliseconds (tests move it). */
  now: () => number;
  /** Loads the bytes of a file the console sends (its `fileUrl`); real adapters upload them. */
  loadMedia?: (fileUrl: string) => Promise<Buffer>;
}
