import { and, eq, sql } from 'drizzle-orm';
import type { PacingNumbers } from '@cst/shared';
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

/** A chat's reply the robot decided on, waiting to be queued: the chat's newest such message. */
export interface ReplyAsk {
  tenantId: string;
  workAccountId: string;
  peerId: string;
  msgId: string;
  /** The idempotency key of a new job (the robot's answer to `msgId`). */
  key: string;
  dueAt: number;
  cap: number;
}

/** What queueing found in a chat: its state as it was, and whether a job took the message. */
export interface ReplyQueued {
  workAccountId: string;
  peerId: string;
  handedOver: boolean;
  replies: number;
  queued: boolean;
}

/**
 * Queues the robot's replies of many chats (one per chat) in one statement, each unless its chat
 * is handed over or at its cap: a chat whose reply is still queued (not claimed) folds the message
 * into it (the reply answers the newest message, due after it), else a job is added under its key
 * (a second queueing of the same message adds nothing). Answers each chat's state as it was.
 */
export async function queueReplies(
  db: DbOrTx,
  asks: readonly ReplyAsk[],
  now: number,
): Promise<ReplyQueued[]> {
  if (asks.length === 0) return [];
  const input = JSON.stringify(
    asks.map((a) => ({
      tenant_id: a.tenantId,
      work_account_id: a.workAccountId,
      peer_id: a.peerId,
      msg_id: a.msgId,
      key: a.key,
      due_at: a.dueAt,
      cap: a.cap,
    })),
  );
  const rows = rowsOf<{
    work_account_id: string;
    peer_id: string;
    handed_over_at: string | number | null;
    replies: number;
    queued: boolean;
  }>(
    await db.execute(sql`
      with input as (
        select * from jsonb_to_recordset(${input}::jsonb) as x(
          tenant_id uuid, work_account_id uuid, peer_id text, msg_id text, key text,
          due_at bigint, cap int)
      ),
      st as (
        select x.*, c.handed_over_at, coalesce(c.replies, 0) as replies
        from input x
        left join ai_robot_chats c
          on c.work_account_id = x.work_account_id and c.peer_id = x.peer_id
      ),
      go as (select * from st where handed_over_at is null and replies < cap),
      folded as (
        update robot_jobs j
        set payload = jsonb_set(j.payload, '{msgId}', to_jsonb(g.msg_id)),
            due_at = greatest(j.due_at, g.due_at)
        from go g
        where j.id = (
          select q.id from robot_jobs q
          where q.work_account_id = g.work_account_id and q.kind = 'ai' and q.state = 'queued'
            and q.payload->>'peerId' = g.peer_id
          limit 1
          for update skip locked)
        returning j.work_account_id, j.payload->>'peerId' as peer_id
      ),
      added as (
        insert into robot_jobs (tenant_id, work_account_id, kind, key, payload, due_at, state, created_at)
        select g.tenant_id, g.work_account_id, 'ai', g.key,
               jsonb_build_object('talkType', 1, 'peerId', g.peer_id, 'msgId', g.msg_id),
               g.due_at, 'queued', ${now}
        from go g
        where not exists (
          select 1 from folded f
          where f.work_account_id = g.work_account_id and f.peer_id = g.peer_id)
        on conflict (key) do nothing
        returning work_account_id, payload->>'peerId' as peer_id
      )
      select s.work_account_id, s.peer_id, s.handed_over_at, s.replies,
             (exists (select 1 from folded f
                      where f.work_account_id = s.work_account_id and f.peer_id = s.peer_id)
              or exists (select 1 from added a
                         where a.work_account_id = s.work_account_id and a.peer_id = s.peer_id))
               as queued
      from st s`),
  );
  return rows.map((r) => ({
    workAccountId: r.work_account_id,
    peerId: r.peer_id,
    handedOver: r.handed_over_at !== null,
    replies: Number(r.replies),
    queued: r.queued === true || (r.queued as unknown) === 't',
  }));
}

/** How far a platform's message times may run ahead of the server's clock, for the catch-up. */
const CATCH_UP_SKEW_MS = 10 * 60_000;

/** A received message the robot may have meant to answer and that no reply job took. */
export interface UnqueuedMessage {
  tenantId: string;
  workAccountId: string;
  wxid: string;
  peerId: string;
  msgId: string;
  msgType: number;
  content: string;
  msgTime: number;
}

/**
 * Single chats of accounts whose robot is on, not handed over, whose newest message is one
 * received between `from` and `to` (its time), since the robot's settings were saved, that no AI
 * job was queued for: what a reply queue
 * lost with its process (docs/ai.md "The reply queue"). Newest first, at most `limit`.
 */
export async function unqueuedMessages(
  db: DbOrTx,
  from: number,
  to: number,
  limit: number,
): Promise<UnqueuedMessage[]> {
  const rows = rowsOf<{
    tenant_id: string;
    work_account_id: string;
    wxid: string;
    peer_id: string;
    msg_id: string;
    msg_type: number;
    content: string;
    msg_time: string | number;
  }>(
    await db.execute(sql`
      select c.tenant_id, c.work_account_id, a.wxid, c.peer_id, m.msg_id, m.msg_type,
             m.content, m.msg_time
      from ai_robot_settings s
      join work_accounts a on a.id = s.work_account_id
      join conversations c
        on c.work_account_id = s.work_account_id and c.talk_type = 1
       and c.latest_msg_time >= ${from} and c.latest_msg_time <= ${to}
      join messages m on m.id = c.last_message_id
      left join ai_robot_chats h on h.work_account_id = c.work_account_id and h.peer_id = c.peer_id
      where s.enabled and h.handed_over_at is null
        and m.send_side = 2 and m.msg_id is not null
        and m.msg_time >= ${from} and m.msg_time <= ${to}
        -- Received while the robot was on as it is now (not before it was turned on).
        and m.created_at >= s.updated_at
        and not exists (
          select 1 from robot_jobs j
          where j.work_account_id = c.work_account_id and j.kind = 'ai'
            and j.created_at >= ${from - CATCH_UP_SKEW_MS}
            and j.payload->>'peerId' = c.peer_id and j.payload->>'msgId' = m.msg_id)
      order by c.latest_msg_time desc
      limit ${limit}`),
  );
  return rows.map((r) => ({
    tenantId: r.tenant_id,
    workAccountId: r.work_account_id,
    wxid: r.wxid,
    peerId: r.peer_id,
    msgId: r.msg_id,
    msgType: r.msg_type,
    content: r.content,
    msgTime: Number(r.msg_time),
  }));
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
 * (its own settings, else the tenant's, else `defaults`, the platform's human pacing: the gap
 * between two messages and its jitter). An account at ban risk 危险 has none: its robot waits
 * until a person resumes it.
 */
export async function aiCandidates(
  tx: Tx,
  now: number,
  limit: number,
  defaults: Pick<PacingNumbers, 'messageIntervalSec' | 'jitterSec'>,
) {
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
                      ${defaults.messageIntervalSec})::int as interval_sec,
             coalesce(min(ba.jitter_sec), min(bt.jitter_sec), ${defaults.jitterSec})::int
               as jitter_sec,
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
