import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FriendItem } from '@cst/shared';
import { messages, workAccounts } from '../../db/schema/index.ts';
import { rowsOf } from '../../platform/db.ts';
import { useStartedServer, type Session } from '../../../test/support.ts';
import { addAccount, apiAs, signIn, type ListedAccount } from '../accounts/account.test-support.ts';
import * as convRepo from '../conversations/conversation.repository.ts';
import { BulkSendJob, type BulkItem } from './bulk-send.job.ts';
import { laneOf } from './bulk-send-rows.repository.ts';
import {
  FAST_BULK_SETTINGS,
  friendsOf,
  receivedMessages,
  scheduledTask,
  waitBulk,
} from './bulk-send.test-support.ts';

// Issue 16 §3, order across lease moves: a target's messages go out in order even when the work
// moves between instances while the instance that had it is still alive (slow, paused, GC). Each
// test replays one interleaving that reordered a target's messages before the fencing, with the
// stale instance's steps called directly, so it happens every time.

let demo: Session;
let acc: ListedAccount;
let friends: FriendItem[];
let tenantId: string;

const server = useStartedServer({
  accounts: { simulator: { loginDelayMs: 20 } },
  scheduler: { pollMs: 200 },
});

beforeAll(async () => {
  demo = await signIn(server, 'demo');
  tenantId = demo.tenantId!;
  acc = await addAccount(server, demo, { nickname: '栅栏号' });
  const api = apiAs(server, demo);
  await api.post('/sim-api/config', { deliveryDelayMs: 50, readDelayMs: 50, failRate: 0 });
  expect(
    (await api.post('/task-api/bulk-send-task/settings/save', FAST_BULK_SETTINGS)).status,
  ).toBe(200);
  friends = await friendsOf(server, demo, acc.wxid);
});

/**
 * Runs, as the stale 'instance-a', the sends of task `id` that `which` picks (one item, in seq
 * order), as its scheduler would have after claiming them.
 */
async function runAsInstanceA(id: string, which: SQL, now: number): Promise<void> {
  const db = server.deps.db;
  const seqs = rowsOf<{ seq: number }>(
    await db.execute(sql`
      select seq from bulk_send_rows where task_id = ${id} and ${which} order by seq`),
  ).map((r) => r.seq);
  const [account] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from work_accounts where wxid = ${acc.wxid}`),
  );
  const data: BulkItem = {
    tenantId,
    taskId: id,
    seqs,
    firsts: 0,
    day: server.scheduler.options.dayOf(now),
  };
  await new BulkSendJob(server.deps).run(
    { lane: laneOf('friends', account!.id), key: `${id}:${seqs[0]}:1`, at: now, data },
    { deps: server.deps, owner: 'instance-a', options: server.scheduler.options },
  );
}

describe('order across lease moves', () => {
  it('a stale instance does not send a target’s later messages before the 1st it lost', async () => {
    // Instance A claimed the target's 1st message in one round and its 2nd in the next, so the
    // 2nd's lease outlives the 1st's. A stalls (GC) past the 1st's lease: instance B may take
    // the 1st. A wakes and runs the 2nd, still its own — before B's run of the 1st.
    const target = friends[0]!.friendWxid;
    const id = await scheduledTask(
      server,
      demo,
      acc.wxid,
      [target],
      ['栅栏第一条', '栅栏第二条', '栅栏第三条'],
    );
    const db = server.deps.db;
    const now = Date.now();
    // The 1st: A's lease ends in 1.5 s (then this server, B, takes it); the 2nd and 3rd: A's for
    // a minute.
    await db.execute(sql`
      update bulk_send_rows set state = 'claimed', lease_owner = 'instance-a', attempts = 1,
        claimed_at = ${now}, lease_until = ${now + 1500}
      where task_id = ${id} and msg_index = 0`);
    await db.execute(sql`
      update bulk_send_rows set state = 'claimed', lease_owner = 'instance-a', attempts = 1,
        claimed_at = ${now}, lease_until = ${now + 60_000}
      where task_id = ${id} and msg_index > 0`);
    await db.execute(sql`
      update bulk_send_tasks set status = 'running', started_at = ${now} where id = ${id}`);
    // A runs its 2nd and 3rd messages now (one burst: intervals of 0).
    await runAsInstanceA(id, sql`msg_index > 0`, now);
    await waitBulk(server, demo, id, (t) => t.status === 'completed', 30_000);
    const got = (await receivedMessages(server, demo, acc.wxid)).filter(
      (m) => m.peerWxid === target,
    );
    expect(got.map((m) => m.content)).toEqual(['栅栏第一条', '栅栏第二条', '栅栏第三条']);
  }, 40_000);

  it('holds a target’s later message when an earlier one failed; 失败重发 sends both in order', async () => {
    // The 1st message to the target failed at the platform (undelivered); the 2nd comes up after
    // it. Sent, it would reach the contact before the 1st's reissue: it is held, failed too.
    const target = friends[1]!.friendWxid;
    const id = await scheduledTask(
      server,
      demo,
      acc.wxid,
      [target],
      ['先发的第一条', '后发的第二条'],
    );
    const db = server.deps.db;
    const now = Date.now();
    await db.execute(sql`
      update bulk_send_rows set state = 'undelivered', error = '对方网络异常'
      where task_id = ${id} and msg_index = 0`);
    await db.execute(sql`
      update bulk_send_rows set state = 'claimed', lease_owner = 'instance-a', attempts = 1,
        claimed_at = ${now}, lease_until = ${now + 60_000}
      where task_id = ${id} and msg_index = 1`);
    await db.execute(sql`
      update bulk_send_tasks set status = 'running', started_at = ${now} where id = ${id}`);
    await runAsInstanceA(id, sql`msg_index = 1`, now);
    const [held] = rowsOf<{ state: string; error_key: string | null }>(
      await db.execute(sql`
        select state, error_key from bulk_send_rows where task_id = ${id} and msg_index = 1`),
    );
    expect(held).toEqual({ state: 'failed', error_key: 'bulkEarlierFailed' });
    const stored = rowsOf<{ n: number }>(
      await db.execute(sql`
        select count(*)::int as n from messages where request_id like ${`bs:${id}:%`}`),
    );
    expect(stored[0]!.n).toBe(0);
    await waitBulk(server, demo, id, (t) => t.status === 'completed');
    // 失败重发: both go again, the 1st first.
    const api = apiAs(server, demo);
    const re = await api.post<{ reissued: number }>('/task-api/bulk-send-task/failed-reissue', {
      taskId: id,
    });
    expect([re.status, re.data.reissued]).toEqual([200, 2]);
    await waitBulk(server, demo, id, (t) => t.status === 'completed' && t.sent === 2, 30_000);
    const got = (await receivedMessages(server, demo, acc.wxid)).filter(
      (m) => m.peerWxid === target,
    );
    expect(got.map((m) => m.content)).toEqual(['先发的第一条', '后发的第二条']);
  }, 40_000);

  it('an instance that lost an account neither takes back nor claims its sends', async () => {
    // Instance B holds the account and is sending a batch (m1, m2). A held it before and is still
    // alive: its dispatcher puts "dispatching" sends back and claims what waits. Before the
    // fencing A took m1..m3 from under B; B, done with its batch, claimed m4 and sent it while A
    // had not sent m3 yet: the conversation got m1, m2, m4, m3.
    const db = server.deps.db;
    const wxid = `wxid_fence_${randomUUID().slice(0, 8)}`;
    // An account no gateway of this process holds (offline: no lease round takes it), leased to
    // instance B: the two dispatchers are replayed step by step below.
    const [row] = await db
      .insert(workAccounts)
      .values({
        tenantId,
        wxid,
        nickname: '栅栏二号',
        status: 'offline',
        leaseOwner: 'instance-b',
        leaseExpiresAt: new Date(Date.now() + 60_000),
      })
      .returning();
    const account = row!;
    const conv = await convRepo.ensureConversation(db, {
      tenantId,
      workAccountId: account.id,
      workWxid: wxid,
      talkType: 1,
      peerId: 'wxid_fence_peer',
    });
    const store = async (n: number) => {
      const [m] = await db
        .insert(messages)
        .values({
          tenantId,
          conversationId: conv.id,
          workAccountId: account.id,
          requestId: `fence-${wxid}-${n}`,
          msgType: 1,
          sendSide: 1,
          content: `m${n}`,
          dispatchState: 'pending',
          msgTime: Date.now(),
        })
        .returning();
      return m!;
    };
    for (const n of [1, 2, 3]) await store(n);
    // The platform: the first send of a request id is the one the person sees.
    const platform: string[] = [];
    const send = (m: { content: string }) => {
      if (!platform.includes(m.content)) platform.push(m.content);
    };
    const done = (m: { id: number }) =>
      db.execute(sql`update messages set dispatch_state = 'done' where id = ${m.id}`);

    const batchB = await convRepo.claimPendingSends(db, account.id, 2, 'instance-b');
    expect(batchB.map((m) => m.content)).toEqual(['m1', 'm2']);
    // A, stale, runs its dispatcher round for the account.
    await convRepo.requeueDispatching(db, [account.id], 'instance-a');
    const batchA = await convRepo.claimPendingSends(db, account.id, 50, 'instance-a');
    // B sends its batch, a new send arrives, B claims again.
    for (const m of batchB) {
      send(m);
      await done(m);
    }
    await store(4);
    const nextB = await convRepo.claimPendingSends(db, account.id, 50, 'instance-b');
    for (const m of nextB) {
      send(m);
      await done(m);
    }
    for (const m of batchA) send(m);
    expect(platform).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(batchA).toEqual([]);
  });
});
