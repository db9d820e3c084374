import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../platform/db.ts';

// One person, one chat (issue 34): the platform found that two ids of an account's people are one
// person. Every row of the account under the id that goes (`alias`) moves to the id that stays
// (`wxid`), in the caller's transaction. Run again, it finds nothing under `alias` and changes
// nothing.

/** The account whose people merge. */
export interface MergeAccount {
  tenantId: string;
  workAccountId: string;
}

/** What a merge changed. */
export interface MergeOutcome {
  /** The chat under the id that went (its peer id is `alias`), when there was one. */
  goneConversationId: string | null;
  /** The chat of the person now (the old one renamed, or the one under `wxid`). */
  conversationId: string | null;
  /** Whether a friend row moved or merged. */
  contactMoved: boolean;
}

/** Moves the friend row: renamed when `wxid` has none, else merged into it (tags, remark, flags). */
async function mergeContact(
  tx: Tx,
  a: MergeAccount,
  wxid: string,
  alias: string,
  phone: string,
): Promise<boolean> {
  const rows = rowsOf<{ id: string; wxid: string }>(
    await tx.execute(sql`
      select id, wxid from contacts
      where work_account_id = ${a.workAccountId} and wxid in (${wxid}, ${alias})
      order by id for update`),
  );
  const gone = rows.find((r) => r.wxid === alias);
  const kept = rows.find((r) => r.wxid === wxid);
  if (gone && !kept) {
    await tx.execute(sql`
      update contacts set wxid = ${wxid}, alias = case when ${phone} = '' then alias else ${phone} end,
        updated_at = now()
      where id = ${gone.id}`);
    return true;
  }
  if (!gone || !kept) return false;
  // Statistics count the person once, as if the friend that goes had never been a second one: its
  // tag links and its own row leave no loss today, and their gains on the days they were made are
  // taken back (the survivor's gain moves to the earlier added time by the contacts trigger).
  // Links only the friend that goes had move (an update: no trigger counts it again).
  await tx.execute(sql`
    update contact_tags g set contact_id = ${kept.id}
    where g.contact_id = ${gone.id} and not exists (
      select 1 from contact_tags k where k.contact_id = ${kept.id} and k.tag_id = g.tag_id)`);
  await tx.execute(sql`
    update contact_tag_removals set contact_id = ${kept.id} where contact_id = ${gone.id}`);
  // Links both had: the one that goes was the person counted twice.
  const twice = rowsOf<{ tag_id: string; made: string; n: number }>(
    await tx.execute(sql`
      with d as (delete from contact_tags where contact_id = ${gone.id} returning tag_id, created_at)
      select d.tag_id, (d.created_at at time zone t.time_zone)::date::text as made, count(*)::int as n
      from d join tenants t on t.id = ${a.tenantId}
      group by 1, 2`),
  );
  if (twice.length > 0) {
    await tx.execute(sql`
      delete from contact_tag_removals where contact_id = ${gone.id} and removed_at = now()`);
    for (const r of twice) {
      await tx.execute(sql`
        update stat_tag_daily s set
          added = s.added - case when s.day = ${r.made}::date then ${r.n}::int else 0 end,
          removed = s.removed - case when s.day = (now() at time zone t.time_zone)::date
            then ${r.n}::int else 0 end
        from tenants t
        where t.id = ${a.tenantId} and s.work_account_id = ${a.workAccountId}
          and s.tag_id = ${r.tag_id}
          and s.day in (${r.made}::date, (now() at time zone t.time_zone)::date)`);
    }
  }
  await tx.execute(sql`
    update contacts s set
      remark = case when s.remark = '' then g.remark else s.remark end,
      nickname = case when s.nickname = '' then g.nickname else s.nickname end,
      avatar = case when s.avatar = '' then g.avatar else s.avatar end,
      alias = case when ${phone} <> '' then ${phone} when s.alias = '' then g.alias else s.alias end,
      star = s.star or g.star,
      pinned = s.pinned or g.pinned,
      blacklist = s.blacklist or g.blacklist,
      source = case when g.added_at < s.added_at then g.source else s.source end,
      added_at = coalesce(least(s.added_at, g.added_at), s.added_at, g.added_at),
      updated_at = now()
    from contacts g
    where s.id = ${kept.id} and g.id = ${gone.id}`);
  const [went] = rowsOf<{ source: string; added_at: string | null }>(
    await tx.execute(sql`
      delete from contacts where id = ${gone.id} returning source, added_at::text`),
  );
  // The delete's trigger logged a friend lost today: nobody was.
  await tx.execute(sql`
    delete from contact_removals
    where work_account_id = ${a.workAccountId} and wxid = ${alias} and removed_at = now()`);
  await tx.execute(sql`
    update stat_friend_daily s set
      removed = s.removed - case when s.day = (now() at time zone t.time_zone)::date
        then 1 else 0 end,
      added = s.added - case when ${went?.added_at ?? null}::timestamptz is not null
        and s.day = (${went?.added_at ?? null}::timestamptz at time zone t.time_zone)::date
        then 1 else 0 end
    from tenants t
    where t.id = ${a.tenantId} and s.work_account_id = ${a.workAccountId}
      and s.source = ${went?.source ?? ''}
      and s.day in ((now() at time zone t.time_zone)::date,
        (${went?.added_at ?? null}::timestamptz at time zone t.time_zone)::date)`);
  return true;
}

/**
 * Moves the single chat: renamed when `wxid` has none; else its messages, notes, session groups,
 * transfers, service and flow logs, translation settings and service turns join the chat of
 * `wxid`, which takes the sum of unread, the newer last message, the assignment when it had none,
 * pins and flags, and the chat under `alias` goes.
 */
async function mergeConversation(
  tx: Tx,
  a: MergeAccount,
  wxid: string,
  alias: string,
): Promise<{ gone: string | null; kept: string | null }> {
  const rows = rowsOf<{ id: string; peer_id: string }>(
    await tx.execute(sql`
      select id, peer_id from conversations
      where work_account_id = ${a.workAccountId} and talk_type = 1
        and peer_id in (${wxid}, ${alias})
      order by id for update`),
  );
  const gone = rows.find((r) => r.peer_id === alias);
  const kept = rows.find((r) => r.peer_id === wxid);
  if (!gone) return { gone: null, kept: kept?.id ?? null };
  if (!kept) {
    await tx.execute(sql`
      update conversations set peer_id = ${wxid}, updated_at = now() where id = ${gone.id}`);
    return { gone: gone.id, kept: gone.id };
  }
  const g = gone.id;
  const k = kept.id;
  await tx.execute(sql`update messages set conversation_id = ${k} where conversation_id = ${g}`);
  await tx.execute(
    sql`update conversation_notes set conversation_id = ${k} where conversation_id = ${g}`,
  );
  await tx.execute(sql`
    insert into session_group_items (group_id, conversation_id, created_at)
    select group_id, ${k}, created_at from session_group_items where conversation_id = ${g}
    on conflict do nothing`);
  // One pending transfer per chat: the gone chat's yields to the kept chat's.
  await tx.execute(sql`
    update service_transfers t set conversation_id = ${k},
      state = case when t.state = 'pending' and exists (
        select 1 from service_transfers p where p.conversation_id = ${k} and p.state = 'pending'
      ) then 'revoked' else t.state end
    where t.conversation_id = ${g}`);
  await tx.execute(
    sql`update conversation_service_log set conversation_id = ${k} where conversation_id = ${g}`,
  );
  await tx.execute(
    sql`update conversation_flow_log set conversation_id = ${k} where conversation_id = ${g}`,
  );
  await tx.execute(sql`
    update conversation_translate_settings t set conversation_id = ${k}
    where t.conversation_id = ${g} and not exists (
      select 1 from conversation_translate_settings x
      where x.user_id = t.user_id and x.conversation_id = ${k})`);
  await tx.execute(sql`delete from conversation_translate_settings where conversation_id = ${g}`);
  await tx.execute(sql`
    update stat_service_turns t set conversation_id = ${k}
    where t.conversation_id = ${g} and not exists (
      select 1 from stat_service_turns x
      where x.conversation_id = ${k} and x.start_t = t.start_t and x.start_id = t.start_id)`);
  await tx.execute(sql`
    update conversations s set
      unread = s.unread + g.unread,
      latest_msg_time = greatest(s.latest_msg_time, g.latest_msg_time),
      last_message_id = case when g.latest_msg_time > s.latest_msg_time
        then g.last_message_id else s.last_message_id end,
      last_msg_type = case when g.latest_msg_time > s.latest_msg_time
        then g.last_msg_type else s.last_msg_type end,
      msg_text = case when g.latest_msg_time > s.latest_msg_time
        then g.msg_text else s.msg_text end,
      nickname = case when s.nickname = '' then g.nickname else s.nickname end,
      remark = case when s.remark = '' then g.remark else s.remark end,
      avatar = case when s.avatar = '' then g.avatar else s.avatar end,
      is_pin = s.is_pin or g.is_pin,
      disturb = s.disturb or g.disturb,
      blocked = s.blocked or g.blocked,
      not_friend = s.not_friend and g.not_friend,
      served_by = coalesce(s.served_by, g.served_by),
      assignee_uid = coalesce(s.assignee_uid, g.assignee_uid),
      assignee_name = case when s.assignee_uid is null then g.assignee_name
        else s.assignee_name end,
      status = case when s.status = 'open' or g.status = 'open' then 'open'
        when s.assignee_uid is null and g.assignee_uid is not null then g.status
        else s.status end,
      snooze_until = case when s.status = 'open' or g.status = 'open' then null
        when s.assignee_uid is null and g.assignee_uid is not null then g.snooze_until
        else s.snooze_until end,
      updated_at = now()
    from conversations g
    where s.id = ${k} and g.id = ${g}`);
  await tx.execute(sql`delete from conversations where id = ${g}`);
  return { gone: g, kept: k };
}

/** Rows of the account that name the person by id: group members, robot and word records. */
async function renamePeer(tx: Tx, a: MergeAccount, wxid: string, alias: string) {
  const acc = a.workAccountId;
  await tx.execute(sql`
    update chat_group_members m set wxid = ${wxid}
    where m.wxid = ${alias}
      and m.chat_group_id in (select id from chat_groups where work_account_id = ${acc})
      and not exists (
        select 1 from chat_group_members x where x.chat_group_id = m.chat_group_id and x.wxid = ${wxid})`);
  await tx.execute(sql`
    delete from chat_group_members
    where wxid = ${alias}
      and chat_group_id in (select id from chat_groups where work_account_id = ${acc})`);
  await tx.execute(sql`
    update messages set member_wxid = ${wxid}
    where work_account_id = ${acc} and member_wxid = ${alias}`);
  await tx.execute(sql`
    update keyword_hits set peer_id = case when peer_id = ${alias} then ${wxid} else peer_id end,
      contact_wxid = case when contact_wxid = ${alias} then ${wxid} else contact_wxid end
    where work_account_id = ${acc} and (peer_id = ${alias} or contact_wxid = ${alias})`);
  await tx.execute(sql`
    update sensitive_hits set peer_id = ${wxid}
    where work_account_id = ${acc} and talk_type = 1 and peer_id = ${alias}`);
  await tx.execute(sql`
    update ai_robot_chats c set peer_id = ${wxid}
    where c.work_account_id = ${acc} and c.peer_id = ${alias} and not exists (
      select 1 from ai_robot_chats x where x.work_account_id = ${acc} and x.peer_id = ${wxid})`);
  await tx.execute(sql`
    delete from ai_robot_chats where work_account_id = ${acc} and peer_id = ${alias}`);
}

/**
 * Merges the person known as `alias` into `wxid` within one account: the friend row, the single
 * chat and every row pointing at them. `phone` (may be '') becomes the friend's alias.
 */
export async function mergePerson(
  tx: Tx,
  a: MergeAccount,
  wxid: string,
  alias: string,
  phone: string,
): Promise<MergeOutcome> {
  // Most mappings a platform reports name people the account never had under the old id (a
  // history sync names every member of every group): three index reads, and nothing to move.
  const [known] = rowsOf<{ found: boolean }>(
    await tx.execute(sql`
      select exists (select 1 from contacts where work_account_id = ${a.workAccountId}
               and wxid = ${alias})
        or exists (select 1 from conversations where work_account_id = ${a.workAccountId}
               and talk_type = 1 and peer_id = ${alias})
        or exists (select 1 from chat_group_members m join chat_groups g on g.id = m.chat_group_id
               where g.work_account_id = ${a.workAccountId} and m.wxid = ${alias}) as found`),
  );
  if (!known?.found) return { goneConversationId: null, conversationId: null, contactMoved: false };
  const contactMoved = await mergeContact(tx, a, wxid, alias, phone);
  const conv = await mergeConversation(tx, a, wxid, alias);
  await renamePeer(tx, a, wxid, alias);
  return { goneConversationId: conv.gone, conversationId: conv.kept, contactMoved };
}
