import {
  GatewayError,
  type ChatGateway,
  type GroupDto,
  type GroupMemberDto,
} from '../../gateway/index.ts';

/** A group command run on the instance that holds the account (through `callHolder`). */
export type GroupCall =
  | { op: 'info'; groupId: string }
  | { op: 'create'; name: string; wxids: string[] }
  | { op: 'invite'; groupId: string; wxids: string[] }
  | { op: 'remove'; groupId: string; wxids: string[] }
  | { op: 'leave'; groupId: string }
  | { op: 'rename'; groupId: string; name: string }
  | { op: 'card'; groupId: string; card: string }
  | { op: 'notice'; groupId: string; notice: string }
  | { op: 'ban'; groupId: string; wxids: string[]; banned: boolean }
  | { op: 'bans'; groupId: string };

/** A group and its members as the platform holds them. */
export interface GroupSnapshot {
  group: GroupDto;
  members: GroupMemberDto[];
}

/** Runs a group command on this instance's gateway. */
export async function runGroupCall(
  gw: ChatGateway,
  wxid: string,
  call: GroupCall,
): Promise<unknown> {
  switch (call.op) {
    case 'info':
      return snapshot(gw, wxid, call.groupId);
    case 'create': {
      const g = await gw.createGroup(wxid, call.name, call.wxids);
      return snapshot(gw, wxid, g.groupId);
    }
    case 'invite':
      return gw.inviteToGroup(wxid, call.groupId, call.wxids);
    case 'remove':
      return gw.removeFromGroup(wxid, call.groupId, call.wxids);
    case 'leave':
      return gw.leaveGroup(wxid, call.groupId);
    case 'rename':
      return gw.renameGroup(wxid, call.groupId, call.name);
    case 'card':
      return gw.setGroupCard(wxid, call.groupId, call.card);
    case 'notice':
      return gw.setGroupNotice(wxid, call.groupId, call.notice);
    case 'ban':
      return gw.setGroupBan(wxid, call.groupId, call.wxids, call.banned);
    case 'bans':
      return gw.listGroupBans(wxid, call.groupId);
  }
}

async function snapshot(gw: ChatGateway, wxid: string, groupId: string): Promise<GroupSnapshot> {
  const group = (await gw.listGroups(wxid)).find((g) => g.groupId === groupId);
  if (!group) throw new GatewayError('notMember', 'not in this group');
  return { group, members: await gw.listGroupMembers(wxid, groupId) };
}
