import {
  isGroupId,
  isMediaMsgType,
  JSON_MSG_TYPES,
  MSG_TYPE,
  quoteContent,
  type MsgType,
  type QuoteContent,
  type TalkType,
} from '@cst/shared';
import {
  GatewayError,
  type InboundMessageEvent,
  type MediaBytes,
  type OutboundMessage,
  type Peer,
  type SendAccepted,
  type SendCommand,
  type SendReceiptEvent,
  type SendResult,
  type SimInboundCommand,
  typingMsOf,
} from '@cst/gateway';
import type { SimMediaKind } from './file-store.ts';
import { hashUnit, type Rng } from './prng.ts';
import type { Acks, SimCore } from './simulator-core.ts';
import { toContact, toGroup, toInboundEvent } from './simulator.presenter.ts';
import type {
  SimAccountRow,
  SimFileRow,
  SimMessageInsert,
  SimMessageRow,
  SimPersonRow,
} from './simulator.repository.ts';
import { makeContent, mediaKindOf } from './traffic-content.ts';
import { makeAvatar, personForWxid } from './world.ts';

// Messages: console sends with receipts, revokes, reads, and messages arriving from the world.

const SEND_ERRORS = [
  '消息发送失败：对方已开启朋友验证',
  '消息发送失败：网络异常',
  '消息发送失败：账号异常，请稍后重试',
];

/** How long after sending a message can still be revoked. */
export const REVOKE_WINDOW_MS = 120_000;

function outboundToStored(msg: OutboundMessage): { msgType: MsgType; content: string } {
  switch (msg.kind) {
    case 'text':
      if (!msg.content.trim()) throw new GatewayError('invalid', 'empty text');
      return { msgType: MSG_TYPE.text, content: msg.content };
    case 'image':
      return { msgType: MSG_TYPE.image, content: msg.file.fileName };
    case 'file':
      return { msgType: MSG_TYPE.document, content: msg.file.fileName };
    case 'video':
      return { msgType: MSG_TYPE.video, content: msg.file.fileName };
    case 'voice':
      return { msgType: MSG_TYPE.voice, content: msg.file.fileName };
    case 'emoticon':
      return { msgType: MSG_TYPE.emoticon, content: msg.file.fileName };
    case 'link': {
      const { kind: _k, ...rest } = msg;
      return { msgType: MSG_TYPE.link, content: JSON.stringify(rest) };
    }
    case 'miniProgram': {
      const { kind: _k, ...rest } = msg;
      return { msgType: MSG_TYPE.miniProgram, content: JSON.stringify(rest) };
    }
    case 'card': {
      const { kind: _k, ...rest } = msg;
      return { msgType: MSG_TYPE.card, content: JSON.stringify(rest) };
    }
    case 'location': {
      const { kind: _k, ...rest } = msg;
      return { msgType: MSG_TYPE.location, content: JSON.stringify(rest) };
    }
    case 'quote':
      // Completed by the caller with the quoted message.
      return { msgType: MSG_TYPE.quote, content: msg.content };
  }
}

/** Who wrote a stored message, as the quote's display name. */
async function authorName(core: SimCore, acc: SimAccountRow, row: SimMessageRow): Promise<string> {
  if (row.fromSelf) return acc.nickname;
  const who = row.memberWxid ?? row.peerId;
  return (await core.repo.getPerson(acc.wxid, who))?.nickname ?? who;
}

/** The text a quote shows of a quoted message. */
export function quotedText(row: SimMessageRow): string {
  if (row.msgType === MSG_TYPE.quote) {
    const q = quoteContent.safeParse(safeJson(row.content));
    return q.success ? q.data.content : row.content;
  }
  return row.content;
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}

async function buildQuote(
  core: SimCore,
  acc: SimAccountRow,
  peerId: string,
  refMsgId: string,
  text: string,
): Promise<QuoteContent> {
  const ref = await core.repo.getMessage(acc.wxid, refMsgId);
  if (!ref || ref.peerId !== peerId) throw new GatewayError('notFound', 'quoted message not found');
  return {
    content: text,
    refMsgId,
    refContent: quotedText(ref),
    displayName: await authorName(core, acc, ref),
    refMsgType: ref.msgType,
  };
}

async function checkPeer(core: SimCore, peer: Peer): Promise<void> {
  if (peer.talkType === 2) {
    const g = isGroupId(peer.peerId) ? await core.repo.getGroup(peer.workWxid, peer.peerId) : null;
    if (!g || !g.active) throw new GatewayError('notMember', 'not in this group');
    return;
  }
  const p = await core.repo.getPerson(peer.workWxid, peer.peerId);
  if (!p || !p.isFriend) throw new GatewayError('notFriend', 'not a friend');
}

const RATE_LIMIT_CODE = 429;

function isRateLimited(core: SimCore, wxid: string): boolean {
  const until = core.held.get(wxid)?.rateLimitedUntil;
  return until !== undefined && until > core.now();
}

/** A rate-limited account's send is refused as too fast, with a risk signal (as WhatsApp's 429). */
async function refuseWhenRateLimited(core: SimCore, wxid: string): Promise<void> {
  if (!isRateLimited(core, wxid)) return;
  const reason = '发送过于频繁，平台限制发送 (429)';
  await core.emit(wxid, 'riskSignal', {
    workWxid: wxid,
    kind: 'rateLimit',
    code: RATE_LIMIT_CODE,
    reason,
    at: core.now(),
  });
  throw new GatewayError('failed', reason);
}

/** Sends a console message, once per requestId, and schedules its receipts. */
export async function sendMessage(core: SimCore, cmd: SendCommand): Promise<SendAccepted> {
  if (!cmd.requestId) throw new GatewayError('invalid', 'requestId is required');
  const existing = await core.repo.getMessageByRequest(cmd.workWxid, cmd.requestId);
  if (existing) return accepted(existing, true);
  core.requireOnline(cmd.workWxid);
  await refuseWhenRateLimited(core, cmd.workWxid);
  await core.scopeFor(cmd.workWxid);
  await checkPeer(core, cmd);
  const acc = await core.account(cmd.workWxid);
  const stored = outboundToStored(cmd.message);
  const msgType = stored.msgType;
  let content = stored.content;
  if (cmd.message.kind === 'quote') {
    if (!cmd.message.content.trim()) throw new GatewayError('invalid', 'empty text');
    const q = await buildQuote(core, acc, cmd.peerId, cmd.message.refMsgId, cmd.message.content);
    content = JSON.stringify(q);
  }
  const { row, duplicate } = await core.repo.insertMessage(
    outgoingRow(core, cmd, msgType, content),
  );
  if (!duplicate) {
    if (cmd.typing) core.recordTyping(row.msgId, typingMsOf(cmd.message));
    scheduleReceipts(core, cmd.workWxid, [row], true);
  }
  return accepted(row, duplicate);
}

/**
 * Sends console messages of one account in their order, as `sendMessage` one after another would:
 * a requestId already taken answers its message again (even offline), a refused message answers
 * its error, an account that cannot send answers `notOnline` / `notHeld` for the others. The
 * lookups and the insert are one statement each for the whole batch, and their receipts go out
 * together.
 */
export async function sendMessages(core: SimCore, cmds: SendCommand[]): Promise<SendResult[]> {
  if (cmds.length === 0) return [];
  const wxid = cmds[0]!.workWxid;
  const settle = async (p: Promise<SendAccepted>): Promise<SendResult> => {
    try {
      return { ok: true, accepted: await p };
    } catch (err) {
      if (err instanceof GatewayError) return { ok: false, error: err };
      throw err;
    }
  };
  // Quotes read the message they quote, and a batch is one account's: otherwise one by one.
  if (
    isRateLimited(core, wxid) ||
    cmds.some((c) => c.workWxid !== wxid || c.message.kind === 'quote' || !c.requestId)
  ) {
    const out: SendResult[] = [];
    for (const c of cmds) out.push(await settle(sendMessage(core, c)));
    return out;
  }
  const taken = await core.repo.messagesByRequests(
    wxid,
    cmds.map((c) => c.requestId),
  );
  let away: GatewayError | null = null;
  try {
    core.requireOnline(wxid);
    await core.scopeFor(wxid);
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    away = err;
  }
  const people = away
    ? new Map<string, SimPersonRow>()
    : await core.repo.peopleOf(
        wxid,
        cmds.filter((c) => c.talkType !== 2 && !taken.has(c.requestId)).map((c) => c.peerId),
      );
  const out = new Array<SendResult>(cmds.length);
  const fresh: { at: number; row: SimMessageInsert }[] = [];
  // A requestId repeated in the batch answers as a repeat send would: its first one's message.
  const firstOf = new Map<string, number>();
  const repeats: [number, number][] = [];
  for (const [i, cmd] of cmds.entries()) {
    const done = taken.get(cmd.requestId);
    const first = firstOf.get(cmd.requestId);
    if (done) out[i] = { ok: true, accepted: accepted(done, true) };
    else if (first !== undefined) repeats.push([i, first]);
    else if (away) out[i] = { ok: false, error: away };
    else {
      try {
        if (cmd.talkType === 2) await checkPeer(core, cmd);
        else if (!people.get(cmd.peerId)?.isFriend) {
          throw new GatewayError('notFriend', 'not a friend');
        }
        const stored = outboundToStored(cmd.message);
        firstOf.set(cmd.requestId, i);
        fresh.push({ at: i, row: outgoingRow(core, cmd, stored.msgType, stored.content) });
      } catch (err) {
        if (!(err instanceof GatewayError)) throw err;
        out[i] = { ok: false, error: err };
      }
    }
  }
  const inserted = await core.repo.insertMessagesNow(fresh.map((f) => f.row));
  const sent: SimMessageRow[] = [];
  for (const [k, f] of fresh.entries()) {
    let row = inserted[k] ?? null;
    const duplicate = row === null;
    // Taken meanwhile by a send of the same requestId elsewhere: that message is the answer.
    row ??= await core.repo.getMessageByRequest(wxid, f.row.requestId!);
    if (!row) throw new Error('message insert conflicted but nothing was found');
    out[f.at] = { ok: true, accepted: accepted(row, duplicate) };
    if (!duplicate) {
      const cmd = cmds[f.at]!;
      if (cmd.typing) core.recordTyping(row.msgId, typingMsOf(cmd.message));
      sent.push(row);
    }
  }
  for (const [i, first] of repeats) {
    const r = out[first]!;
    out[i] = r.ok ? { ok: true, accepted: { ...r.accepted, duplicate: true } } : r;
  }
  scheduleReceipts(core, wxid, sent, true);
  return out;
}

function accepted(row: SimMessageRow, duplicate: boolean): SendAccepted {
  return {
    requestId: row.requestId!,
    msgId: row.msgId,
    msgType: row.msgType as MsgType,
    content: row.content,
    file: null,
    createdAt: row.createdAt,
    duplicate,
  };
}

/** A console message as the platform stores it; whether it fails is a hash, the same on a retry. */
function outgoingRow(
  core: SimCore,
  cmd: SendCommand,
  msgType: MsgType,
  content: string,
): SimMessageInsert {
  const fails =
    hashUnit(`${core.seed}|fail|${cmd.workWxid}|${cmd.requestId}`) <
    core.configOf(cmd.workWxid).failRate;
  const at = cmd.message.kind === 'text' ? cmd.message.atWxids : undefined;
  return {
    accountWxid: cmd.workWxid,
    msgId: core.newMsgId(),
    requestId: cmd.requestId,
    talkType: cmd.talkType,
    peerId: cmd.peerId,
    fromSelf: true,
    memberWxid: null,
    msgType,
    content,
    mentions: at?.length ? at : null,
    fileId: null,
    status: fails ? 'failed' : 'sent',
    error: fails ? SEND_ERRORS[Math.floor(hashUnit(cmd.requestId) * SEND_ERRORS.length)]! : null,
    createdAt: core.now(),
  };
}

/**
 * Schedules the receipts still owed for console messages of an account: with `justSent`, first
 * each one's `sent` (or `failed`); then `delivered` and `read` for those sent, or `read` for those
 * already delivered. Messages sent together move together: one update a step.
 */
export function scheduleReceipts(
  core: SimCore,
  wxid: string,
  rows: SimMessageRow[],
  justSent = false,
): void {
  const emit = (row: SimMessageRow, status: SendReceiptEvent['status'], error: string | null) =>
    void core.emit(wxid, 'sendReceipt', {
      workWxid: wxid,
      requestId: row.requestId!,
      msgId: row.msgId,
      status,
      error,
      at: core.now(),
    });
  if (justSent && rows.length > 0) {
    core.later(wxid, 0, () => {
      for (const row of rows) emit(row, row.status === 'failed' ? 'failed' : 'sent', row.error);
    });
  }
  const step = async (status: 'delivered' | 'read', list: SimMessageRow[]) => {
    if (core.held.get(wxid)?.status !== 'online') return;
    await core.repo.setStatuses(
      wxid,
      list.map((r) => r.msgId),
      status,
    );
    for (const row of list) emit(row, status, null);
    if (status === 'delivered') {
      core.later(wxid, core.configOf(wxid).readDelayMs, () => step('read', list));
    }
  };
  const sent = rows.filter((r) => r.status === 'sent');
  const delivered = rows.filter((r) => r.status === 'delivered');
  const config = core.configOf(wxid);
  if (sent.length > 0) core.later(wxid, config.deliveryDelayMs, () => step('delivered', sent));
  if (delivered.length > 0) core.later(wxid, config.readDelayMs, () => step('read', delivered));
}

/** Revokes a message the account sent, within the platform's window. */
export async function revokeMessage(core: SimCore, wxid: string, msgId: string) {
  core.requireOnline(wxid);
  const row = await core.repo.getMessage(wxid, msgId);
  if (!row || !row.fromSelf) throw new GatewayError('notFound', 'message not found');
  const content = '你撤回了一条消息';
  if (row.revoked) return { msgId, content };
  if (row.status === 'failed') throw new GatewayError('failed', 'the message was not sent');
  if (core.now() - row.createdAt > REVOKE_WINDOW_MS) throw new GatewayError('tooLate');
  await core.repo.updateMessage(wxid, msgId, { revoked: true });
  void core.emit(wxid, 'revoked', {
    workWxid: wxid,
    msgId,
    talkType: row.talkType as TalkType,
    peerId: row.peerId,
    content,
    bySelf: true,
    at: core.now(),
  });
  return { msgId, content };
}

/** Marks a conversation read (any conversation; the simulated phone has nothing more to do). */
export async function markRead(core: SimCore, peer: Peer): Promise<void> {
  core.requireOnline(peer.workWxid);
}

/** The transcript of a voice message. */
export async function voiceToText(core: SimCore, wxid: string, msgId: string) {
  core.requireOnline(wxid);
  const row = await core.repo.getMessage(wxid, msgId);
  if (!row) throw new GatewayError('notFound', 'message not found');
  if (row.msgType !== MSG_TYPE.voice) throw new GatewayError('invalid', 'not a voice message');
  return { text: row.transcript ?? '（无法识别）' };
}

/** Bytes of a media file of the account. */
export async function downloadMedia(
  core: SimCore,
  wxid: string,
  fileId: string,
): Promise<MediaBytes> {
  core.requireHeld(wxid);
  const f = await core.repo.getFile(fileId);
  if (!f || f.accountWxid !== wxid) throw new GatewayError('notFound', 'file not found');
  return core.files.read(f);
}

// ---- the world writes ------------------------------------------------------------------------

/** A friend of the account; an unknown wxid becomes a new friend (announced). */
export async function ensureFriend(
  core: SimCore,
  acc: string,
  wxid: string,
  /** The person row when the caller has already read it (null: not known to the account). */
  known?: SimPersonRow | null,
): Promise<SimPersonRow> {
  const p = known !== undefined ? known : await core.repo.getPerson(acc, wxid);
  if (p?.isFriend) return p;
  const now = core.now();
  if (p) {
    await core.repo.updatePerson(acc, wxid, { isFriend: true, addedAt: now, addRequestedAt: null });
  } else {
    const person = personForWxid(core.seed, wxid);
    await core.repo.insertPeople([
      { ...person, accountWxid: acc, isFriend: true, addedAt: now, source: 'other' },
    ]);
  }
  const row = (await core.repo.getPerson(acc, wxid))!;
  void core.emit(acc, 'contactsChanged', {
    workWxid: acc,
    added: [toContact(row)],
    updated: [],
    removed: [],
  });
  return row;
}

/** A group of the account; an unknown id becomes a new group the account is in (announced). */
export async function ensureGroup(core: SimCore, acc: string, groupId: string) {
  if (!isGroupId(groupId)) throw new GatewayError('invalid', 'not a group id');
  const g = await core.repo.getGroup(acc, groupId);
  if (g?.active) return g;
  const now = core.now();
  if (g) {
    await core.repo.updateGroup(acc, groupId, { active: true });
  } else {
    const name = `群聊${groupId.slice(0, 4)}`;
    await core.repo.insertGroups([
      {
        accountWxid: acc,
        groupId,
        name,
        avatar: makeAvatar(groupId, name, 'group'),
        ownerWxid: acc,
        createdAt: now,
      },
    ]);
  }
  await core.repo.insertMembers([{ accountWxid: acc, groupId, wxid: acc, joinedAt: now }]);
  const row = (await core.repo.getGroup(acc, groupId))!;
  const count = (await core.repo.listMembers(acc, groupId)).length;
  void core.emit(acc, 'groupChanged', {
    workWxid: acc,
    kind: 'created',
    group: toGroup(row, count),
  });
  return row;
}

/** A member of a group; an unknown wxid joins (announced). */
export async function ensureMember(
  core: SimCore,
  acc: string,
  groupId: string,
  wxid: string,
): Promise<SimPersonRow> {
  let person = await core.repo.getPerson(acc, wxid);
  if (!person) {
    const p = personForWxid(core.seed, wxid);
    await core.repo.insertPeople([
      { ...p, accountWxid: acc, isFriend: false, addedAt: core.now() },
    ]);
    person = (await core.repo.getPerson(acc, wxid))!;
  }
  if (!(await core.repo.getMember(acc, groupId, wxid))) {
    const now = core.now();
    await core.repo.insertMembers([{ accountWxid: acc, groupId, wxid, joinedAt: now }]);
    void core.emit(acc, 'groupNotice', {
      workWxid: acc,
      groupId,
      noticeId: `${groupId}:join:${wxid}:${now}`,
      kind: 'memberJoined',
      text: `"${person.nickname}"加入了群聊`,
      wxids: [wxid],
      at: now,
    });
  }
  return person;
}

/** What arrives: a message already resolved to its peer and member. */
export interface InboundSpec {
  talkType: TalkType;
  peerId: string;
  fromSelf: boolean;
  member: SimPersonRow | null;
  memberCard?: string;
  msgType: MsgType;
  content: string;
  media?: SimMediaKind;
  fileName?: string;
  transcript?: string;
  quote?: QuoteContent;
}

/** Stores a message from the world and announces it; returns its msgId. */
export async function deliverInbound(
  core: SimCore,
  acc: SimAccountRow,
  spec: InboundSpec,
  rng: Rng,
): Promise<string> {
  const now = core.now();
  let file: SimFileRow | null = null;
  let content = spec.content;
  if (spec.media) {
    file = await core.files.make(acc.wxid, spec.media, rng, now, spec.fileName);
    content = file.fileName;
  }
  if (spec.quote) content = JSON.stringify(spec.quote);
  const { row } = await core.repo.insertMessage({
    accountWxid: acc.wxid,
    msgId: core.newMsgId(),
    requestId: null,
    talkType: spec.talkType,
    peerId: spec.peerId,
    fromSelf: spec.fromSelf,
    memberWxid:
      spec.talkType === 2 && !spec.fromSelf && spec.msgType !== MSG_TYPE.system
        ? (spec.member?.wxid ?? null)
        : null,
    msgType: spec.msgType,
    content,
    fileId: file?.fileId ?? null,
    status: spec.fromSelf ? 'read' : 'received',
    transcript: spec.transcript ?? null,
    createdAt: now,
  });
  const member = row.memberWxid && spec.member ? memberShown(spec.member, spec.memberCard) : null;
  const quote = spec.quote
    ? {
        refMsgId: spec.quote.refMsgId,
        refContent: spec.quote.refContent,
        displayName: spec.quote.displayName,
      }
    : null;
  announce(core, acc.wxid, row.seq, toInboundEvent(row, member, file, quote));
  return row.msgId;
}

/** The longest wait between deliveries again (the first is `redeliverMs`). */
const RETRY_MAX_MS = 60_000;

function acksOf(core: SimCore, wxid: string): Acks {
  let acks = core.acks.get(wxid);
  if (!acks) {
    acks = { tail: Promise.resolve(), stalled: false, failures: 0, retryMs: core.opts.redeliverMs };
    core.acks.set(wxid, acks);
  }
  return acks;
}

/**
 * Hands a message to the console. The account's cursor (`delivered_seq`) moves past it once the
 * console has kept it (stored it, not only queued it), in the order the messages went out, so a
 * kill before that delivers it again. One the console could not keep holds the cursor and has
 * everything after it delivered again a little later (the console stores a message once).
 */
function announce(core: SimCore, wxid: string, seq: number, ev: InboundMessageEvent): void {
  const acks = acksOf(core, wxid);
  const kept = core.emitKept(wxid, 'message', ev);
  const settled = acks.tail.then(async () => {
    if (!(await kept)) {
      acks.failures += 1;
      stall(core, wxid, acks);
    } else if (!acks.stalled) {
      // Not awaited in the account's order: the cursor only moves forward, and a burst's marks
      // go out as one statement.
      core.track(core.repo.markDelivered(wxid, seq));
    }
  });
  acks.tail = settled;
  core.track(settled);
}

/** Holds the account's cursor and delivers again from it after a wait (once at a time). */
function stall(core: SimCore, wxid: string, acks: Acks): void {
  if (acks.stalled) return;
  acks.stalled = true;
  core.later(wxid, acks.retryMs, () => catchUp(core, wxid));
}

/**
 * Delivers again what is past the account's cursor; the cursor goes back to moving with each
 * message once all of it was kept with no new failure meanwhile, else it waits longer and tries
 * again. Also what a (re)connect runs first.
 */
export async function catchUp(core: SimCore, wxid: string): Promise<void> {
  const acks = acksOf(core, wxid);
  const failures = acks.failures;
  if ((await redeliver(core, wxid)) && acks.failures === failures) {
    acks.stalled = false;
    acks.retryMs = core.opts.redeliverMs;
    return;
  }
  acks.stalled = true;
  acks.retryMs = Math.min(acks.retryMs * 2, RETRY_MAX_MS);
  core.later(wxid, acks.retryMs, () => catchUp(core, wxid));
}

/** How a group member's message names its writer: the group card, else the nickname. */
function memberShown(person: SimPersonRow, card: string | undefined) {
  return { name: card || person.nickname, avatar: person.avatar };
}

/**
 * Emits again, oldest first, what reached the account after the last message the console kept
 * (the server stopped between the platform's copy and the console's, or the console could not
 * store it). Stops at the first message the console does not keep: false then. The console
 * stores a message once whatever it is told twice.
 */
async function redeliver(core: SimCore, wxid: string): Promise<boolean> {
  for (;;) {
    const rows = await core.repo.undelivered(wxid, 200);
    // A page goes out at once (the console stores it in a few batches, not one per message);
    // the cursor then moves past the kept ones, up to the first it did not keep.
    const kept: Promise<boolean>[] = [];
    for (const row of rows) {
      const member = row.memberWxid ? await core.repo.getPerson(wxid, row.memberWxid) : null;
      const card =
        row.memberWxid && row.talkType === 2
          ? ((await core.repo.getMember(wxid, row.peerId, row.memberWxid))?.card ?? '')
          : '';
      const file = row.fileId ? await core.repo.getFile(row.fileId) : null;
      const q =
        row.msgType === MSG_TYPE.quote ? quoteContent.safeParse(safeJson(row.content)) : null;
      const quote = q?.success ? q.data : null;
      kept.push(
        core.emitKept(
          wxid,
          'message',
          toInboundEvent(row, member ? memberShown(member, card) : null, file, quote),
        ),
      );
    }
    const answers = await Promise.all(kept);
    const upTo = answers.indexOf(false);
    const last = rows[(upTo === -1 ? rows.length : upTo) - 1];
    if (last) await core.repo.markDelivered(wxid, last.seq);
    if (upTo !== -1) return false;
    if (rows.length < 200) return true;
  }
}

/** A contact writes to the account (the simulator page, e2e). */
export async function inboundFromControl(core: SimCore, given: SimInboundCommand) {
  core.requireOnline(given.workWxid);
  // Independent reads side by side: under a burst each is one batched query for many messages.
  // The writer is read once: a second read of the same people cost a statement per batch.
  const [{ account: acc, seq }, found] = await Promise.all([
    core.accountWithSeq(given.workWxid),
    given.talkType === 1 ? core.repo.getPerson(given.workWxid, given.fromWxid) : undefined,
  ]);
  let cmd = given;
  let person = found;
  if (given.talkType === 1 && !found) {
    // A person given a new id (mergePerson) still writes under the old one: it is their alias.
    const known = await core.repo.findPerson(given.workWxid, given.fromWxid);
    if (known && known.alias === given.fromWxid) {
      cmd = { ...given, fromWxid: known.wxid };
      person = known;
    }
  }
  const rng = core.rng('inbound', acc.wxid, seq);
  let member: SimPersonRow | null = null;
  let memberCard = '';
  let writer: SimPersonRow;
  if (cmd.talkType === 2) {
    await ensureGroup(core, acc.wxid, cmd.fromWxid);
    let memberWxid = cmd.memberWxid;
    if (!memberWxid) {
      const others = (await core.repo.listMembers(acc.wxid, cmd.fromWxid)).filter(
        (m) => m.member.wxid !== acc.wxid,
      );
      memberWxid =
        others.length > 0
          ? rng.pick(others).member.wxid
          : `wxid_${rng.chars(14, 'abcdefghijklmnopqrstuvwxyz0123456789')}`;
    }
    if (memberWxid === acc.wxid)
      throw new GatewayError('invalid', 'the account cannot write to itself');
    member = await ensureMember(core, acc.wxid, cmd.fromWxid, memberWxid);
    memberCard = (await core.repo.getMember(acc.wxid, cmd.fromWxid, memberWxid))?.card ?? '';
    writer = member;
  } else {
    if (cmd.fromWxid === acc.wxid || isGroupId(cmd.fromWxid)) {
      throw new GatewayError('invalid', 'not a person id');
    }
    writer = await ensureFriend(core, acc.wxid, cmd.fromWxid, person);
  }
  const spec: InboundSpec = {
    talkType: cmd.talkType,
    peerId: cmd.fromWxid,
    fromSelf: cmd.fromSelf ?? false,
    member: cmd.fromSelf ? null : member,
    memberCard,
    msgType: cmd.msgType,
    content: cmd.content,
  };
  const generated = () =>
    makeContent(cmd.msgType, {
      rng,
      inGroup: cmd.talkType === 2,
      city: writer.city,
      writerName: writer.nickname,
      cardPerson: writer,
      now: core.now(),
    });
  if (isMediaMsgType(cmd.msgType)) {
    spec.media = mediaKindOf(cmd.msgType)!;
    spec.fileName =
      cmd.fileName || (cmd.msgType === MSG_TYPE.document ? cmd.content : '') || undefined;
    if (cmd.msgType === MSG_TYPE.voice) spec.transcript = cmd.content || generated().transcript;
  } else if (cmd.msgType === MSG_TYPE.quote) {
    const parsed = quoteContent.safeParse(safeJson(cmd.content));
    if (parsed.success) {
      spec.quote = await buildQuote(
        core,
        acc,
        cmd.fromWxid,
        parsed.data.refMsgId,
        parsed.data.content,
      );
    } else {
      const last = (await core.repo.recentMessages(acc.wxid, cmd.fromWxid, 1))[0];
      if (!last) throw new GatewayError('invalid', 'nothing to quote in this conversation');
      spec.quote = await buildQuote(
        core,
        acc,
        cmd.fromWxid,
        last.msgId,
        cmd.content || generated().content,
      );
    }
  } else if (!cmd.content) {
    spec.content = generated().content;
  } else if ((JSON_MSG_TYPES as readonly number[]).includes(cmd.msgType)) {
    if (safeJson(cmd.content) === undefined)
      throw new GatewayError('invalid', 'content must be JSON');
  }
  const msgId = await deliverInbound(core, acc, spec, rng);
  return { msgId };
}
