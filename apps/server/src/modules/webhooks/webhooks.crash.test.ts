import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { FriendItem } from '@cst/shared';
import { openDatabase, rowsOf } from '../../platform/db.ts';
import {
  advance,
  client,
  freePort,
  kill9,
  killChildren,
  onlineAccount,
  spawnServer,
  until,
  type Call,
} from '../../../test/child-server.ts';
import { freshStore } from '../accounts/account.test-support.ts';
import { startReceiver } from './webhook-receiver.test-support.ts';

// Issue 30 §3 "lose none": 1,000 inbound messages while the receiver is down and the server is
// killed with SIGKILL twice in the middle of them; once the receiver is up (and the server's
// clock moved past the back-off), every stored message's `message.received` event has arrived,
// and every message the platform took before a kill was stored (it delivers again what the
// console had not kept).

const MESSAGES = 1000;
/** Inbound calls in flight at once (a kill lands with some of them half-way). */
const IN_FLIGHT = 16;
/** A restarted server gets its account back 5 s after a kill rather than 30 s. */
const RESTARTED = { accountLeaseMs: 5000, startMs: 90_000, clock: true };

const stores: { drop(): Promise<void> }[] = [];
afterAll(async () => {
  killChildren();
  for (const d of stores) await d.drop();
});

/**
 * The account's status as the console shows it; `since`: wait until a status set after that
 * moment is online (a restarted server shows the status of the killed one until it holds the
 * account itself, and the platform refuses messages meanwhile).
 */
async function accountOnline(call: Call, wxid: string, since = 0): Promise<number> {
  const a = await until(async () => {
    const r = await call<{ list: { wxid: string; status: string; statusAt: number }[] }>(
      '/main-api/acc/all',
      { keyword: wxid },
    );
    return r.list.find((x) => x.wxid === wxid && x.status === 'online' && x.statusAt > since);
  }, 60_000);
  return a.statusAt;
}

/**
 * Posts inbound messages `crash {n}`, IN_FLIGHT at a time, until `to` or until stopped; errors are
 * ignored (a call cut by a kill is lost to the contact). `next` is where the next part begins.
 */
class Sender {
  next = 0;
  /** What the platform took (its call answered): each must reach the console, kills or not. */
  readonly accepted: string[] = [];
  private stopped = false;

  async send(call: Call, wxid: string, friend: string, to: number): Promise<void> {
    this.stopped = false;
    const worker = async () => {
      while (!this.stopped && this.next < to) {
        const content = `crash ${this.next++}`;
        await call('/sim-api/inbound', {
          workWxid: wxid,
          fromWxid: friend,
          talkType: 1,
          msgType: 1,
          content,
        }).then(
          () => this.accepted.push(content),
          () => undefined,
        );
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  }

  /** Takes no new number; the calls under way go on. */
  stop(): void {
    this.stopped = true;
  }
}

describe('webhooks across kill -9', () => {
  it('delivers every message.received event after two SIGKILLs', async () => {
    const store = await freshStore();
    stores.push(store);
    const env: Record<string, string> = {
      ALLOW_PRIVATE_NETWORK: '1',
      ...(store.config.databaseUrl
        ? { DATABASE_URL: store.config.databaseUrl }
        : { DATA_DIR: store.config.dataDir! }),
    };
    const log = path.join(os.tmpdir(), `cst-webhook-kill-${process.pid}.log`);
    const port = await freePort();
    const receiverPort = await freePort();
    let server = await spawnServer(env, port, log, RESTARTED);
    let call = await client(server.url);
    const wxid = await onlineAccount(call, '断电钩子');
    const friends = await call<{ list: FriendItem[] }>('/main-api/acc/friends-list', {
      workWxid: wxid,
      pageSize: 10,
    });
    const friend = friends.list[0]!.friendWxid;
    // The receiver is down: nothing listens on its port yet.
    await call('/main-api/open/webhooks/create', {
      url: `http://127.0.0.1:${receiverPort}/hook`,
      events: ['message.received'],
    });

    // Three parts; the server is killed half-way through each of the first two, with calls still
    // in flight. The sender stops taking new numbers at the kill and the next part goes on from
    // there, so only the calls a kill cuts are lost.
    const sender = new Sender();
    const third = Math.floor(MESSAGES / 3);
    for (let part = 0; part < 2; part++) {
      const before = await deliveryCount(call);
      const sending = sender.send(call, wxid, friend, MESSAGES);
      await until(
        async () => ((await deliveryCount(call)) >= before + third / 2 ? true : undefined),
        120_000,
      );
      sender.stop();
      const since = await accountOnline(call, wxid);
      await kill9(server.child);
      await sending;
      server = await spawnServer(env, port, log, RESTARTED);
      call = await client(server.url);
      await accountOnline(call, wxid, since);
    }
    await sender.send(call, wxid, friend, MESSAGES);

    const receiver = await startReceiver(receiverPort);
    try {
      // Past every back-off step a delivery may have reached while the receiver was down.
      for (let i = 0; i < 4; i++) await advance(server.child, 3600_000);
      const expected = await until(async () => {
        const ids = await eventIds(call);
        const got = new Set(receiver.got.map((g) => g.json.id));
        return ids.length > 0 && ids.every((id) => got.has(id)) ? ids : undefined;
      }, 120_000);
      server.child.kill('SIGTERM');
      await new Promise((r) => server.child.once('exit', r));
      const check = await stored(store.config);
      // Every message the platform took is stored, every stored message has its event, and
      // every event arrived (an event may come twice, always with one id).
      const kept = new Set(check.contents);
      expect(sender.accepted.filter((c) => !kept.has(c))).toEqual([]);
      expect(check.messagesWithoutEvent).toEqual([]);
      expect(check.eventIds.length).toBe(check.messages);
      const got = new Set(receiver.got.map((g) => g.json.id));
      expect(check.eventIds.filter((id) => !got.has(id))).toEqual([]);
      expect(expected.length).toBe(check.eventIds.length);
      // Only the calls a kill cut short are lost (at most IN_FLIGHT per kill).
      expect(check.messages).toBeGreaterThanOrEqual(MESSAGES - 2 * IN_FLIGHT);
      console.info(
        `webhook kill -9: ${check.messages} messages stored, ${got.size} events received, ` +
          `${receiver.got.length - got.size} repeats`,
      );
    } finally {
      await receiver.close();
    }
  }, 600_000);
});

/** How many deliveries the log holds (pending, failed and delivered). */
async function deliveryCount(call: Call): Promise<number> {
  const { list } = await call<{ list: { id: string }[] }>('/main-api/open/webhooks/list', {});
  const r = await call<{ total: number }>('/main-api/open/webhooks/deliveries', {
    id: list[0]!.id,
    page: 1,
    pageSize: 1,
  });
  return r.total;
}

/** The event ids of the delivery log (every delivery of the one endpoint). */
async function eventIds(call: Call): Promise<string[]> {
  const { list } = await call<{ list: { id: string }[] }>('/main-api/open/webhooks/list', {});
  const out: string[] = [];
  for (let page = 1; ; page++) {
    const r = await call<{ list: { eventId: string }[]; total: number }>(
      '/main-api/open/webhooks/deliveries',
      { id: list[0]!.id, page, pageSize: 100 },
    );
    out.push(...r.list.map((d) => d.eventId));
    if (r.list.length < 100) return out;
  }
}

/** What the database holds once the server is gone. */
async function stored(config: { databaseUrl?: string; dataDir?: string | null }) {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir ?? null,
  });
  try {
    const contents = rowsOf<{ content: string }>(
      await database.db.execute(sql`select content from messages where content like 'crash %'`),
    ).map((r) => r.content);
    const missing = rowsOf<{ content: string }>(
      await database.db.execute(sql`
        select m.content from messages m
        where m.content like 'crash %' and not exists (
          select 1 from open_events e
          where e.event = 'message.received' and e.data->>'msgId' = m.msg_id)`),
    );
    const events = rowsOf<{ public_id: string }>(
      await database.db.execute(
        sql`select public_id from open_events where event = 'message.received'`,
      ),
    );
    return {
      messages: contents.length,
      contents,
      messagesWithoutEvent: missing.map((m) => m.content),
      eventIds: events.map((e) => e.public_id),
    };
  } finally {
    await database.close();
  }
}
