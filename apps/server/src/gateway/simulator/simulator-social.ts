import { FRIEND_REQUEST_STATUS, isGroupId } from '@cst/shared';
import {
  GatewayError,
  type AddFriendCommand,
  type ContactDto,
  type FriendFlagsPatch,
  type FriendInfoDto,
  type GroupDto,
  type GroupMemberDto,
} from '@cst/gateway';
import type { SimCore } from './simulator-core.ts';
import {
  ticketOf,
  toContact,
  toFriendInfo,
  toFriendRequest,
  toGroup,
  toMember,
} from './simulator.presenter.ts';
import { answerSentRequest, greetNewFriend, newRequestId } from './simulator-requests.ts';
import { makeAvatar, makeGroupId, personForPhone } from './world.ts';
import { activeGroupOf, announceGroup, groupUpdated, requireManager } from './simulator-groups.ts';

// Contacts, friend requests and groups of the simulated platform (moments: simulator-moments.ts).

const PHONE_RE = /^1[3-9]\d{9}$/;

/**
 * The platform gives a person a new id (as WhatsApp moves people to `@lid`): the person's rows
 * move to `newWxid` with the old id as their alias, and the console hears `personMerged`.
 */
export async function mergePerson(
  core: SimCore,
  acc: string,
  wxid: string,
  newWxid: string,
): Promise<{ wxid: string }> {
  core.requireOnline(acc);
  if (newWxid === wxid || newWxid === acc || isGroupId(newWxid) || isGroupId(wxid)) {
    throw new GatewayError('invalid', 'not a new person id');
  }
  const row = await core.repo.renamePerson(acc, wxid, newWxid);
  if (!row) throw new GatewayError('notFound', 'unknown person');
  await core.emit(acc, 'personMerged', {
    workWxid: acc,
    wxid: newWxid,
    aliasWxid: wxid,
    contact: toContact(row),
    at: core.now(),
  });
  return { wxid: newWxid };
}

/** The account's friends. */
export async function listContacts(core: SimCore, wxid: string): Promise<ContactDto[]> {
  core.requireHeld(wxid);
  return (await core.repo.listFriends(wxid)).map(toContact);
}

/** Info on a person the account knows. */
export async function getFriendInfo(core: SimCore, acc: string, wxid: string) {
  core.requireHeld(acc);
  const p = await core.repo.getPerson(acc, wxid);
  if (!p) throw new GatewayError('notFound', 'unknown person');
  return toFriendInfo(acc, p);
}

/** Sets a friend's remark. */
export async function setRemark(core: SimCore, acc: string, wxid: string, remark: string) {
  core.requireOnline(acc);
  const p = await core.repo.getPerson(acc, wxid);
  if (!p || !p.isFriend) throw new GatewayError('notFriend', 'not a friend');
  await core.repo.updatePerson(acc, wxid, { remark });
  void core.emit(acc, 'contactsChanged', {
    workWxid: acc,
    added: [],
    updated: [toContact({ ...p, remark })],
    removed: [],
  });
}

/** Sets a friend's star, blacklist and pin flags. */
export async function updateFriendInfo(
  core: SimCore,
  acc: string,
  wxid: string,
  patch: FriendFlagsPatch,
): Promise<ContactDto> {
  core.requireOnline(acc);
  const p = await core.repo.getPerson(acc, wxid);
  if (!p) throw new GatewayError('notFound', 'unknown person');
  if (!p.isFriend) throw new GatewayError('notFriend', 'not a friend');
  const set: Partial<typeof p> = {};
  if (patch.star !== undefined) set.star = patch.star;
  if (patch.blacklist !== undefined) set.blacklist = patch.blacklist;
  if (patch.topChat !== undefined) set.topChat = patch.topChat;
  const contact = toContact({ ...p, ...set });
  if (Object.keys(set).length === 0) return contact;
  await core.repo.updatePerson(acc, wxid, set);
  void core.emit(acc, 'contactsChanged', {
    workWxid: acc,
    added: [],
    updated: [contact],
    removed: [],
  });
  return contact;
}

/** Deletes a friend: they stay a known person (a stranger now), their chat history stays. */
export async function deleteFriend(core: SimCore, acc: string, wxid: string): Promise<void> {
  core.requireOnline(acc);
  const p = await core.repo.getPerson(acc, wxid);
  if (!p) throw new GatewayError('notFound', 'unknown person');
  if (!p.isFriend) throw new GatewayError('notFriend', 'not a friend');
  await core.repo.updatePerson(acc, wxid, {
    isFriend: false,
    remark: '',
    star: false,
    blacklist: false,
    topChat: false,
    addRequestedAt: null,
  });
  void core.emit(acc, 'contactsChanged', {
    workWxid: acc,
    added: [],
    updated: [],
    removed: [wxid],
  });
}

/** Finds a person by wxid, alias or phone number. */
export async function searchUser(
  core: SimCore,
  acc: string,
  keyword: string,
): Promise<FriendInfoDto | null> {
  core.requireOnline(acc);
  const k = keyword.trim();
  if (!k || k === acc) return null;
  const known = await core.repo.findPerson(acc, k);
  if (known) return toFriendInfo(acc, known);
  if (!PHONE_RE.test(k)) return null;
  const person = personForPhone(core.seed, k);
  await core.repo.insertPeople([
    { ...person, accountWxid: acc, isFriend: false, addedAt: core.now(), source: 'phone' },
  ]);
  return toFriendInfo(acc, (await core.repo.getPerson(acc, person.wxid))!);
}

/** Friend requests the account received. */
export async function listFriendRequests(core: SimCore, acc: string) {
  core.requireHeld(acc);
  const rows = await core.repo.listFriendRequests(acc);
  const people = await core.repo.getPeople(
    acc,
    rows.map((r) => r.fromWxid),
  );
  const byId = new Map(people.map((p) => [p.wxid, p]));
  return rows.map((r) => toFriendRequest(r, byId.get(r.fromWxid) ?? null));
}

/** Accepts a received friend request (idempotent). */
export async function acceptFriendRequest(core: SimCore, acc: string, requestId: string) {
  core.requireOnline(acc);
  const req = await core.repo.getFriendRequest(acc, requestId);
  if (!req || req.direction !== 'in' || req.status === 'expired' || req.status === 'declined') {
    throw new GatewayError('notFound', 'no such request');
  }
  const p = await core.repo.getPerson(acc, req.fromWxid);
  if (!p) throw new GatewayError('notFound', 'no such person');
  if (req.status === 'accepted' && p.isFriend) return toContact(p);
  const now = core.now();
  await core.repo.updatePerson(acc, p.wxid, {
    isFriend: true,
    addedAt: now,
    source: req.source,
    addRequestedAt: null,
  });
  await core.repo.setFriendRequestStatus(acc, requestId, 'accepted');
  const friend = { ...p, isFriend: true, addedAt: now, source: req.source };
  const contact = toContact(friend);
  void core.emit(acc, 'contactsChanged', {
    workWxid: acc,
    added: [contact],
    updated: [],
    removed: [],
  });
  await greetNewFriend(core, acc, friend);
  return contact;
}

/** Asks a stranger to be a friend; they accept after a while. */
export async function addFriend(core: SimCore, cmd: AddFriendCommand) {
  core.requireOnline(cmd.workWxid);
  const acc = cmd.workWxid;
  // A key seen before is the request made then: same answer, nothing sent again.
  const key = cmd.idempotencyKey || null;
  if (key) {
    const seen = await core.repo.requestByKey(acc, key);
    if (seen) return { status: FRIEND_REQUEST_STATUS.requested, requestId: seen.requestId };
  }
  if (cmd.wxid === acc) throw new GatewayError('invalid', 'cannot add oneself');
  const p = await core.repo.getPerson(acc, cmd.wxid);
  if (!p) throw new GatewayError('notFound', 'contact does not exist');
  if (p.isFriend) return { status: FRIEND_REQUEST_STATUS.alreadyFriend };
  if (cmd.ticket && cmd.ticket !== ticketOf(acc, p.wxid)) {
    return { status: FRIEND_REQUEST_STATUS.failed, reason: '验证信息已过期，请重新搜索' };
  }
  const now = core.now();
  const requestId = await newRequestId(core, acc, 'friend-add');
  const row = {
    accountWxid: acc,
    requestId,
    fromWxid: p.wxid,
    verifyContent: cmd.verifyContent,
    source: cmd.groupId ? 'group' : 'search',
    status: 'pending',
    direction: 'out' as const,
    idemKey: key,
    createdAt: now,
  };
  if (key) {
    if (!(await core.repo.insertKeyedRequest(row))) {
      // Another sender with the same key stored it first: theirs is the request.
      const seen = await core.repo.requestByKey(acc, key);
      return { status: FRIEND_REQUEST_STATUS.requested, requestId: seen?.requestId ?? requestId };
    }
  } else {
    await core.repo.insertFriendRequest(row);
  }
  if (!p.addRequestedAt) await core.repo.updatePerson(acc, p.wxid, { addRequestedAt: now });
  scheduleFriendAccept(core, acc, p.wxid);
  return { status: FRIEND_REQUEST_STATUS.requested, requestId };
}

/** The stranger answers the account's pending request after the configured delay. */
export function scheduleFriendAccept(core: SimCore, acc: string, wxid: string): void {
  core.later(acc, core.opts.friendAcceptDelayMs, () => answerSentRequest(core, acc, wxid));
}

// ---- groups ----

async function groupDto(core: SimCore, acc: string, groupId: string): Promise<GroupDto> {
  const g = (await core.repo.getGroup(acc, groupId))!;
  return toGroup(g, (await core.repo.listMembers(acc, groupId)).length);
}

async function activeGroup(core: SimCore, acc: string, groupId: string) {
  return activeGroupOf(core, acc, groupId);
}

async function requireFriends(core: SimCore, acc: string, wxids: string[]) {
  const unique = [...new Set(wxids)];
  if (unique.length === 0) throw new GatewayError('invalid', 'no members');
  const people = await core.repo.getPeople(acc, unique);
  const friends = people.filter((p) => p.isFriend);
  if (friends.length !== unique.length) throw new GatewayError('notFriend', 'not all are friends');
  return friends;
}

const changed = groupUpdated;

/** Groups the account is in. */
export async function listGroups(core: SimCore, acc: string): Promise<GroupDto[]> {
  core.requireHeld(acc);
  return (await core.repo.listGroups(acc)).map((g) => toGroup(g, g.memberCount));
}

/** Creates a group with friends. */
export async function createGroup(core: SimCore, acc: string, name: string, wxids: string[]) {
  core.requireOnline(acc);
  const friends = await requireFriends(core, acc, wxids);
  const seq = await core.repo.nextSeq(acc);
  const groupId = makeGroupId(core.rng('group', acc, seq));
  const now = core.now();
  const title =
    name.trim() ||
    friends
      .map((f) => f.nickname)
      .slice(0, 3)
      .join('、');
  await core.repo.insertGroups([
    {
      accountWxid: acc,
      groupId,
      name: title,
      avatar: makeAvatar(groupId, title, 'group'),
      ownerWxid: acc,
      createdAt: now,
    },
  ]);
  await core.repo.insertMembers(
    [acc, ...friends.map((f) => f.wxid)].map((wxid) => ({
      accountWxid: acc,
      groupId,
      wxid,
      joinedAt: now,
    })),
  );
  const group = await groupDto(core, acc, groupId);
  void core.emit(acc, 'groupChanged', { workWxid: acc, kind: 'created', group });
  return group;
}

/** Members of a group. */
export async function listGroupMembers(core: SimCore, acc: string, groupId: string) {
  core.requireHeld(acc);
  const g = await activeGroup(core, acc, groupId);
  const self = await core.account(acc);
  return (await core.repo.listMembers(acc, groupId)).map(({ member, person }) =>
    toMember(member, person, g.ownerWxid, self),
  );
}

/** Invites friends into a group. */
export async function inviteToGroup(core: SimCore, acc: string, groupId: string, wxids: string[]) {
  core.requireOnline(acc);
  await activeGroup(core, acc, groupId);
  const friends = await requireFriends(core, acc, wxids);
  const inGroup = new Set((await core.repo.listMembers(acc, groupId)).map((m) => m.member.wxid));
  const joining = friends.filter((f) => !inGroup.has(f.wxid));
  if (joining.length === 0) return;
  const now = core.now();
  await core.repo.insertMembers(
    joining.map((f) => ({ accountWxid: acc, groupId, wxid: f.wxid, joinedAt: now })),
  );
  const names = joining.map((f) => `"${f.nickname}"`).join('、');
  await announceGroup(
    core,
    acc,
    groupId,
    'memberJoined',
    `你邀请${names}加入了群聊`,
    joining.map((f) => f.wxid),
  );
  await changed(core, acc, groupId);
}

/** Removes members (owner or admin; an admin cannot remove the owner or another admin). */
export async function removeFromGroup(
  core: SimCore,
  acc: string,
  groupId: string,
  wxids: string[],
) {
  core.requireOnline(acc);
  const g = await activeGroup(core, acc, groupId);
  const members = new Set((await core.repo.listMembers(acc, groupId)).map((m) => m.member.wxid));
  const targets = [...new Set(wxids)].filter((w) => w !== acc);
  if (targets.length === 0) throw new GatewayError('invalid', 'no members');
  await requireManager(core, acc, g, targets);
  if (targets.some((w) => !members.has(w))) throw new GatewayError('notFound', 'not a member');
  const people = await core.repo.getPeople(acc, targets);
  await core.repo.deleteMembers(acc, groupId, targets);
  const names = people.map((p) => `"${p.nickname}"`).join('、');
  await announceGroup(core, acc, groupId, 'memberLeft', `你将${names}移出了群聊`, targets);
  await changed(core, acc, groupId);
}

/** Leaves a group. */
export async function leaveGroup(core: SimCore, acc: string, groupId: string) {
  core.requireOnline(acc);
  await activeGroup(core, acc, groupId);
  const group = await groupDto(core, acc, groupId);
  await core.repo.deleteMembers(acc, groupId, [acc]);
  // An owner who leaves hands the group to the member who joined first (as the platform does).
  const heir = (await core.repo.listMembers(acc, groupId))
    .map((m) => m.member)
    .sort((a, b) => a.joinedAt - b.joinedAt)[0];
  await core.repo.updateGroup(acc, groupId, {
    active: false,
    ...(group.ownerWxid === acc && heir ? { ownerWxid: heir.wxid } : {}),
  });
  void core.emit(acc, 'groupChanged', {
    workWxid: acc,
    kind: 'left',
    group: { ...group, memberCount: group.memberCount - 1 },
  });
}

/** Renames a group. */
export async function renameGroup(core: SimCore, acc: string, groupId: string, name: string) {
  core.requireOnline(acc);
  await activeGroup(core, acc, groupId);
  if (!name.trim()) throw new GatewayError('invalid', 'empty name');
  await core.repo.updateGroup(acc, groupId, { name: name.trim() });
  await announceGroup(core, acc, groupId, 'renamed', `你修改群名为"${name.trim()}"`, [acc]);
  await changed(core, acc, groupId);
}

/** Sets the account's display name in a group. */
export async function setGroupCard(core: SimCore, acc: string, groupId: string, card: string) {
  core.requireOnline(acc);
  await activeGroup(core, acc, groupId);
  await core.repo.updateGroup(acc, groupId, { myCard: card.trim() });
  await core.repo.insertMembers([{ accountWxid: acc, groupId, wxid: acc, joinedAt: core.now() }]);
  await core.repo.setMemberCard(acc, groupId, acc, card.trim());
  await changed(core, acc, groupId);
}

/** Publishes an announcement (owner or admin). */
export async function setGroupNotice(core: SimCore, acc: string, groupId: string, text: string) {
  core.requireOnline(acc);
  await requireManager(core, acc, await activeGroup(core, acc, groupId));
  await core.repo.updateGroup(acc, groupId, { notice: text });
  await announceGroup(
    core,
    acc,
    groupId,
    'announcement',
    text,
    [acc],
    text ? `你修改了群公告：${text}` : '你清空了群公告',
  );
  await changed(core, acc, groupId);
}

/** Mutes or unmutes members (owner or admin, as for removal). */
export async function setGroupBan(
  core: SimCore,
  acc: string,
  groupId: string,
  wxids: string[],
  banned: boolean,
) {
  core.requireOnline(acc);
  const g = await activeGroup(core, acc, groupId);
  const members = new Set((await core.repo.listMembers(acc, groupId)).map((m) => m.member.wxid));
  const targets = [...new Set(wxids)].filter((w) => w !== acc);
  if (targets.length === 0) throw new GatewayError('invalid', 'no members');
  await requireManager(core, acc, g, targets);
  if (targets.some((w) => !members.has(w))) throw new GatewayError('notFound', 'not a member');
  await core.repo.setMembersBanned(acc, groupId, targets, banned);
}

/** Muted members of a group. */
export async function listGroupBans(core: SimCore, acc: string, groupId: string) {
  return (await listGroupMembers(core, acc, groupId)).filter((m: GroupMemberDto) => m.banned);
}
