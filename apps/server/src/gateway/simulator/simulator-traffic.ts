import { MSG_TYPE, MSG_TYPES, type MsgType, type TalkType } from '@cst/shared';
import { GatewayError } from '@cst/gateway';
import { deliverLoginNotice } from './login-notice.ts';
import { groupLife } from './simulator-groups.ts';
import type { Rng } from './prng.ts';
import type { SimCore } from './simulator-core.ts';
import {
  deliverInbound,
  ensureMember,
  quotedText,
  REVOKE_WINDOW_MS,
  type InboundSpec,
} from './simulator-messaging.ts';
import { friendPosts, reactToOwnPost } from './simulator-moments.ts';
import { strangerAsks } from './simulator-requests.ts';
import type { SimAccountRow, SimPersonRow } from './simulator.repository.ts';
import { makeContent, mediaKindOf } from './traffic-content.ts';
import { TEXTS } from './vocabulary.ts';
import { makePerson } from './world.ts';

// Background life of the world: messages of every type, revokes, read sync on the phone,
// messages the operator sends from the phone, friend requests, moments and group activity.

/** Relative frequency of each message type in background traffic. */
const TYPE_WEIGHTS: Record<MsgType, number> = {
  [MSG_TYPE.text]: 40,
  [MSG_TYPE.image]: 8,
  [MSG_TYPE.document]: 3,
  [MSG_TYPE.emoticon]: 6,
  [MSG_TYPE.video]: 3,
  [MSG_TYPE.voice]: 6,
  [MSG_TYPE.voiceCall]: 2,
  [MSG_TYPE.videoCall]: 2,
  [MSG_TYPE.card]: 2,
  [MSG_TYPE.link]: 2,
  [MSG_TYPE.miniProgram]: 2,
  [MSG_TYPE.article]: 2,
  [MSG_TYPE.redPacket]: 2,
  [MSG_TYPE.transfer]: 2,
  [MSG_TYPE.location]: 2,
  [MSG_TYPE.quote]: 3,
  [MSG_TYPE.channelVideo]: 1,
  [MSG_TYPE.forward]: 1,
  [MSG_TYPE.app]: 3,
  [MSG_TYPE.loginNotice]: 1,
  [MSG_TYPE.system]: 2,
};
const TOTAL_WEIGHT = MSG_TYPES.reduce((s, t) => s + TYPE_WEIGHTS[t], 0);

/** Types that only occur in single chats. */
const SINGLE_ONLY = new Set<number>([MSG_TYPE.voiceCall, MSG_TYPE.videoCall, MSG_TYPE.transfer]);

function pickType(rng: Rng): MsgType {
  let r = rng.next() * TOTAL_WEIGHT;
  for (const t of MSG_TYPES) {
    r -= TYPE_WEIGHTS[t];
    if (r < 0) return t;
  }
  return MSG_TYPE.text;
}

async function randomFriend(core: SimCore, acc: string, rng: Rng): Promise<SimPersonRow | null> {
  const n = await core.repo.countFriends(acc);
  return n > 0 ? core.repo.friendAt(acc, rng.int(0, n - 1)) : null;
}

/** Produces one item of traffic for an online account (a message of `msgType` when given). */
export async function generate(core: SimCore, wxid: string, msgType?: MsgType): Promise<void> {
  core.requireOnline(wxid);
  const acc = await core.account(wxid);
  const rng = core.rng('traffic', wxid, await core.repo.nextSeq(wxid));
  if (msgType === undefined) {
    const r = rng.next();
    if (r < 0.03 && (await revokeSomething(core, acc, rng))) return;
    if (r >= 0.03 && r < 0.06 && (await readSync(core, acc, rng))) return;
    if (r >= 0.06 && r < 0.09) return strangerAsks(core, acc, rng);
    if (r >= 0.09 && r < 0.1) return friendMoment(core, acc, rng);
    // Friends react to the account's own posts; with none yet, a friend posts instead.
    if (r >= 0.1 && r < 0.11) {
      if (!(await reactToOwnPost(core, acc, rng))) await friendMoment(core, acc, rng);
      return;
    }
    if (r >= 0.11 && r < 0.12 && (await strangerJoins(core, acc, rng))) return;
    if (r >= 0.12 && r < 0.13 && (await groupLife(core, acc, rng))) return;
    if (r >= 0.13 && r < 0.17) return message(core, acc, rng, MSG_TYPE.text, true);
    msgType = pickType(rng);
  }
  await message(core, acc, rng, msgType, false);
}

/** A message of a type in a random conversation of the account. */
async function message(
  core: SimCore,
  acc: SimAccountRow,
  rng: Rng,
  msgType: MsgType,
  fromSelf: boolean,
): Promise<void> {
  // Login notices come from the platform's security account, not from a contact.
  if (msgType === MSG_TYPE.loginNotice) {
    await deliverLoginNotice(core, acc.wxid, rng);
    return;
  }
  const groups = await core.repo.listGroups(acc.wxid);
  const inGroup = !SINGLE_ONLY.has(msgType) && groups.length > 0 && rng.chance(0.35);
  let peerId: string;
  let talkType: TalkType;
  let writer: SimPersonRow;
  let member: SimPersonRow | null = null;
  let memberCard = '';
  if (inGroup) {
    const g = rng.pick(groups);
    // Muted members cannot write.
    const members = (await core.repo.listMembers(acc.wxid, g.groupId)).filter(
      (m) => m.member.wxid !== acc.wxid && m.person && !m.member.banned,
    );
    if (members.length === 0) return message(core, acc, rng, msgType, fromSelf);
    const m = rng.pick(members);
    peerId = g.groupId;
    talkType = 2;
    writer = m.person!;
    member = m.person!;
    memberCard = m.member.card;
  } else {
    const f = await randomFriend(core, acc.wxid, rng);
    if (!f) return;
    peerId = f.wxid;
    talkType = 1;
    writer = f;
  }
  const cardPerson = (await randomFriend(core, acc.wxid, rng)) ?? writer;
  const gen = makeContent(msgType, {
    rng,
    inGroup,
    city: writer.city,
    writerName: writer.nickname,
    cardPerson,
    now: core.now(),
  });
  const spec: InboundSpec = {
    talkType,
    peerId,
    fromSelf,
    member: fromSelf ? null : member,
    memberCard,
    msgType,
    content: gen.content,
    ...(gen.media ? { media: gen.media } : {}),
    ...(gen.fileName ? { fileName: gen.fileName } : {}),
    ...(gen.transcript ? { transcript: gen.transcript } : {}),
  };
  if (msgType === MSG_TYPE.system) spec.member = null;
  if (msgType === MSG_TYPE.quote) {
    let ref = (await core.repo.recentMessages(acc.wxid, peerId, 5)).find((m) => !m.revoked);
    if (!ref) {
      await deliverInbound(
        core,
        acc,
        { ...spec, msgType: MSG_TYPE.text, content: rng.pick(TEXTS) },
        rng,
      );
      ref = (await core.repo.recentMessages(acc.wxid, peerId, 1))[0]!;
    }
    const displayName = ref.fromSelf
      ? acc.nickname
      : ((await core.repo.getPerson(acc.wxid, ref.memberWxid ?? ref.peerId))?.nickname ?? '');
    spec.quote = {
      content: gen.content,
      refMsgId: ref.msgId,
      refContent: quotedText(ref),
      displayName,
      refMsgType: ref.msgType,
    };
  }
  if (mediaKindOf(msgType) && !spec.media) spec.media = mediaKindOf(msgType)!;
  await deliverInbound(core, acc, spec, rng);
}

/** A contact revokes one of their recent messages. */
async function revokeSomething(core: SimCore, acc: SimAccountRow, rng: Rng): Promise<boolean> {
  const recent = (await core.repo.recentMessages(acc.wxid, null, 20)).filter(
    (m) =>
      !m.fromSelf &&
      !m.revoked &&
      m.msgType !== MSG_TYPE.system &&
      core.now() - m.createdAt <= REVOKE_WINDOW_MS,
  );
  if (recent.length === 0) return false;
  const m = rng.pick(recent);
  const who = await core.repo.getPerson(acc.wxid, m.memberWxid ?? m.peerId);
  await core.repo.updateMessage(acc.wxid, m.msgId, { revoked: true });
  void core.emit(acc.wxid, 'revoked', {
    workWxid: acc.wxid,
    msgId: m.msgId,
    talkType: m.talkType as TalkType,
    peerId: m.peerId,
    content: `"${who?.nickname ?? ''}" 撤回了一条消息`,
    bySelf: false,
    at: core.now(),
  });
  return true;
}

/** The operator reads a conversation on the phone. */
async function readSync(core: SimCore, acc: SimAccountRow, rng: Rng): Promise<boolean> {
  const recent = (await core.repo.recentMessages(acc.wxid, null, 20)).filter((m) => !m.fromSelf);
  if (recent.length === 0) return false;
  const m = rng.pick(recent);
  void core.emit(acc.wxid, 'readSync', {
    workWxid: acc.wxid,
    talkType: m.talkType as TalkType,
    peerId: m.peerId,
    at: core.now(),
  });
  return true;
}

/** A friend posts a moment. */
async function friendMoment(core: SimCore, acc: SimAccountRow, rng: Rng): Promise<void> {
  const f = await randomFriend(core, acc.wxid, rng);
  if (f) await friendPosts(core, acc, rng, f);
}

/** A stranger joins one of the account's groups. */
async function strangerJoins(core: SimCore, acc: SimAccountRow, rng: Rng): Promise<boolean> {
  const groups = await core.repo.listGroups(acc.wxid);
  if (groups.length === 0) return false;
  const g = rng.pick(groups);
  const person = makePerson(rng);
  await core.repo.insertPeople([
    { ...person, accountWxid: acc.wxid, isFriend: false, addedAt: core.now() },
  ]);
  await ensureMember(core, acc.wxid, g.groupId, person.wxid);
  await deliverInbound(
    core,
    acc,
    {
      talkType: 2,
      peerId: g.groupId,
      fromSelf: false,
      member: null,
      msgType: MSG_TYPE.system,
      content: `"${person.nickname}"加入了群聊`,
    },
    rng,
  );
  return true;
}

/**
 * Runs one tick of background traffic over the online accounts, at each account's scope's rate;
 * a scope's accounts together make no more than the ceiling in any minute.
 */
export async function trafficTick(core: SimCore, tickMs: number, rng: Rng): Promise<void> {
  for (const h of core.held.values()) {
    if (h.status !== 'online' || h.busy) continue;
    if (h.scope === undefined && core.opts.scopeOf) {
      // Its settings are not known yet: learn them, make its traffic from the next tick.
      h.busy = true;
      core.track(core.scopeFor(h.wxid).finally(() => (h.busy = false)));
      continue;
    }
    const rate = core.configOfScope(h.scope).trafficPerMinute;
    if (rate <= 0) {
      h.carry = 0;
      continue;
    }
    h.carry += (rate * tickMs * (0.5 + rng.next())) / 60_000;
    if (h.carry < 1) continue;
    h.busy = true;
    core.track(
      (async () => {
        try {
          while (h.carry >= 1 && h.status === 'online' && !core.isClosed) {
            h.carry -= 1;
            if (!core.takeTraffic(h.scope)) {
              h.carry = 0;
              break;
            }
            core.opts.onTrafficItem?.(h.wxid);
            await generate(core, h.wxid);
          }
        } catch (err) {
          if (!(err instanceof GatewayError))
            core.deps.log?.error({ err }, 'simulator traffic failed');
        } finally {
          h.carry = Math.min(h.carry, 1);
          h.busy = false;
        }
      })(),
    );
  }
}
