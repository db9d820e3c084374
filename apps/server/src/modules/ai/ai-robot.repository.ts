import { and, eq, sql } from 'drizzle-orm';
import { BULK_DEFAULT_SETTINGS as D } from '@cst/shared';
import { messages } from '../../db/schema/index.ts';
import type { DbOrTx, Tx } from '../../platform/db.ts';
import { rowsOf } from '../../platform/db.ts';

/** Whether a seat (or the phone) wrote in a chat after a time: the robot hands it over. */
export async function humanWroteSince(
  db: DbOrTx,
  conversationId: string,
  since: number,
): Promise<boolean> {
  const rows = rowsOf<{ one: number }>(
    await db.execute(sql`
      select 1 as one from messages
      where conversation_id = ${conversationId} and send_side = 1
        and sender_kind in ('seat', 'phone') and msg_time > ${since}
      limit 1`),
  );
  return rows.length > 0;
}

/** The chat's latest received message: its platform id, type and content. */
export async function latestInbound(
  db: DbOrTx,
  conversationId: string,
): Promise<{ msgId: string | null; msgType: number; content: string } | null> {
  const rows = rowsOf<{ msg_id: string | null; msg_type: number; content: string }>(
    await db.execute(sql`
      select msg_id, msg_type, content from messages
      where conversation_id = ${conversationId} and send_side = 2
      order by msg_time desc, id desc
      limit 1`),
  );
  const r = rows[0];
  return r ? { msgId: r.msg_id, msgType: r.msg_type, content: r.content } : null;
}

/**
 * Queues the robot's reply to a received message in one statement, unless the chat is handed
 * over or at its cap: a message that finds the chat's reply still queued (not claimed) folds into
 * it (the reply answers the newest message, due after it), so a burst makes one job; else a job
 * is added under its key. Answers the chat's state as it was, and whether a job took the message.
 */
export async function queueReply(
  db: DbOrTx,
  c: {
    tenantId: string;
    workAccountId: string;
    peerId: string;
    msgId: string;
    key: string;
    dueAt: number;
    now: number;
    cap: number;
  },
): Promise<{ handedOver: boolean; replies: number; queued: boolean }> {
  const payload = JSON.stringify({ talkType: 1, peerId: c.peerId, msgId: c.msgId });
  const [row] = rowsOf<{
    handed_over_at: string | number | null;
    replies: number | null;
    folded: number;
    added: number;
  }>(
    await db.execute(sql`
      with st as (
        select handed_over_at, replies from ai_robot_chats
        where work_account_id = ${c.workAccountId} and peer_id = ${c.peerId}
      ),
      go as (
        select 1 as ok
        where not exists (
          select 1 from st where handed_over_at is not null or replies >= ${c.cap})
      ),
      folded as (
        update robot_jobs
        set payload = jsonb_set(payload, '{msgId}', to_jsonb(${c.msgId}::text)),
            due_at = greatest(due_at, ${c.dueAt})
        where id = (
          select id from robot_jobs
          where work_account_id = ${c.workAccountId} and kind = 'ai' and state = 'queued'
            and payload->>'peerId' = ${c.peerId}
          limit 1
          for update skip locked)
          and exists (select 1 from go)
        returning id
      ),
      added as (
        insert into robot_jobs (tenant_id, work_account_id, kind, key, payload, due_at, state, created_at)
        select ${c.tenantId}, ${c.workAccountId}, 'ai', ${c.key}, ${payload}::jsonb, ${c.dueAt},
               'queued', ${c.now}
        where exists (select 1 from go) and not exists (select 1 from folded)
        on conflict (key) do nothing
        returning id
      )
      select (select handed_over_at from st) as handed_over_at,
             (select replies from st) as replies,
             (select count(*) from folded)::int as folded,
             (select count(*) from added)::int as added`),
  );
  return {
    handedOver: row?.handed_over_at !== null && row?.handed_over_at !== undefined,
    replies: Number(row?.replies ?? 0),
    queued: (row?.folded ?? 0) + (row?.added ?? 0) > 0,
  };
}

/** Whether the account stored a message with this send id (a reply stored before a crash). */
export async function sentWith(
  db: DbOrTx,
  workAccountId: string,
  sendingUuid: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.workAccountId, workAccountId), eq(messages.sendingUuid, sendingUuid)))
    .limit(1);
  return Boolean(row);
}

/**
 * Accounts with due AI replies, with their robot's daily cap and the account's mass-send pacing
 * (its own settings, else the tenant's, else the defaults: the gap between two messages and its
 * jitter). An account at ban risk 危险 has none: its robot waits until a person resumes it.
 */
export async function aiCandidates(tx: Tx, now: number, limit: number) {
  return rowsOf<{
    work_account_id: string;
    tenant_id: string;
    daily_cap: number | null;
    interval_sec: number;
    jitter_sec: number;
    n: number;
  }>(
    await tx.execute(sql`
      select j.work_account_id, j.tenant_id, min(s.daily_cap)::int as daily_cap,
             coalesce(min(ba.message_interval_sec), min(bt.message_interval_sec),
                      ${D.messageIntervalSec})::int as interval_sec,
             coalesce(min(ba.jitter_sec), min(bt.jitter_sec), ${D.jitterSec})::int as jitter_sec,
             count(*)::int as n
      from robot_jobs j
      join work_accounts a on a.id = j.work_account_id and a.risk <> 'danger'
      left join ai_robot_settings s on s.work_account_id = j.work_account_id
      left join bulk_send_settings ba on ba.work_account_id = j.work_account_id
      left join bulk_send_settings bt
        on bt.tenant_id = j.tenant_id and bt.work_account_id is null
      where j.kind = 'ai' and j.state in ('queued', 'claimed') and j.due_at <= ${now}
        and (j.state = 'queued' or j.lease_until < ${now})
      group by j.work_account_id, j.tenant_id
      limit ${limit}`),
  );
}
