import { createHash } from 'node:crypto';
import { downloadMediaMessage, type UserFacingSocketConfig } from 'baileys';
import { MSG_TYPE, type MsgType } from '@cst/shared';
import type { Conn, WaCore } from './core.ts';
import { connectionLost } from './session.ts';
import { toContact, toGroup } from './events.ts';
import { groupIdOf, groupJidOf, phoneJidOf, phoneOf } from './ids.ts';
import { mapContent, previewText } from './inbound.ts';
import { cardPhoneOf, mentionText, toSocketContent } from './outbound.ts';
import {
  GatewayError,
  type ContactDto,
  type FriendInfoDto,
  type GroupDto,
  type GroupMemberDto,
  type MediaBytes,
  type OutboundMessage,
  type Peer,
  type SendAccepted,
  type SendCommand,
  typingMsOf,
} from './seam.ts';
import type { WaSocket } from './socket.ts';

/** How long after sending WhatsApp still lets a message be revoked (about two days). */
export const REVOKE_WINDOW_MS = 2 * 24 * 3600_000;

/** The message id of a console send: the same request always gets the same id. */
export function messageIdOf(workWxid: string, requestId: string): string {
  return `3EB0${createHash('sha256').update(`${workWxid}:${requestId}`).digest('hex').slice(0, 18).toUpperCase()}`;
}

/** The WhatsApp jid of a peer (a person's canonical id, or a group). */
function jidOf(peer: Peer): string {
  return peer.talkType === 2 ? groupJidOf(peer.peerId) : peer.peerId;
}

function storedContent(cmd: SendCommand): { msgType: MsgType; content: string } {
  const m = cmd.message;
  switch (m.kind) {
    case 'text':
      return { msgType: MSG_TYPE.text, content: m.content };
    case 'image':
      return { msgType: MSG_TYPE.image, content: m.file.fileName };
    case 'file':
      return { msgType: MSG_TYPE.document, content: m.file.fileName };
    case 'video':
      return { msgType: MSG_TYPE.video, content: m.file.fileName };
    case 'voice':
      return { msgType: MSG_TYPE.voice, content: m.file.fileName };
    case 'emoticon':
      return { msgType: MSG_TYPE.emoticon, content: m.file.fileName };
    case 'link':
      return {
        msgType: MSG_TYPE.link,
        content: JSON.stringify({ title: m.title, description: m.description, url: m.url }),
      };
    case 'card':
      return {
        msgType: MSG_TYPE.card,
        content: JSON.stringify({ wxid: m.wxid, nickname: m.nickname, avatar: m.avatar }),
      };
    case 'location':
      return {
        msgType: MSG_TYPE.location,
        content: JSON.stringify({
          latitude: m.latitude,
          longitude: m.longitude,
          label: m.label,
          poiName: m.poiName,
        }),
      };
    case 'quote':
      return { msgType: MSG_TYPE.quote, content: m.content };
    case 'miniProgram':
      throw new GatewayError('unsupported', 'WhatsApp has no mini-programs');
  }
}

/**
 * Sends once per request: the message id derived from the request is recorded before the socket
 * sends, so a retry (or a restart between recording and sending) reuses that id, and WhatsApp
 * keeps one message per id.
 */
export async function send(core: WaCore, cmd: SendCommand): Promise<SendAccepted> {
  if (!cmd.requestId) throw new GatewayError('invalid', 'requestId is required');
  const conn = core.requireHeld(cmd.workWxid);
  const sessionId = conn.session.id;
  const done = await core.repo.byRequest(sessionId, cmd.requestId);
  if (done?.status === 'sent' && done.accepted) {
    return { ...(JSON.parse(done.accepted) as SendAccepted), duplicate: true };
  }
  let { sock } = core.requireOnline(cmd.workWxid);
  const stored = storedContent(cmd);
  let content = stored.content;
  const jid = jidOf(cmd);
  const socketContent = await toSocketContent(
    withCardPhone(cmd.message, conn),
    core.deps.loadMedia,
  );
  if (cmd.message.kind === 'text' && cmd.message.atWxids?.length && 'text' in socketContent) {
    // The console shows `@name`; WhatsApp needs `@<number>` in the text it sends.
    const group = conn.groups?.get(jid);
    const mentions = [];
    for (const id of cmd.message.atWxids) {
      const c = await core.repo.contact(sessionId, id);
      const p = group?.participants.find((x) => conn.ids.canonical(x.id) === id);
      mentions.push({ jid: id, names: [c?.notify, c?.name, p?.notify, p?.name].filter(isText) });
    }
    socketContent.text = mentionText(socketContent.text, mentions);
  }
  let quoted;
  if (cmd.message.kind === 'quote') {
    const refRow = await core.repo.byId(sessionId, cmd.message.refMsgId);
    quoted = refRow ? core.repo.messageOf(sessionId, refRow) : null;
    if (!quoted) throw new GatewayError('notFound', 'quoted message not found');
    content = JSON.stringify({
      content: cmd.message.content,
      refMsgId: cmd.message.refMsgId,
      refContent: previewText(quoted.message),
      displayName: quoted.key.fromMe ? '' : (quoted.pushName ?? ''),
    });
  }
  if (cmd.typing) sock = await showTyping(core, cmd.workWxid, jid, typingMsOf(cmd.message));
  const msgId = done?.msgId ?? messageIdOf(cmd.workWxid, cmd.requestId);
  const at = core.now();
  await core.repo.recordSend({
    sessionId,
    msgId,
    remoteJid: jid,
    requestId: cmd.requestId,
    createdAt: at,
  });
  let sent;
  try {
    sent = await sock.sendMessage(jid, socketContent, {
      messageId: msgId,
      ...(quoted ? { quoted } : {}),
    });
  } catch (err) {
    await core.repo.markFailed(sessionId, msgId);
    const message = err instanceof Error ? err.message : String(err);
    const signal = sendRiskOf(err);
    // The connection is gone though the socket said nothing: offline now, and reconnect.
    if (!signal && conn.sock === sock) await connectionLost(core, conn, message);
    if (signal) {
      await core.emit(cmd.workWxid, 'riskSignal', {
        workWxid: cmd.workWxid,
        ...signal,
        reason: signal.kind === 'rateLimit' ? `WhatsApp 限制发送频率 (${signal.code})` : message,
        at: core.now(),
      });
    }
    throw new GatewayError('failed', message);
  }
  const file = sent ? (mapContent(sent)?.file ?? null) : null;
  const accepted: SendAccepted = {
    requestId: cmd.requestId,
    msgId,
    msgType: stored.msgType,
    content,
    file,
    createdAt: at,
    duplicate: false,
  };
  await core.repo.markSent(sessionId, msgId, accepted, sent ?? null);
  void core.emit(cmd.workWxid, 'sendReceipt', {
    workWxid: cmd.workWxid,
    requestId: cmd.requestId,
    msgId,
    status: 'sent',
    error: null,
    at: core.now(),
  });
  return accepted;
}

/**
 * A card of a person the console knows by a LID, with the phone number this account has learned
 * for it since (a card carries a phone number).
 */
function withCardPhone(m: OutboundMessage, conn: Conn): OutboundMessage {
  if (m.kind !== 'card' || cardPhoneOf(m)) return m;
  return { ...m, alias: phoneOf(conn.ids.phoneJid(m.wxid)) };
}

/**
 * The person sees the account typing for `ms` (`composing`, then `paused`), as a person would
 * before a message. A presence that cannot be sent does not stop the message; the socket to send
 * on afterwards (the account must still be online after the wait).
 */
async function showTyping(core: WaCore, wxid: string, jid: string, ms: number): Promise<WaSocket> {
  const presence = async (state: 'composing' | 'paused') => {
    try {
      await core.requireOnline(wxid).sock.sendPresenceUpdate(state, jid);
    } catch (err) {
      if (err instanceof GatewayError) throw err;
      core.deps.log.debug({ err, wxid }, 'presence update failed');
    }
  };
  await presence('composing');
  await core.opts.sleep(ms);
  await presence('paused');
  return core.requireOnline(wxid).sock;
}

/** Revokes a message the account sent (within WhatsApp's window). */
export async function revoke(core: WaCore, wxid: string, msgId: string) {
  const { conn, sock } = core.requireOnline(wxid);
  const row = await core.repo.byId(conn.session.id, msgId);
  if (!row || !row.fromMe || row.status === 'pending')
    throw new GatewayError('notFound', 'message not found');
  if (core.now() - row.createdAt > REVOKE_WINDOW_MS)
    throw new GatewayError('tooLate', 'too late to revoke');
  await sock.sendMessage(row.remoteJid, {
    delete: { remoteJid: row.remoteJid, fromMe: true, id: msgId },
  });
  const content = '你撤回了一条消息';
  const group = row.remoteJid.endsWith('@g.us');
  void core.emit(wxid, 'revoked', {
    workWxid: wxid,
    msgId,
    talkType: group ? 2 : 1,
    peerId: group ? groupIdOf(row.remoteJid) : row.remoteJid,
    content,
    bySelf: true,
    at: core.now(),
  });
  return { msgId, content };
}

/** Marks a chat read on WhatsApp (the received messages not yet read). */
export async function markRead(core: WaCore, peer: Peer): Promise<void> {
  const { conn, sock } = core.requireOnline(peer.workWxid);
  const jid = jidOf(peer);
  const phone = conn.ids.phoneJid(jid);
  const keys = [...(conn.unread.get(jid) ?? []), ...(phone ? (conn.unread.get(phone) ?? []) : [])];
  conn.unread.delete(jid);
  if (phone) conn.unread.delete(phone);
  if (keys.length) await sock.readMessages(keys);
}

/** Bytes of a received or sent message's media (fileId is the message id). */
export async function downloadMedia(
  core: WaCore,
  wxid: string,
  fileId: string,
): Promise<MediaBytes> {
  const { conn, sock } = core.requireOnline(wxid);
  const row = await core.repo.byId(conn.session.id, fileId);
  const msg = row ? core.repo.messageOf(conn.session.id, row) : null;
  const file = msg ? mapContent(msg)?.file : null;
  if (!msg || !file) throw new GatewayError('notFound', 'file not found');
  const data = await downloadMediaMessage(
    msg,
    'buffer',
    { options: conn.fetchOptions ?? core.opts.fetchOptions },
    {
      reuploadRequest: (m) => sock.updateMediaMessage(m),
      logger: core.deps.log as unknown as NonNullable<UserFacingSocketConfig['logger']>,
    },
  );
  return { data, mime: file.mime.split(';')[0]!, fileName: file.fileName, size: data.length };
}

/** People the account has seen (WhatsApp has no friend list). */
export async function listContacts(core: WaCore, wxid: string): Promise<ContactDto[]> {
  const conn = core.requireHeld(wxid);
  return (await core.repo.contacts(conn.session.id)).map(toContact);
}

function info(c: ContactDto | null, wxid: string): FriendInfoDto {
  return {
    wxid,
    alias: c?.alias ?? '',
    name: c?.nickname ?? wxid.split('@')[0]!,
    smallHeadImage: c?.avatar ?? '',
    wallPaper: '',
    signature: '',
    sex: 'unknown',
    remark: c?.remark ?? '',
    province: '',
    city: '',
    ticket: '',
    snsEnabled: false,
    snsBlackList: false,
    blacklist: c?.blacklist ?? false,
    star: false,
    topChat: false,
    isFriend: !!c,
  };
}

export async function getFriendInfo(
  core: WaCore,
  acc: string,
  wxid: string,
): Promise<FriendInfoDto> {
  const conn = core.requireHeld(acc);
  const row = await core.repo.contact(conn.session.id, conn.ids.canonical(wxid));
  return info(row ? toContact(row) : null, wxid);
}

/**
 * A remark is the name in the phone's address book: written there (it syncs to the phone) and
 * kept as the contact's name.
 */
export async function setRemark(
  core: WaCore,
  acc: string,
  wxid: string,
  remark: string,
): Promise<void> {
  const { conn, sock } = core.requireOnline(acc);
  const jid = conn.ids.canonical(wxid);
  const target = conn.ids.phoneJid(jid) ?? jid;
  await sock.addOrEditContact(target, {
    fullName: remark,
    firstName: remark,
    saveOnPrimaryAddressbook: true,
  });
  const { added, updated } = await core.repo.upsertContacts(
    conn.session.id,
    [{ jid, phoneJid: conn.ids.phoneJid(jid), name: remark }],
    core.now(),
  );
  await core.emit(acc, 'contactsChanged', {
    workWxid: acc,
    added: added.map(toContact),
    updated: updated.map(toContact),
    removed: [],
  });
}

/** Finds a person by phone number. */
export async function searchUser(
  core: WaCore,
  acc: string,
  keyword: string,
): Promise<FriendInfoDto | null> {
  const { conn, sock } = core.requireOnline(acc);
  const jid = phoneJidOf(keyword);
  if (!jid) return null;
  const [hit] = (await sock.onWhatsApp(jid.split('@')[0]!)) ?? [];
  if (!hit?.exists) return null;
  const id = conn.ids.canonical(hit.jid);
  const row = await core.repo.contact(conn.session.id, id);
  return info(row ? toContact(row) : null, id);
}

async function groupsOf(core: WaCore, wxid: string) {
  const { conn, sock } = core.requireOnline(wxid);
  conn.groups ??= new Map(Object.entries(await sock.groupFetchAllParticipating()));
  return { conn, sock, groups: conn.groups };
}

export async function listGroups(core: WaCore, wxid: string): Promise<GroupDto[]> {
  const { conn, groups } = await groupsOf(core, wxid);
  return [...groups.values()].map((g) => toGroup(g, (j) => conn.ids.canonical(j)));
}

export async function listGroupMembers(
  core: WaCore,
  wxid: string,
  groupId: string,
): Promise<GroupMemberDto[]> {
  const { conn, groups } = await groupsOf(core, wxid);
  const g = groups.get(groupJidOf(groupId));
  if (!g) throw new GatewayError('notMember', 'not in this group');
  const contacts = new Map((await core.repo.contacts(conn.session.id)).map((c) => [c.jid, c]));
  return g.participants.map((p) => {
    conn.ids.learn(p.id, p.phoneNumber ?? p.lid);
    const id = conn.ids.canonical(p.id);
    const c = contacts.get(id);
    return {
      wxid: id,
      nickname: c?.notify || c?.name || p.notify || p.name || id.split('@')[0]!,
      card: '',
      avatar: '',
      isOwner: p.admin === 'superadmin',
      isAdmin: p.admin === 'admin' || p.admin === 'superadmin',
      isFriend: !!c,
      banned: false,
      joinedAt: 0,
    };
  });
}

export async function createGroup(
  core: WaCore,
  wxid: string,
  name: string,
  members: string[],
): Promise<GroupDto> {
  const { conn, sock } = core.requireOnline(wxid);
  const g = await sock.groupCreate(name, members);
  conn.groups?.set(g.id, g);
  const dto = toGroup(g, (j) => conn.ids.canonical(j));
  void core.emit(wxid, 'groupChanged', { workWxid: wxid, kind: 'created', group: dto });
  return dto;
}

/** Runs a group command, mapping WhatsApp's refusal to the gateway's codes. */
export async function groupCommand(
  core: WaCore,
  wxid: string,
  groupId: string,
  run: (
    sock: NonNullable<ReturnType<WaCore['requireOnline']>['sock']>,
    jid: string,
  ) => Promise<unknown>,
): Promise<void> {
  const { conn, sock } = core.requireOnline(wxid);
  try {
    await run(sock, groupJidOf(groupId));
  } catch (err) {
    const code = (err as { output?: { statusCode?: number } }).output?.statusCode;
    if (code === 403 || code === 401)
      throw new GatewayError('notOwner', 'only an admin may do this');
    if (code === 404) throw new GatewayError('notMember', 'not in this group');
    throw new GatewayError('failed', err instanceof Error ? err.message : String(err));
  } finally {
    conn.groups = null;
  }
}

const isText = (s: string | undefined): s is string => !!s;

/** WhatsApp's answers that say a send was too fast: 429 (rate-overlimit) and 463. */
const RATE_LIMIT_CODES = new Set([429, 463]);
/** Failures of the connection itself (not the account's fault): no risk signal. */
const CONNECTION_CODES = new Set([408, 428, 440, 500, 503, 515]);

/** The risk signal of a failed send, or null for a failure of the connection. */
export function sendRiskOf(
  err: unknown,
): { kind: 'rateLimit' | 'sendFailed'; code: number | null } | null {
  const e = err as { output?: { statusCode?: number }; data?: unknown; message?: string };
  const code = e?.output?.statusCode ?? (typeof e?.data === 'number' ? e.data : null) ?? null;
  if ((code !== null && RATE_LIMIT_CODES.has(code)) || /rate-overlimit/i.test(e?.message ?? '')) {
    return { kind: 'rateLimit', code: code ?? 429 };
  }
  if (code !== null && CONNECTION_CODES.has(code)) return null;
  if (/Connection (Closed|Lost)|Timed Out/i.test(e?.message ?? '')) return null;
  return { kind: 'sendFailed', code };
}
