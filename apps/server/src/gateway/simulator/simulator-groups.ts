import { MSG_TYPE, isGroupId } from '@cst/shared';
import { GatewayError, type GroupNoticeEvent } from '@cst/gateway';
import type { Rng } from './prng.ts';
import type { SimCore } from './simulator-core.ts';
import { deliverInbound } from './simulator-messaging.ts';
import type { SimAccountRow, SimGroupRow } from './simulator.repository.ts';
import { toGroup } from './simulator.presenter.ts';
import { GROUP_NAMES } from './vocabulary.ts';

// Group roles and group system notices of the simulated platform: who may manage a group, and
// how a change is announced (a `groupNotice` event plus a system line in the group's chat).

type NoticeKind = GroupNoticeEvent['kind'];

/** The account's role in a group: owner, admin or plain member. */
export type SimGroupRole = 'owner' | 'admin' | 'member';

/** The group the account is (still) in, else `notMember`. */
export async function activeGroupOf(core: SimCore, acc: string, groupId: string) {
  const g = isGroupId(groupId) ? await core.repo.getGroup(acc, groupId) : null;
  if (!g || !g.active) throw new GatewayError('notMember', 'not in this group');
  return g;
}

/** The account's role in a group. */
export async function roleIn(core: SimCore, acc: string, g: SimGroupRow): Promise<SimGroupRole> {
  if (g.ownerWxid === acc) return 'owner';
  const self = await core.repo.getMember(acc, g.groupId, acc);
  return self?.admin ? 'admin' : 'member';
}

/**
 * Checks that the account may manage the group (owner or admin) and, for `targets`, that an
 * admin does not act on the owner or another admin (as the platform refuses). Returns the role.
 */
export async function requireManager(
  core: SimCore,
  acc: string,
  g: SimGroupRow,
  targets: string[] = [],
): Promise<SimGroupRole> {
  const role = await roleIn(core, acc, g);
  if (role === 'member') throw new GatewayError('notOwner', 'only the owner or an admin may');
  if (role === 'admin' && targets.length > 0) {
    const members = await core.repo.listMembers(acc, g.groupId);
    const protectedIds = new Set(
      members
        .filter((m) => m.member.admin || m.member.wxid === g.ownerWxid)
        .map((m) => m.member.wxid),
    );
    if (targets.some((w) => protectedIds.has(w))) {
      throw new GatewayError('notOwner', 'an admin cannot act on the owner or another admin');
    }
  }
  return role;
}

/**
 * Announces a change of a group: the `groupNotice` event, then the system line the chat shows
 * (as the platform puts one into the group's conversation).
 */
export async function announceGroup(
  core: SimCore,
  acc: string,
  groupId: string,
  kind: NoticeKind,
  text: string,
  wxids: string[],
  chatLine: string = text,
): Promise<void> {
  const at = core.now();
  void core.emit(acc, 'groupNotice', {
    workWxid: acc,
    groupId,
    noticeId: `${groupId}:${kind}:${at}:${wxids.join(',')}`,
    kind,
    text,
    wxids,
    at,
  });
  const account = await core.account(acc);
  await deliverInbound(
    core,
    account,
    {
      talkType: 2,
      peerId: groupId,
      fromSelf: false,
      member: null,
      msgType: MSG_TYPE.system,
      content: chatLine,
    },
    core.rng('notice', acc, groupId, at),
  );
}

/** Tells listeners that a group changed (name, notice, members, card). */
export async function groupUpdated(core: SimCore, acc: string, groupId: string): Promise<void> {
  const g = (await core.repo.getGroup(acc, groupId))!;
  const count = (await core.repo.listMembers(acc, groupId)).length;
  void core.emit(acc, 'groupChanged', { workWxid: acc, kind: 'updated', group: toGroup(g, count) });
}

const ANNOUNCEMENTS = [
  '本周六上午 10 点群内直播答疑，欢迎参加。',
  '请大家修改群名片为“姓名-城市”，方便联系。',
  '群内禁止发广告和链接，违者移出。',
  '新品到货，详情请私聊群主。',
];

/**
 * Background life of a group (traffic): a member leaves, or the owner — when it is not the
 * account — posts an announcement or renames the group. Returns false when nothing fits.
 */
export async function groupLife(core: SimCore, acc: SimAccountRow, rng: Rng): Promise<boolean> {
  const groups = await core.repo.listGroups(acc.wxid);
  if (groups.length === 0) return false;
  const g = rng.pick(groups);
  const members = await core.repo.listMembers(acc.wxid, g.groupId);
  const owner = members.find((m) => m.member.wxid === g.ownerWxid)?.person ?? null;
  const r = rng.next();
  if (r < 0.5) {
    const leavers = members.filter(
      (m) => m.member.wxid !== acc.wxid && m.member.wxid !== g.ownerWxid && m.person,
    );
    if (leavers.length <= 2) return false;
    const m = rng.pick(leavers);
    await core.repo.deleteMembers(acc.wxid, g.groupId, [m.member.wxid]);
    await announceGroup(
      core,
      acc.wxid,
      g.groupId,
      'memberLeft',
      `"${m.person!.nickname}"退出了群聊`,
      [m.member.wxid],
    );
    await groupUpdated(core, acc.wxid, g.groupId);
    return true;
  }
  if (g.ownerWxid === acc.wxid || !owner) return false;
  if (r < 0.8) {
    const text = rng.pick(ANNOUNCEMENTS);
    await core.repo.updateGroup(acc.wxid, g.groupId, { notice: text });
    await announceGroup(
      core,
      acc.wxid,
      g.groupId,
      'announcement',
      text,
      [owner.wxid],
      `"${owner.nickname}"修改了群公告：${text}`,
    );
  } else {
    const name = rng
      .pick(GROUP_NAMES)
      .replace('{city}', owner.city || '本地')
      .replace('{n}', String(rng.int(1, 12)));
    await core.repo.updateGroup(acc.wxid, g.groupId, { name });
    await announceGroup(
      core,
      acc.wxid,
      g.groupId,
      'renamed',
      `"${owner.nickname}"修改群名为"${name}"`,
      [owner.wxid],
    );
  }
  await groupUpdated(core, acc.wxid, g.groupId);
  return true;
}
