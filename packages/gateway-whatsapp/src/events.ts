import {
  proto,
  toNumber,
  type BaileysEventMap,
  type Contact,
  type GroupMetadata,
  type WAMessage,
} from 'baileys';
import { MSG_TYPE, type TalkType } from '@cst/shared';
import type { Conn, WaCore } from './core.ts';
import { groupIdOf, isWaGroup } from './ids.ts';
import { mapContent, previewText } from './inbound.ts';
import type { ContactDto, GatewayEvents, GroupDto } from './seam.ts';
import type { WaContactRow } from './wa.repository.ts';

// Socket events → gateway events of one account, in the order the socket gave them.

type Batch = Partial<BaileysEventMap>;
const STATUS = proto.WebMessageInfo.Status;

/** The console's contact of a stored person. */
export function toContact(r: WaContactRow): ContactDto {
  const phone = r.phoneJid?.split('@')[0] ?? '';
  return {
    wxid: r.jid,
    alias: phone,
    nickname: r.notify || r.name || phone || r.jid.split('@')[0]!,
    remark: r.name,
    avatar: r.avatar,
    sex: 'unknown',
    province: '',
    city: '',
    signature: '',
    star: false,
    blacklist: r.blocked,
    addedAt: r.addedAt,
    source: 'other',
  };
}

/** The console's group of a WhatsApp group. */
export function toGroup(g: GroupMetadata, selfId: (jid: string) => string): GroupDto {
  return {
    groupId: groupIdOf(g.id),
    name: g.subject ?? '',
    avatar: '',
    ownerWxid: g.owner ? selfId(g.owner) : '',
    notice: g.desc ?? '',
    myCard: '',
    memberCount: g.size ?? g.participants?.length ?? 0,
    createdAt: (g.creation ?? 0) * 1000,
  };
}

/** Handles one batch of socket events of a connection. */
export async function handleEvents(core: WaCore, conn: Conn, ev: Batch): Promise<void> {
  const wxid = conn.wxid;
  if (ev['lid-mapping.update'])
    conn.ids.learn(ev['lid-mapping.update'].lid, ev['lid-mapping.update'].pn);
  const history = ev['messaging-history.set'];
  for (const m of history?.lidPnMappings ?? []) conn.ids.learn(m.lid, m.pn);
  if (!wxid) return;
  await settleMerges(core, conn, wxid);
  const contacts = [
    ...(history?.contacts ?? []),
    ...(ev['contacts.upsert'] ?? []),
    ...(ev['contacts.update'] ?? []),
  ];
  if (contacts.length) await onContacts(core, conn, wxid, contacts);
  for (const m of ev['messages.upsert']?.messages ?? []) await onMessage(core, conn, wxid, m);
  // After a reconnect the history sync also carries what came while the device was away.
  if (conn.gapSince != null) {
    for (const m of history?.messages ?? []) {
      if (missedWhileAway(conn, m)) await onMessage(core, conn, wxid, m);
    }
  }
  if (ev['messages.update']) await onUpdates(core, conn, wxid, ev['messages.update']);
  if (ev['message-receipt.update']) {
    await onGroupReceipts(core, conn, wxid, ev['message-receipt.update']);
  }
  for (const g of ev['groups.upsert'] ?? []) {
    conn.groups?.set(g.id, g);
    await core.emit(wxid, 'groupChanged', {
      workWxid: wxid,
      kind: 'created',
      group: toGroup(g, (j) => conn.ids.canonical(j)),
    });
  }
  for (const g of ev['groups.update'] ?? []) {
    if (!g.id) continue;
    const known = conn.groups?.get(g.id);
    const merged = { ...known, ...g } as GroupMetadata;
    conn.groups?.set(g.id, merged);
    await core.emit(wxid, 'groupChanged', {
      workWxid: wxid,
      kind: 'updated',
      group: toGroup(merged, (j) => conn.ids.canonical(j)),
    });
  }
  const gp = ev['group-participants.update'];
  if (gp && (gp.action === 'add' || gp.action === 'remove')) {
    conn.groups = null; // members changed: read again on the next list
    await core.emit(wxid, 'groupNotice', {
      workWxid: wxid,
      groupId: groupIdOf(gp.id),
      noticeId: `${gp.id}:${gp.action}:${gp.participants.map((p) => p.id).join(',')}:${core.now()}`,
      kind: gp.action === 'add' ? 'memberJoined' : 'memberLeft',
      text: '',
      wxids: gp.participants.map((p) => conn.ids.canonical(p.id)),
      at: core.now(),
    });
  }
  for (const call of ev.call ?? []) {
    // A call shows once it ended unanswered (WhatsApp calls cannot be taken here).
    if (call.status !== 'timeout' && call.status !== 'reject') continue;
    const peer = conn.ids.canonical(call.from);
    await core.emit(wxid, 'message', {
      workWxid: wxid,
      msgId: `call-${call.id}`,
      talkType: 1,
      peerId: peer,
      fromSelf: false,
      msgType: call.isVideo ? MSG_TYPE.videoCall : MSG_TYPE.voiceCall,
      content: JSON.stringify({
        result: call.status === 'reject' ? 'rejected' : 'missed',
        durationSec: 0,
      }),
      memberWxid: null,
      memberName: null,
      memberAvatar: null,
      file: null,
      refMsgId: null,
      refContent: null,
      displayName: null,
      msgTime: call.date ? new Date(call.date).getTime() : core.now(),
    });
  }
  await settleMerges(core, conn, wxid);
}

/**
 * One person, one chat: for each LID ↔ phone mapping just learned (history sync, message keys,
 * contacts, `lid-mapping.update`), the person's row kept under the phone id joins the LID's and
 * the console is told (`personMerged`) before any event under the LID. The console is told also
 * when this adapter has no row under the phone id: its own rows may (a chat stored before the
 * adapter kept people, or before it merged them), and it merges what it finds, once — a mapping
 * is fresh once per connection record, and the pairs kept in `wa_contacts` are read back quietly.
 */
export async function settleMerges(core: WaCore, conn: Conn, wxid: string): Promise<void> {
  for (const { lid, pn } of conn.ids.takeFresh()) {
    if (lid === wxid || pn === wxid) continue;
    const merged = await core.repo.mergePerson(conn.session.id, pn, lid);
    const row = merged ?? (await core.repo.contact(conn.session.id, lid));
    // Kept until the console merged its rows: after a restart the pair is read back quietly, so
    // nothing else would tell it again.
    await passOnKept(core, conn, wxid, `merge:${pn}:${lid}`, 'personMerged', {
      workWxid: wxid,
      wxid: lid,
      aliasWxid: pn,
      contact: row ? toContact({ ...row, phoneJid: row.phoneJid ?? pn }) : null,
      at: core.now(),
    });
  }
}

/**
 * A contact's picture: a URL as given ('removed' clears it). 'changed' only says there is a new
 * one; fetching it would cost a query per person, so the old one stays until a URL comes.
 */
function avatarOf(imgUrl: string | null | undefined): { avatar?: string } {
  if (imgUrl === 'removed' || imgUrl === null) return { avatar: '' };
  if (imgUrl && /^https:\/\//.test(imgUrl)) return { avatar: imgUrl };
  return {};
}

async function onContacts(core: WaCore, conn: Conn, wxid: string, list: Partial<Contact>[]) {
  for (const c of list) {
    if (c.id && !isWaGroup(c.id)) conn.ids.learn(c.id, c.lid ?? c.phoneNumber);
  }
  await settleMerges(core, conn, wxid);
  const people = [];
  for (const c of list) {
    if (!c.id || isWaGroup(c.id)) continue;
    const jid = conn.ids.canonical(c.lid ?? c.id);
    if (jid === wxid) continue;
    people.push({
      jid,
      phoneJid: conn.ids.phoneJid(jid),
      ...(c.name !== undefined ? { name: c.name ?? '' } : {}),
      ...(c.notify !== undefined ? { notify: c.notify ?? '' } : {}),
      ...avatarOf(c.imgUrl),
    });
  }
  if (!people.length) return;
  const { added, updated } = await core.repo.upsertContacts(conn.session.id, people, core.now());
  if (!added.length && !updated.length) return;
  await core.emit(wxid, 'contactsChanged', {
    workWxid: wxid,
    added: added.map(toContact),
    updated: updated.map(toContact),
    removed: [],
  });
}

function peerOf(
  conn: Conn,
  msg: WAMessage,
): { talkType: TalkType; peerId: string; member: string | null } {
  const k = msg.key;
  const remote = k.remoteJid ?? '';
  conn.ids.learn(remote, k.remoteJidAlt);
  conn.ids.learn(k.participant, k.participantAlt);
  if (isWaGroup(remote)) {
    return {
      talkType: 2,
      peerId: groupIdOf(remote),
      member: k.participant ? conn.ids.canonical(k.participant) : null,
    };
  }
  return { talkType: 1, peerId: conn.ids.canonical(remote), member: null };
}

/** Slack for clocks: the platform's message times against this server's. */
const CLOCK_SLACK_MS = 5 * 60_000;

const msgTimeOf = (msg: WAMessage) => toNumber(msg.messageTimestamp) * 1000;

/**
 * Whether a message was sent while the account's connection was down: after the last time it was
 * live (`gapSince`) and before the current socket opened. Messages already stored are skipped by
 * their id, so the slack only widens what is looked at, never what is stored twice.
 */
function missedWhileAway(conn: Conn, msg: WAMessage): boolean {
  const t = msgTimeOf(msg);
  if (conn.gapSince == null || !t) return false;
  return t >= conn.gapSince - CLOCK_SLACK_MS && t <= (conn.openedAt ?? t) + CLOCK_SLACK_MS;
}

async function onMessage(core: WaCore, conn: Conn, wxid: string, msg: WAMessage) {
  const remote = msg.key.remoteJid;
  if (!msg.key.id || !remote || remote === 'status@broadcast') return;
  const mapped = mapContent(msg);
  if (!mapped) return;
  const { talkType, peerId, member } = peerOf(conn, msg);
  await settleMerges(core, conn, wxid);
  const fromSelf = !!msg.key.fromMe;
  if (mapped.protocol?.kind === 'revoke') {
    await passOnKept(core, conn, wxid, `revoke:${mapped.protocol.msgId}`, 'revoked', {
      workWxid: wxid,
      msgId: mapped.protocol.msgId,
      talkType,
      peerId,
      content: fromSelf ? '你撤回了一条消息' : `"${msg.pushName ?? ''}" 撤回了一条消息`,
      bySelf: fromSelf,
      at: toNumber(msg.messageTimestamp) * 1000 || core.now(),
    });
    return;
  }
  // Edits: Baileys announces each again as a `messages.update` with `editedMessage` (onUpdates).
  if (mapped.protocol) return;
  const sessionId = conn.session.id;
  const msgId = msg.key.id;
  // One pass at a time per message: a copy that comes while it is on its way to the console
  // (WhatsApp's replays, a catch-up) is the same message, not one to pass on twice.
  const claim = `${sessionId}:${msgId}`;
  if (core.passing.has(claim)) return;
  core.passing.add(claim);
  const release = () => void core.passing.delete(claim);
  // What the console will have kept once `marked` settles (wrapped: an async function's answer
  // that is a promise would be waited for).
  const passOn = async (): Promise<{ marked: Promise<unknown> } | null> => {
    // An echo of the console's own send (its id was recorded before sending) is no new message.
    const known = await core.repo.byId(sessionId, msgId);
    if (known?.requestId) return null;
    // Passed on once the console kept it; kept here but not by the console (a kill in between):
    // passed on again.
    if (known ? known.delivered : !(await core.repo.keepInbound(sessionId, msg, core.now()))) {
      return null;
    }
    // Stored only now though sent before this socket opened: a gap closed after a reconnect.
    if (
      !known &&
      conn.gapSince != null &&
      conn.openedAt !== null &&
      msgTimeOf(msg) < conn.openedAt
    ) {
      core.recovered++;
    }
    if (!fromSelf) {
      const keys = conn.unread.get(remote) ?? [];
      keys.push(msg.key);
      conn.unread.set(remote, keys.slice(-50));
    }
    // Everyone the account chats with is kept (WhatsApp has no friend list), so a person first
    // seen by phone id can be merged with their LID later.
    const notify = !fromSelf && talkType === 1 ? msg.pushName : null;
    if (talkType === 1 && peerId !== wxid) {
      if (notify) await onContacts(core, conn, wxid, [{ id: remote, notify }]);
      else if (!(await core.repo.contact(conn.session.id, peerId))) {
        await onContacts(core, conn, wxid, [{ id: remote }]);
      }
    }
    const { taken, kept } = core.hub.send(wxid, 'message', {
      workWxid: wxid,
      msgId,
      talkType,
      peerId,
      fromSelf,
      msgType: mapped.msgType,
      content: mapped.content,
      memberWxid: talkType === 2 ? (fromSelf ? wxid : member) : null,
      memberName: talkType === 2 && !fromSelf ? (msg.pushName ?? null) : null,
      memberAvatar: null,
      file: mapped.file,
      refMsgId: mapped.refMsgId,
      refContent: mapped.refContent,
      displayName: mapped.refMsgId ? (msg.pushName ?? null) : null,
      msgTime: toNumber(msg.messageTimestamp) * 1000 || core.now(),
    });
    const marked = kept.then((ok) => (ok ? core.repo.markDelivered(sessionId, msgId) : undefined));
    core.track(marked);
    await taken;
    return { marked };
  };
  let passed: { marked: Promise<unknown> } | null = null;
  try {
    passed = await passOn();
  } finally {
    if (passed) passed.marked.then(release, release);
    else release();
  }
}

/**
 * Passes on again, oldest first, received messages the console never kept (the server was
 * killed, or its store failed, between this adapter's copy and the console's); what is left
 * waits for the next time the connection opens.
 */
export async function redeliver(core: WaCore, conn: Conn): Promise<void> {
  const wxid = conn.wxid;
  if (!wxid) return;
  const events = (await core.repo.unkeptEvents(conn.session.id, REDELIVER_MAX)).filter((e) =>
    (KEPT_EVENTS as readonly string[]).includes(e.event),
  );
  const passAgain = async (e: (typeof events)[number]) => {
    const event = e.event as KeptEventName;
    await passOnKept(core, conn, wxid, e.key, event, e.payload as GatewayEvents[typeof event], {
      stored: true,
    });
  };
  // Merges of people first: the messages passed on again may be under the merged id.
  for (const e of events) if (e.event === 'personMerged') await passAgain(e);
  for (const row of await core.repo.undelivered(conn.session.id, REDELIVER_MAX)) {
    const msg = core.repo.messageOf(conn.session.id, row);
    if (msg) await onMessage(core, conn, wxid, msg);
  }
  // Then receipts, revokes, edits and read syncs, in the order they came: after the messages
  // they are about.
  for (const e of events) if (e.event !== 'personMerged') await passAgain(e);
}

/**
 * Events Baileys acknowledges at once (about messages), and the merges of people this adapter
 * made: kept until the console kept them.
 */
const KEPT_EVENTS = [
  'personMerged',
  'sendReceipt',
  'revoked',
  'messageEdited',
  'readSync',
] as const;
type KeptEventName = (typeof KEPT_EVENTS)[number];

/**
 * Passes on an event Baileys has acknowledged to WhatsApp already — a receipt, a revoke, an edit,
 * a read on the phone — or a merge of people, so that it survives until the console kept it: written to `wa_events`
 * first, deleted once every listener kept it, and passed on again by {@link redeliver} when a kill
 * or a failed store came in between. One pass at a time per key, as for messages; the console
 * takes a repeat as once.
 */
async function passOnKept<K extends KeptEventName>(
  core: WaCore,
  conn: Conn,
  wxid: string,
  key: string,
  event: K,
  payload: GatewayEvents[K],
  opts: { stored?: boolean } = {},
): Promise<void> {
  const sessionId = conn.session.id;
  const claim = `${sessionId}:event:${key}`;
  if (core.passing.has(claim)) return;
  core.passing.add(claim);
  const release = () => void core.passing.delete(claim);
  if (!opts.stored) {
    try {
      await core.repo.keepEvent(sessionId, key, event, payload, core.now());
    } catch (err) {
      // Not kept here: passed on all the same, as before there was a place to keep it.
      core.deps.log.error({ err, event }, 'whatsapp event not kept for redelivery');
    }
  }
  const { taken, kept } = core.hub.send(wxid, event, payload);
  const marked = kept.then((ok) => (ok ? core.repo.dropEvent(sessionId, key) : undefined));
  core.track(marked);
  void marked.then(release, release);
  await taken;
}

/** Most messages passed on again per opening of a connection. */
const REDELIVER_MAX = 1000;

async function onUpdates(
  core: WaCore,
  conn: Conn,
  wxid: string,
  updates: BaileysEventMap['messages.update'],
) {
  const readChats = new Set<string>();
  for (const { key, update } of updates) {
    if (!key.id || !key.remoteJid) continue;
    if (
      update.messageStubType === proto.WebMessageInfo.StubType.REVOKE ||
      (update.message === null && update.messageStubType)
    ) {
      const { talkType, peerId } = peerOf(conn, { key } as WAMessage);
      await passOnKept(core, conn, wxid, `revoke:${key.id}`, 'revoked', {
        workWxid: wxid,
        msgId: key.id,
        talkType,
        peerId,
        content: key.fromMe ? '你撤回了一条消息' : '对方撤回了一条消息',
        bySelf: !!key.fromMe,
        at: core.now(),
      });
      continue;
    }
    const edited = update.message?.editedMessage?.message;
    if (edited) {
      const { talkType, peerId } = peerOf(conn, { key } as WAMessage);
      const at = toNumber(update.messageTimestamp) * 1000 || core.now();
      await passOnKept(core, conn, wxid, `edit:${key.id}:${at}`, 'messageEdited', {
        workWxid: wxid,
        msgId: key.id,
        talkType,
        peerId,
        content: previewText(edited),
        at,
      });
      continue;
    }
    if (update.status === undefined || update.status === null) continue;
    if (!key.fromMe) {
      // Ours to read: the operator read it on the phone.
      if (update.status >= STATUS.READ) readChats.add(key.remoteJid);
      continue;
    }
    const row = await core.repo.byId(conn.session.id, key.id);
    if (!row?.requestId) continue;
    const status =
      update.status === STATUS.ERROR
        ? 'failed'
        : update.status >= STATUS.READ
          ? 'read'
          : update.status === STATUS.DELIVERY_ACK
            ? 'delivered'
            : null;
    if (!status) continue;
    await passOnKept(core, conn, wxid, `receipt:${key.id}:${status}`, 'sendReceipt', {
      workWxid: wxid,
      requestId: row.requestId,
      msgId: key.id,
      status,
      error: status === 'failed' ? 'WhatsApp 发送失败' : null,
      at: core.now(),
    });
  }
  for (const remote of readChats) {
    conn.unread.delete(remote);
    const { talkType, peerId } = peerOf(conn, { key: { remoteJid: remote } } as WAMessage);
    const at = core.now();
    await passOnKept(core, conn, wxid, `read:${talkType}:${peerId}:${at}`, 'readSync', {
      workWxid: wxid,
      talkType,
      peerId,
      at,
    });
  }
}

/**
 * Receipts of members in groups (one per member): the console's send shows delivered when the
 * first member got it and read when the first member read it, each once.
 */
async function onGroupReceipts(
  core: WaCore,
  conn: Conn,
  wxid: string,
  receipts: BaileysEventMap['message-receipt.update'],
) {
  for (const { key, receipt } of receipts) {
    if (!key.id || !key.fromMe || !key.remoteJid || !isWaGroup(key.remoteJid)) continue;
    const status =
      receipt.readTimestamp || receipt.playedTimestamp
        ? 'read'
        : receipt.receiptTimestamp
          ? 'delivered'
          : null;
    if (!status) continue;
    const rank = status === 'read' ? 2 : 1;
    if ((conn.groupReceipts.get(key.id) ?? 0) >= rank) continue;
    const row = await core.repo.byId(conn.session.id, key.id);
    if (!row?.requestId) continue;
    conn.groupReceipts.set(key.id, rank);
    if (conn.groupReceipts.size > 2000) {
      conn.groupReceipts.delete(conn.groupReceipts.keys().next().value!);
    }
    await passOnKept(core, conn, wxid, `receipt:${key.id}:${status}`, 'sendReceipt', {
      workWxid: wxid,
      requestId: row.requestId,
      msgId: key.id,
      status,
      error: null,
      at: core.now(),
    });
  }
}
