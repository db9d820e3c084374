import { MSG_TYPE, isGroupId } from '@cst/shared';
import {
  GatewayError,
  type SimFriendRequestCommand,
  type SimReceivedDto,
  type SimReceivedQuery,
} from '@cst/gateway';
import type { Rng } from './prng.ts';
import type { SimCore } from './simulator-core.ts';
import { deliverInbound } from './simulator-messaging.ts';
import { toContact, toFriendRequest } from './simulator.presenter.ts';
import type { SimAccountRow, SimPersonRow } from './simulator.repository.ts';
import { VERIFY_TEXTS } from './vocabulary.ts';
import { makePerson, personForWxid } from './world.ts';

// Friend requests between the world and the accounts: people asking, people answering the
// account's requests, declines, and the record of what people received from the accounts.

const HEX = '0123456789abcdef';
const SOURCES = ['search', 'card', 'group', 'qr', 'phone'] as const;

/** What people say when they refuse an account's request. */
const REFUSAL_REASONS = [
  '对方拒绝了你的好友申请',
  '对方已开启好友验证，拒绝了你的申请',
  '对方设置了不允许通过此方式添加',
];

/** Most items `received` returns when the caller sets no limit. */
const RECEIVED_LIMIT = 5000;

/** A new friend-request id of an account (deterministic in the account's sequence). */
export async function newRequestId(core: SimCore, acc: string, stream: string): Promise<string> {
  return `fr_${core.rng(stream, acc, await core.repo.nextSeq(acc)).chars(16, HEX)}`;
}

/** Stores a request from a person to the account and announces it. */
export async function receiveRequest(
  core: SimCore,
  acc: string,
  person: SimPersonRow,
  verifyContent: string,
  source: string,
  requestId: string,
): Promise<void> {
  const row = {
    accountWxid: acc,
    requestId,
    fromWxid: person.wxid,
    verifyContent,
    source,
    status: 'pending',
    direction: 'in' as const,
    reason: '',
    idemKey: null,
    createdAt: core.now(),
  };
  await core.repo.insertFriendRequest(row);
  void core.emit(acc, 'friendRequest', { workWxid: acc, request: toFriendRequest(row, person) });
}

/** A stranger of the traffic asks to be the account's friend. */
export async function strangerAsks(core: SimCore, acc: SimAccountRow, rng: Rng): Promise<void> {
  const person = makePerson(rng);
  await core.repo.insertPeople([
    { ...person, accountWxid: acc.wxid, isFriend: false, addedAt: core.now() },
  ]);
  const p = (await core.repo.getPerson(acc.wxid, person.wxid))!;
  const requestId = `fr_${rng.chars(16, HEX)}`;
  const text = rng.pick(VERIFY_TEXTS).replace('{name}', person.nickname);
  await receiveRequest(core, acc.wxid, p, text, rng.pick(SOURCES), requestId);
}

/** `/sim-api/friend-request`: a person (a new stranger when unset) asks the account. */
export async function injectRequest(
  core: SimCore,
  cmd: SimFriendRequestCommand,
): Promise<{ requestId: string; fromWxid: string }> {
  core.requireOnline(cmd.workWxid);
  const acc = cmd.workWxid;
  const rng = core.rng('friend-request', acc, await core.repo.nextSeq(acc));
  let person: SimPersonRow | null = null;
  if (cmd.fromWxid !== undefined) {
    if (cmd.fromWxid === acc || isGroupId(cmd.fromWxid)) {
      throw new GatewayError('invalid', 'a person cannot be the account or a group');
    }
    person = await core.repo.getPerson(acc, cmd.fromWxid);
    if (person?.isFriend) throw new GatewayError('alreadyFriend', 'already a friend');
  }
  if (!person) {
    const made = cmd.fromWxid ? personForWxid(core.seed, cmd.fromWxid) : makePerson(rng);
    await core.repo.insertPeople([
      { ...made, accountWxid: acc, isFriend: false, addedAt: core.now() },
    ]);
    person = (await core.repo.getPerson(acc, made.wxid))!;
  }
  const text = cmd.verifyContent.trim() || `你好，我是${person.nickname}`;
  const requestId = `fr_${rng.chars(16, HEX)}`;
  await receiveRequest(core, acc, person, text, rng.pick(SOURCES), requestId);
  return { requestId, fromWxid: person.wxid };
}

/** Declines a received request (idempotent); an accepted or unknown one cannot be declined. */
export async function declineRequest(core: SimCore, acc: string, requestId: string) {
  core.requireOnline(acc);
  const req = await core.repo.getFriendRequest(acc, requestId);
  if (!req || req.direction !== 'in' || req.status === 'expired') {
    throw new GatewayError('notFound', 'no such request');
  }
  if (req.status === 'declined') return;
  if (req.status === 'accepted') throw new GatewayError('invalid', 'the request was accepted');
  await core.repo.setFriendRequestStatus(acc, requestId, 'declined');
}

/** The platform's notice in a new friend's chat. */
export async function greetNewFriend(core: SimCore, acc: string, person: SimPersonRow) {
  const account = await core.account(acc);
  await deliverInbound(
    core,
    account,
    {
      talkType: 1,
      peerId: person.wxid,
      fromSelf: false,
      member: null,
      msgType: MSG_TYPE.system,
      content: `你已添加了${person.nickname}，现在可以开始聊天了。`,
    },
    core.rng('greet', acc, person.wxid),
  );
}

/**
 * A person answers the account's pending request: accepts or refuses, decided by the seed per
 * person (`friendAcceptRate` of people accept).
 */
export async function answerSentRequest(core: SimCore, acc: string, wxid: string): Promise<void> {
  if (core.held.get(acc)?.status !== 'online') return;
  const p = await core.repo.getPerson(acc, wxid);
  if (!p || p.isFriend || !p.addRequestedAt) return;
  const pending = await core.repo.pendingSentRequests(acc, wxid);
  const requestId = pending.at(-1)?.requestId ?? '';
  const rng = core.rng('friend-answer', acc, wxid);
  const now = core.now();
  await core.scopeFor(acc);
  if (rng.next() >= core.configOf(acc).friendAcceptRate) {
    const reason = rng.pick(REFUSAL_REASONS);
    await core.repo.updatePerson(acc, wxid, { addRequestedAt: null });
    await core.repo.answerSentRequests(acc, wxid, 'refused', reason);
    void core.emit(acc, 'friendRequestAnswered', {
      workWxid: acc,
      wxid,
      requestId,
      accepted: false,
      reason,
      at: now,
    });
    return;
  }
  const source = pending.at(-1)?.source ?? 'search';
  await core.repo.updatePerson(acc, wxid, {
    isFriend: true,
    addedAt: now,
    addRequestedAt: null,
    source,
  });
  await core.repo.answerSentRequests(acc, wxid, 'accepted', '');
  const friend = { ...p, isFriend: true, addedAt: now, source };
  void core.emit(acc, 'contactsChanged', {
    workWxid: acc,
    added: [toContact(friend)],
    updated: [],
    removed: [],
  });
  void core.emit(acc, 'friendRequestAnswered', {
    workWxid: acc,
    wxid,
    requestId,
    accepted: true,
    reason: '',
    at: now,
  });
  await greetNewFriend(core, acc, friend);
}

/** The typing shown before a message, when the account typed. */
function typingOf(core: SimCore, msgId: string): { typingMs?: number } {
  const ms = core.typingOf(msgId);
  return ms === undefined ? {} : { typingMs: ms };
}

/** Messages and friend requests people received from the accounts, oldest first. */
export async function received(core: SimCore, q: SimReceivedQuery): Promise<SimReceivedDto[]> {
  const limit = Math.min(Math.max(q.limit ?? RECEIVED_LIMIT, 1), RECEIVED_LIMIT);
  const { messages, requests } = await core.repo.receivedFrom(q.workWxids, {
    peerWxid: q.peerWxid,
    sinceMs: q.sinceMs,
    limit,
  });
  const items: (SimReceivedDto & { order: number })[] = [
    ...messages.map((m) => ({
      kind: 'message' as const,
      msgId: m.msgId,
      workWxid: m.accountWxid,
      peerWxid: m.peerId,
      msgType: m.msgType as SimReceivedDto['msgType'],
      content: m.content,
      requestId: m.requestId,
      at: m.createdAt,
      ...(m.mentions?.length ? { atWxids: m.mentions } : {}),
      ...typingOf(core, m.msgId),
      order: m.seq,
    })),
    ...requests.map((r) => ({
      kind: 'friendRequest' as const,
      msgId: null,
      workWxid: r.accountWxid,
      peerWxid: r.fromWxid,
      content: r.verifyContent,
      requestId: r.requestId,
      at: r.createdAt,
      order: 0,
    })),
  ];
  // Stable: same-millisecond messages keep their insertion order, requests come after them.
  items.sort(
    (a, b) =>
      a.at - b.at || (a.kind === b.kind ? a.order - b.order : a.kind === 'message' ? -1 : 1),
  );
  return items.slice(0, limit).map(({ order: _order, ...item }) => item);
}
