import type {
  ContactListEntry,
  ContactSource,
  FriendItem,
  FriendUpdatePush,
  Language,
  Text,
} from '@cst/shared';
import type { XlsxColumn } from '../../platform/xlsx-export.ts';
import type { PushInput } from '../../realtime/realtime.ts';
import type { ContactEntryRow, FriendRow } from './friends.repository.ts';

/** The tags of a friend row (json, which a driver may hand over as text). */
function tagsOf(raw: unknown): FriendItem['tags'] {
  const list: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
  if (!Array.isArray(list)) return [];
  return list.map((t: { id: string; name: string; color: string }) => ({
    id: t.id,
    name: t.name,
    color: t.color,
  }));
}

/** A friend as the friends page lists it, with its tags. */
export function presentFriend(row: FriendRow): FriendItem {
  return {
    workWxid: row.workWxid,
    friendWxid: row.wxid,
    nickname: row.nickname,
    remark: row.remark,
    avatar: row.avatar,
    tags: tagsOf(row.tags),
    addedAt: row.addedAt ? row.addedAt.getTime() : null,
    source: row.source,
    star: row.star,
    blacklist: row.blacklist,
    topChat: row.pinned,
  };
}

/** A contact list entry (SPEC §3) of a friend (type 1) or a group (type 2). */
export function presentContactEntry(row: ContactEntryRow, type: 1 | 2): ContactListEntry {
  return {
    id: row.id,
    type,
    wxid: row.workWxid,
    friendWxid: row.id,
    nickname: row.nickname,
    remark: row.remark,
    avatar: row.avatar,
  };
}

/** `friendUpdate` to everyone who sees the account. */
export function friendUpdatePush(
  workAccountId: string,
  workWxid: string,
  upserted: FriendRow[],
  removed: string[],
): PushInput {
  const data: FriendUpdatePush = { workWxid, upserted: upserted.map(presentFriend), removed };
  return { event: 'friendUpdate', workAccountId, data };
}

const SOURCE_TEXT: Record<ContactSource, Text> = {
  manual: { 'zh-CN': '手动添加', en: 'Added by hand' },
  task: { 'zh-CN': '任务添加', en: 'Added by a task' },
  autoAccept: { 'zh-CN': '自动通过', en: 'Auto-accepted' },
  phone: { 'zh-CN': '手机添加', en: 'Added on the phone' },
};
const YES: Text = { 'zh-CN': '是', en: 'Yes' };
const NO: Text = { 'zh-CN': '否', en: 'No' };

/** The columns of the friends export, as the page shows them. */
export function friendExportColumns(lang: Language): XlsxColumn<FriendItem>[] {
  const yes = (v: boolean) => (v ? YES : NO)[lang];
  return [
    { header: { 'zh-CN': '昵称', en: 'Nickname' }, width: 20, value: (f) => f.nickname },
    { header: { 'zh-CN': '备注', en: 'Remark' }, width: 20, value: (f) => f.remark },
    { header: { 'zh-CN': '微信号', en: 'ID' }, width: 28, value: (f) => f.friendWxid },
    { header: { 'zh-CN': '工作号', en: 'Work account' }, width: 24, value: (f) => f.workWxid },
    {
      header: { 'zh-CN': '标签', en: 'Tags' },
      width: 20,
      value: (f) => f.tags.map((t) => t.name).join(', '),
    },
    {
      header: { 'zh-CN': '添加时间', en: 'Added' },
      width: 20,
      kind: 'time',
      value: (f) => f.addedAt,
    },
    {
      header: { 'zh-CN': '来源', en: 'Source' },
      width: 14,
      value: (f) => SOURCE_TEXT[f.source][lang],
    },
    { header: { 'zh-CN': '星标', en: 'Star' }, width: 8, value: (f) => yes(f.star) },
    { header: { 'zh-CN': '黑名单', en: 'Blacklist' }, width: 10, value: (f) => yes(f.blacklist) },
    { header: { 'zh-CN': '置顶', en: 'Pinned' }, width: 8, value: (f) => yes(f.topChat) },
  ];
}
