import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FriendItem, WebhookDeliveriesResult, WebhookItem } from '@cst/shared';
import { useStartedServer, type Session } from '../../../test/support.ts';
import { rowsOf } from '../../platform/db.ts';
import { openTestSocket, type TestSocket } from '../../realtime/test-socket.ts';
import {
  addAccount,
  apiAs,
  eventually,
  signIn,
  type ListedAccount,
} from '../accounts/account.test-support.ts';
import { DISABLE_AFTER_MS, WEBHOOK_DISABLED_PUSH } from './webhook-delivery.job.ts';
import { EVENT_KEEP_MS } from './webhooks.module.ts';
import { signedWith, startReceiver } from './webhook-receiver.test-support.ts';

// Webhooks against real receivers on 127.0.0.1 (ALLOW_PRIVATE_NETWORK for this server only):
// signatures, rotation, retries driven by the server's clock, the delivery log, redeliver, the
// test event, the address guard and the endpoint disabled after 3 days of failures.

const clock = { offset: 0 };
const server = useStartedServer(
  { now: () => Date.now() + clock.offset, scheduler: { pollMs: 100 } },
  { allowPrivateNetwork: true },
);

let demo: Session;
let acc: ListedAccount;
let friend: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

const api = () => apiAs(server, demo);

async function inbound(content: string) {
  const r = await api().post('/sim-api/inbound', {
    workWxid: acc.wxid,
    fromWxid: friend,
    talkType: 1,
    msgType: 1,
    content,
  });
  expect(r.status, r.message).toBe(200);
}

async function create(events = ['message.received'], url = receiver.url) {
  const r = await api().post<{ id: string; secret: string }>('/main-api/open/webhooks/create', {
    url,
    events,
    description: 'test',
  });
  expect(r.status, r.message).toBe(200);
  return r.data;
}

async function deliveries(id: string, status?: string) {
  const r = await api().post<WebhookDeliveriesResult>('/main-api/open/webhooks/deliveries', {
    id,
    page: 1,
    pageSize: 50,
    status,
  });
  expect(r.status, r.message).toBe(200);
  return r.data;
}

const withContent = (content: string) => (got: typeof receiver.got) =>
  got.filter((g) => JSON.stringify(g.json.data).includes(content));

beforeAll(async () => {
  demo = await signIn(server, 'demo');
  acc = await addAccount(server, demo, { nickname: '钩子号' });
  await api().post('/sim-api/config', { trafficPerMinute: 0 });
  const friends = await api().post<{ list: FriendItem[] }>('/main-api/acc/friends-list', {
    workWxid: acc.wxid,
    pageSize: 10,
  });
  friend = friends.data.list[0]!.friendWxid;
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
});

describe('webhooks', () => {
  it('posts a received message signed with the secret, as API.md says', async () => {
    const hook = await create();
    const list = await api().post<{ list: WebhookItem[] }>('/main-api/open/webhooks/list', {});
    const item = list.data.list.find((w) => w.id === hook.id)!;
    expect(item).toMatchObject({ url: receiver.url, events: ['message.received'], enabled: true });
    expect(JSON.stringify(item)).not.toContain(hook.secret);

    await inbound('hello hook');
    await receiver.until((g) => withContent('hello hook')(g).length === 1);
    const [got] = withContent('hello hook')(receiver.got);
    expect(got!.json).toMatchObject({ event: 'message.received', occurredAt: expect.any(Number) });
    expect(got!.json.tenantId).toBeTruthy();
    expect(got!.headers['x-cst-event']).toBe('message.received');
    expect(got!.headers['x-cst-event-id']).toBe(got!.json.id);
    expect(Number(got!.headers['x-cst-timestamp'])).toBeGreaterThan(0);
    expect(signedWith(got!, hook.secret)).toBe(true);
    expect(signedWith(got!, 'whsec_other')).toBe(false);
    expect(got!.json.data).toMatchObject({ content: 'hello hook', sendSide: 2 });

    const log = await eventually(async () => {
      const d = await deliveries(hook.id, 'delivered');
      return d.list.find((x) => x.eventId === got!.json.id);
    });
    expect(log).toMatchObject({ attempts: 1, lastStatusCode: 200, event: 'message.received' });
    expect(log.history).toHaveLength(1);
    await api().post('/main-api/open/webhooks/delete', { id: hook.id });
  });

  it('signs with both secrets for 24 h after a rotation', async () => {
    const hook = await create();
    const rotated = await api().post<{ secret: string }>('/main-api/open/webhooks/rotate-secret', {
      id: hook.id,
    });
    expect(rotated.status).toBe(200);
    expect(rotated.data.secret).not.toBe(hook.secret);
    await inbound('rotated one');
    await receiver.until((g) => withContent('rotated one')(g).length === 1);
    const [got] = withContent('rotated one')(receiver.got);
    expect(String(got!.headers['x-cst-signature']).split(',')).toHaveLength(2);
    expect(signedWith(got!, rotated.data.secret)).toBe(true);
    expect(signedWith(got!, hook.secret)).toBe(true);

    // A day later the old secret no longer signs.
    clock.offset += 86400_000 + 1000;
    await inbound('a day later');
    await receiver.until((g) => withContent('a day later')(g).length === 1);
    const [later] = withContent('a day later')(receiver.got);
    expect(String(later!.headers['x-cst-signature']).split(',')).toHaveLength(1);
    expect(signedWith(later!, rotated.data.secret)).toBe(true);
    expect(signedWith(later!, hook.secret)).toBe(false);
    await api().post('/main-api/open/webhooks/delete', { id: hook.id });
  });

  it('retries a 500 after 10 s with the same event id, and logs each attempt', async () => {
    const hook = await create();
    receiver.answers.push(500);
    await inbound('retry me');
    await receiver.until((g) => withContent('retry me')(g).length === 1);
    const first = await eventually(async () => {
      const d = await deliveries(hook.id, 'pending');
      return d.list.find((x) => x.attempts === 1);
    });
    expect(first).toMatchObject({ lastStatusCode: 500, status: 'pending' });
    // The answer is kept to 1 KB.
    expect(first.history[0]!.body.length).toBeLessThanOrEqual(1024);
    expect(first.history[0]!.body.startsWith('no xxx')).toBe(true);
    expect(first.nextAttemptAt! - first.history[0]!.at).toBeGreaterThanOrEqual(10_000);

    // Not before its time: the clock has not moved.
    await server.scheduler.drain();
    expect(withContent('retry me')(receiver.got)).toHaveLength(1);

    clock.offset += 10_000;
    await server.scheduler.drain();
    await receiver.until((g) => withContent('retry me')(g).length === 2);
    const both = withContent('retry me')(receiver.got);
    expect(both[0]!.json.id).toBe(both[1]!.json.id);
    expect(both[1]!.headers['x-cst-event-id']).toBe(both[0]!.headers['x-cst-event-id']);
    const done = await eventually(async () => {
      const d = await deliveries(hook.id, 'delivered');
      return d.list.find((x) => x.eventId === both[0]!.json.id);
    });
    expect(done.attempts).toBe(2);
    expect(done.history.map((h) => h.statusCode)).toEqual([500, 200]);
    expect(done.deliveredAt).toBeGreaterThan(0);

    // Redeliver: the same event once more.
    const again = await api().post('/main-api/open/webhooks/redeliver', {
      id: hook.id,
      eventId: both[0]!.json.id,
    });
    expect(again.status, again.message).toBe(200);
    await receiver.until((g) => withContent('retry me')(g).length === 3);
    expect(withContent('retry me')(receiver.got)[2]!.json.id).toBe(both[0]!.json.id);
    await api().post('/main-api/open/webhooks/delete', { id: hook.id });
  });

  it('sends a test event to one endpoint', async () => {
    const hook = await create(['message.sent']);
    const r = await api().post<{ eventId: string }>('/main-api/open/webhooks/test', {
      id: hook.id,
    });
    expect(r.status, r.message).toBe(200);
    await receiver.until((g) => g.some((x) => x.json.id === r.data.eventId));
    const got = receiver.got.find((x) => x.json.id === r.data.eventId)!;
    expect(got.json.event).toBe('webhook.test');
    expect(signedWith(got, hook.secret)).toBe(true);
    await api().post('/main-api/open/webhooks/delete', { id: hook.id });
  });

  it('posts a console send as message.sent', async () => {
    const hook = await create(['message.sent']);
    const r = await api().post('/main-api/conv/send-text', {
      workWxid: acc.wxid,
      receiver_id: friend,
      talkType: 1,
      content: 'sent by a seat',
      sendingUUid: 'hook-sent-1',
    });
    expect(r.status, r.message).toBe(200);
    await receiver.until((g) => withContent('sent by a seat')(g).length === 1);
    const [got] = withContent('sent by a seat')(receiver.got);
    expect(got!.json.event).toBe('message.sent');
    expect(got!.json.data).toMatchObject({ sendSide: 1 });
    await api().post('/main-api/open/webhooks/delete', { id: hook.id });
  });

  it('refuses private addresses without the switch, at save and at connect time', async () => {
    const saved = await create(['message.received']);
    server.deps.config.allowPrivateNetwork = false;
    try {
      for (const url of [
        'http://127.0.0.1:9/x',
        'http://10.0.0.1/x',
        'http://169.254.169.254/latest',
        'http://[::1]/x',
        'http://localhost/x',
      ]) {
        const r = await api().post('/main-api/open/webhooks/create', {
          url,
          events: ['message.received'],
        });
        expect(r.status, url).toBe(400);
      }
      const bad = await api().post('/main-api/open/webhooks/create', {
        url: 'ftp://example.com/x',
        events: ['message.received'],
      });
      expect(bad.status).toBe(400);
      // Saved while allowed: the connection is refused when the switch is off.
      await inbound('guarded');
      const refused = await eventually(async () => {
        const d = await deliveries(saved.id);
        return d.list.find((x) => x.attempts === 1);
      });
      expect(refused.lastStatusCode).toBeNull();
      expect(refused.lastError).toMatch(/refused/);
      expect(withContent('guarded')(receiver.got)).toHaveLength(0);
    } finally {
      server.deps.config.allowPrivateNetwork = true;
      await api().post('/main-api/open/webhooks/delete', { id: saved.id });
    }
  });

  it('answers 400 for unknown events and 404 for another endpoint', async () => {
    const r = await api().post('/main-api/open/webhooks/create', {
      url: receiver.url,
      events: ['message.nope'],
    });
    expect(r.status).toBe(400);
    const missing = await api().post('/main-api/open/webhooks/update', {
      id: '00000000-0000-4000-8000-000000000000',
      enabled: false,
    });
    expect(missing.status).toBe(404);
  });

  it('forgets events and their deliveries after 7 days, by the hourly clean-up', async () => {
    const hook = await create(['message.sent']);
    const testEvent = async () => {
      const r = await api().post<{ eventId: string }>('/main-api/open/webhooks/test', {
        id: hook.id,
      });
      expect(r.status, r.message).toBe(200);
      await receiver.until((g) => g.some((x) => x.json.id === r.data.eventId));
      return r.data.eventId;
    };
    const [old, failed, kept] = [await testEvent(), await testEvent(), await testEvent()];
    await eventually(async () => (await deliveries(hook.id, 'delivered')).total === 3);
    // Their times set in the database: two just past the 7 days (one of them failed), one just
    // within them, as the clean-up will see it an hour from now.
    const at = (eventId: string, ms: number) =>
      server.deps.db.execute(sql`
        with d as (update webhook_deliveries set created_at = ${ms} where event_id = ${eventId})
        update open_events set occurred_at = ${ms} where public_id = ${eventId}`);
    const inAnHour = server.deps.now() + 3600_000;
    await at(old, inAnHour - EVENT_KEEP_MS - 60_000);
    await at(failed, inAnHour - EVENT_KEEP_MS - 60_000);
    await server.deps.db.execute(
      sql`update webhook_deliveries set state = 'failed' where event_id = ${failed}`,
    );
    await at(kept, inAnHour - EVENT_KEEP_MS + 60_000);
    const ids = async () => (await deliveries(hook.id)).list.map((d) => d.eventId).sort();
    expect(await ids()).toEqual([old, failed, kept].sort());

    // The periodic job runs once the server's clock reaches its next hour.
    clock.offset += 3600_000;
    await server.scheduler.drain();
    expect(await ids()).toEqual([kept]);
    const gone = await api().post('/main-api/open/webhooks/redeliver', {
      id: hook.id,
      eventId: old,
    });
    expect(gone.status).toBe(404);
    expect(gone.message).toBe('该事件不存在或已过期（保留 7 天）');
    const events = await server.deps.db.execute(
      sql`select public_id from open_events where public_id in (${old}, ${failed}, ${kept})`,
    );
    expect(rowsOf<{ public_id: string }>(events).map((r) => r.public_id)).toEqual([kept]);
    await api().post('/main-api/open/webhooks/delete', { id: hook.id });
  });

  it('disables an endpoint failing for 3 days and tells the managers', async () => {
    const ws: TestSocket = await openTestSocket(server.url, { token: demo.token });
    try {
      ws.send('ping');
      await ws.waitFor((f) => f.event === 'hello');
      const hook = await create();
      receiver.answers.push(...Array<number>(20).fill(503));
      await inbound('failing 1');
      await receiver.until((g) => withContent('failing 1')(g).length === 1);
      // The failure is recorded (the streak starts) before the clock moves.
      await eventually(async () => (await deliveries(hook.id)).list[0]?.attempts === 1);
      clock.offset += DISABLE_AFTER_MS;
      // Three days on, the next failure disables it: the retry of the first event (due now) or
      // the delivery of a new one, whichever the scheduler takes first.
      await inbound('failing 2');
      const push = await ws.waitFor((f) => f.event === WEBHOOK_DISABLED_PUSH);
      expect(push.data).toMatchObject({ id: hook.id, url: receiver.url });
      const list = await api().post<{ list: WebhookItem[] }>('/main-api/open/webhooks/list', {});
      expect(list.data.list.find((w) => w.id === hook.id)).toMatchObject({
        enabled: false,
        disabledReason: 'failing',
      });
      receiver.answers.length = 0;
      await api().post('/main-api/open/webhooks/delete', { id: hook.id });
    } finally {
      await ws.close();
    }
  });
});
