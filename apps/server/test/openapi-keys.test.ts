import { beforeAll, describe, expect, it } from 'vitest';
import type { SimReceivedItem } from '@cst/shared';
import { randomUUID } from 'node:crypto';
import { ports } from '../src/db/schema/index.ts';
import {
  buildAccount,
  buildTenant,
  buildSeatWithRole,
  quickSimulator,
  signInAs,
} from './factories.ts';
import { login, useTestServer, type Session } from './support.ts';
import {
  apiAs,
  eventually,
  type ListedAccount,
} from '../src/modules/accounts/account.test-support.ts';

const ctx = useTestServer();
let demo: Session;
let other: Session;
let accA: ListedAccount;
let accB: ListedAccount;
let foreign: ListedAccount;
const FRIEND = 'wxid_open_friend_1';

interface OpenReply {
  status: number;
  code: number;
  message: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  data: any;
  headers: Record<string, unknown>;
}

/** Calls the public API with a key, as an integration would. */
async function open(
  key: string,
  path: string,
  body: unknown = {},
  lang = 'en',
): Promise<OpenReply> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/open/v1/${path}`,
    headers: { authorization: `Bearer ${key}`, 'accept-language': lang },
    payload: body as object,
  });
  const json = res.json() as { code: number; message: string; data: unknown };
  return { status: res.statusCode, ...json, headers: res.headers };
}

async function createKey(s: Session, body: Record<string, unknown>) {
  const r = await apiAs(ctx, s, 'en').post<{ id: string; key: string }>(
    '/main-api/open/keys/create',
    { name: 'CRM', ...body },
  );
  expect(r.status, r.message).toBe(200);
  return r.data;
}

const revoke = (s: Session, id: string) =>
  apiAs(ctx, s, 'en').post('/main-api/open/keys/revoke', { id });

beforeAll(async () => {
  ({ demo } = await signInAs(ctx, 'demo'));
  const t = await buildTenant(ctx);
  await ctx.deps.db.insert(ports).values({
    tenantId: t.tenant.id,
    code: `OPEN-${randomUUID()}`,
    expiresAt: new Date(Date.now() + 86400_000),
  });
  other = await login(ctx, t.manager.username);
  accA = await buildAccount(ctx, demo, { nickname: '开放A' });
  accB = await buildAccount(ctx, demo, { nickname: '开放B' });
  foreign = await buildAccount(ctx, other, { nickname: '别家' });
  await quickSimulator(ctx, demo);
});

describe('API keys in the console', () => {
  it('shows a key once, lists it by prefix and never stores the key', async () => {
    const k = await createKey(demo, {
      permissions: ['conversation.read'],
      workWxids: [accA.wxid],
    });
    expect(k.key).toMatch(/^cst_[A-Za-z0-9_-]{43}$/);
    const list = await apiAs(ctx, demo).post<{ list: Record<string, unknown>[] }>(
      '/main-api/open/keys/list',
    );
    const item = list.data.list.find((i) => i.id === k.id)!;
    expect(item).toMatchObject({
      name: 'CRM',
      prefix: k.key.slice(0, 12),
      permissions: ['conversation.read'],
      workWxids: [accA.wxid],
      lastUsedAt: null,
      expiresAt: null,
    });
    expect(JSON.stringify(list.data)).not.toContain(k.key);
  });

  it('refuses permissions the creator lacks, accounts it does not see and a past expiry', async () => {
    const seat = await buildSeatWithRole(ctx, demo, {
      roleName: 'keys-only-read',
      permissions: ['conversation.read', 'openapi.manage'],
    });
    const more = await apiAs(ctx, seat, 'en').post('/main-api/open/keys/create', {
      name: 'x',
      permissions: ['conversation.send'],
    });
    expect([more.status, more.message]).toEqual([
      400,
      'You cannot grant a permission you do not hold: conversation.send',
    ]);
    const hidden = await apiAs(ctx, seat, 'en').post('/main-api/open/keys/create', {
      name: 'x',
      permissions: ['conversation.read'],
      workWxids: [accA.wxid],
    });
    expect(hidden.status).toBe(404);
    const past = await apiAs(ctx, demo, 'en').post('/main-api/open/keys/create', {
      name: 'x',
      permissions: ['conversation.read'],
      expiresAt: Date.now() - 1000,
    });
    expect([past.status, past.message]).toEqual([400, 'The expiry must be in the future']);
    const noManage = await signInAs(ctx, 'seat1');
    const refused = await apiAs(ctx, noManage.seat1).post('/main-api/open/keys/list');
    expect(refused.status).toBe(403);
  });
});

describe('authentication on /open/v1', () => {
  it('takes keys only, and keys are refused on console routes', async () => {
    const k = await createKey(demo, { permissions: ['conversation.read'] });
    const ok = await open(k.key, 'accounts/list');
    expect(ok.status, ok.message).toBe(200);
    expect(ok.code).toBe(0);
    const consoleToken = await open(demo.token, 'accounts/list');
    expect(consoleToken.status).toBe(401);
    const none = await ctx.app.inject({ method: 'POST', url: '/open/v1/accounts/list' });
    expect(none.statusCode).toBe(401);
    const onConsole = await ctx.app.inject({
      method: 'POST',
      url: '/main-api/conv/list',
      headers: { authorization: `Bearer ${k.key}` },
      payload: { mode: 'aggregated' },
    });
    expect(onConsole.statusCode).toBe(401);
    const asCstToken = await ctx.app.inject({
      method: 'GET',
      url: '/main-api/acc/switcher',
      headers: { 'cst-token': k.key },
    });
    expect(asCstToken.statusCode).toBe(401);
  });

  it('answers 401 for a revoked or an expired key', async () => {
    const k = await createKey(demo, { permissions: ['conversation.read'] });
    expect((await open(k.key, 'accounts/list')).status).toBe(200);
    // Another company neither sees nor revokes it.
    expect((await revoke(other, k.id)).status).toBe(404);
    const theirList = await apiAs(ctx, other).post<{ list: { id: string }[] }>(
      '/main-api/open/keys/list',
    );
    expect(theirList.data.list.some((i) => i.id === k.id)).toBe(false);
    expect((await open(k.key, 'accounts/list')).status).toBe(200);
    expect((await revoke(demo, k.id)).status).toBe(200);
    const revoked = await open(k.key, 'accounts/list', {}, 'zh-CN');
    expect([revoked.status, revoked.message]).toEqual([401, 'API 密钥无效、已吊销或已过期']);
    expect((await revoke(demo, k.id)).status).toBe(404);

    const soon = await createKey(demo, {
      permissions: ['conversation.read'],
      expiresAt: Date.now() + 60_000,
    });
    expect((await open(soon.key, 'accounts/list')).status).toBe(200);
    ctx.clock.offset += 61_000;
    try {
      expect((await open(soon.key, 'accounts/list')).status).toBe(401);
    } finally {
      ctx.clock.offset -= 61_000;
    }
  });

  it('keeps a key within its permissions and accounts (403, 404)', async () => {
    const k = await createKey(demo, {
      permissions: ['conversation.read'],
      workWxids: [accA.wxid],
    });
    const accounts = await open(k.key, 'accounts/list');
    expect(accounts.data.list.map((a: { wxid: string }) => a.wxid)).toEqual([accA.wxid]);
    expect(accounts.data.list[0]).toMatchObject({ nickname: '开放A', platform: 'simulator' });
    const send = await open(k.key, 'messages/send', {
      workWxid: accA.wxid,
      receiver_id: FRIEND,
      talkType: 1,
      idempotencyKey: 'k1',
      message: { kind: 'text', content: 'hi' },
    });
    expect(send.status).toBe(403);
    const outside = await open(k.key, 'conversations/list', { workWxid: accB.wxid });
    expect(outside.status).toBe(404);
    const theirs = await open(k.key, 'conversations/list', { workWxid: foreign.wxid });
    expect(theirs.status).toBe(404);
    const inside = await open(k.key, 'conversations/list', { workWxid: accA.wxid });
    expect(inside.status, inside.message).toBe(200);
  });

  it('answers 404 for another tenant’s account, even with every account', async () => {
    const k = await createKey(demo, { permissions: ['conversation.read', 'conversation.send'] });
    const send = await open(k.key, 'messages/send', {
      workWxid: foreign.wxid,
      receiver_id: FRIEND,
      talkType: 1,
      idempotencyKey: 'foreign-1',
      message: { kind: 'text', content: 'hi' },
    });
    expect(send.status).toBe(404);
    const contacts = await open(k.key, 'contacts/list', { workWxid: foreign.wxid });
    expect(contacts.status).toBe(404);
  });

  it('narrows a key at once when its creator loses a permission or is disabled', async () => {
    const seat = await buildSeatWithRole(ctx, demo, {
      roleName: 'api-sender-2',
      permissions: ['conversation.read', 'conversation.send', 'openapi.manage'],
    });
    const k = await createKey(seat, { permissions: ['conversation.read', 'conversation.send'] });
    const sendBody = {
      workWxid: accA.wxid,
      receiver_id: FRIEND,
      talkType: 1,
      idempotencyKey: 'narrow-1',
      message: { kind: 'text', content: 'hi' },
    };
    // The seat sees no account: the send is refused for the account, not the permission.
    expect((await open(k.key, 'messages/send', sendBody)).status).toBe(404);
    const roles = await apiAs(ctx, demo).get<{ list: { id: string; roleName: string }[] }>(
      '/system-api/system/roles/list?pageSize=100',
    );
    const mine = roles.data.list.find((r) => r.roleName === 'api-sender-2')!;
    const edit = await apiAs(ctx, demo).post('/system-api/system/roles/edit', {
      id: mine.id,
      roleName: 'api-sender-2',
      permissions: ['conversation.read', 'openapi.manage'],
    });
    expect(edit.status).toBe(200);
    expect((await open(k.key, 'messages/send', sendBody)).status).toBe(403);
    expect((await open(k.key, 'tags/list')).status).toBe(200);
    const disable = await ctx.app.inject({
      method: 'PUT',
      url: '/system-api/system/cst/user/changeStatus',
      headers: demo.headers,
      payload: { uid: seat.uid, status: 'disabled' },
    });
    expect(disable.statusCode).toBe(200);
    expect((await open(k.key, 'tags/list')).status).toBe(401);
  });
});

describe('messages/send', () => {
  it('sends once for two calls with one idempotencyKey, as the key', async () => {
    const k = await createKey(demo, { permissions: ['conversation.read', 'conversation.send'] });
    const friends = await open(k.key, 'contacts/list', { workWxid: accA.wxid, pageSize: 5 });
    expect(friends.status, friends.message).toBe(200);
    const friend: string = friends.data.list[0].friendWxid;
    const body = {
      workWxid: accA.wxid,
      receiver_id: friend,
      talkType: 1,
      idempotencyKey: 'order-1001',
      message: { kind: 'text', content: '您的订单已发货' },
    };
    const first = await open(k.key, 'messages/send', body);
    expect(first.status, first.message).toBe(200);
    expect(first.data.messageId).toMatch(/^\d+$/);
    const again = await open(k.key, 'messages/send', body);
    expect(again.data).toEqual(first.data);
    const received = await eventually(async () => {
      const r = await apiAs(ctx, demo).post<{ list: SimReceivedItem[] }>('/sim-api/received', {
        workWxid: accA.wxid,
        peerWxid: friend,
      });
      const mine = r.data.list.filter((m) => m.content === '您的订单已发货');
      return mine.length > 0 ? mine : undefined;
    });
    expect(received).toHaveLength(1);
    // The person saw the account typing first (an API send, not a seat's).
    expect(received[0]!.typingMs).toBeGreaterThan(0);
    const msgs = await open(k.key, 'messages/list', { index_name: `1__${friend}__${accA.wxid}` });
    expect(msgs.status, msgs.message).toBe(200);
    const shown = msgs.data.list.filter((m: { content: string }) => m.content === '您的订单已发货');
    expect(shown).toHaveLength(1);
    // Sent by the key, named after it.
    expect(shown[0].sender).toEqual({ kind: 'api', name: 'CRM' });
  });

  it('filters conversations by updatedSince in the query: pages and totals count only those', async () => {
    const k = await createKey(demo, { permissions: ['conversation.read'] });
    const all = await open(k.key, 'conversations/list', { page: 1, pageSize: 1 });
    expect(all.status, all.message).toBe(200);
    expect(all.data.total).toBeGreaterThan(0);
    const newest: number = all.data.list[0].latestMsgTime;
    const since = await open(k.key, 'conversations/list', {
      page: 1,
      pageSize: 1,
      updatedSince: newest,
    });
    expect(since.data.list.map((c: { index_name: string }) => c.index_name)).toEqual(
      all.data.list.map((c: { index_name: string }) => c.index_name),
    );
    expect(since.data.total).toBeLessThanOrEqual(all.data.total);
    const later = await open(k.key, 'conversations/list', {
      page: 1,
      pageSize: 1,
      updatedSince: newest + 1,
    });
    expect(later.data).toMatchObject({ list: [], total: 0 });
  });

  it('sends a link and a mini program through the console’s rich sends', async () => {
    const k = await createKey(demo, { permissions: ['conversation.read', 'conversation.send'] });
    const peer = { workWxid: accA.wxid, receiver_id: FRIEND, talkType: 1 };
    const link = await open(k.key, 'messages/send', {
      ...peer,
      idempotencyKey: 'link-1',
      message: { kind: 'link', title: '新品上架', url: 'https://example.com/p/1' },
    });
    expect(link.status, link.message).toBe(200);
    const mini = await open(k.key, 'messages/send', {
      ...peer,
      idempotencyKey: 'mini-1',
      message: { kind: 'miniProgram', title: '下单', appId: 'wx123', pagePath: 'pages/index' },
    });
    expect(mini.status, mini.message).toBe(200);
    const badLink = await open(k.key, 'messages/send', {
      ...peer,
      idempotencyKey: 'link-2',
      message: { kind: 'link', title: 'x', url: 'javascript:alert(1)' },
    });
    expect(badLink.status).toBe(400);
    const msgs = await open(k.key, 'messages/list', { index_name: `1__${FRIEND}__${accA.wxid}` });
    const ids = msgs.data.list.map((m: { messageId: string }) => m.messageId);
    expect(ids).toEqual(expect.arrayContaining([link.data.messageId, mini.data.messageId]));
  });

  it('sends a contact card and a location through the outbox, as the platform gets them', async () => {
    const k = await createKey(demo, { permissions: ['conversation.read', 'conversation.send'] });
    const friends = await open(k.key, 'contacts/list', { workWxid: accA.wxid, pageSize: 5 });
    const [to, shared] = friends.data.list as { friendWxid: string; nickname: string }[];
    const peer = { workWxid: accA.wxid, receiver_id: to!.friendWxid, talkType: 1 };
    const card = {
      ...peer,
      idempotencyKey: 'card-1',
      message: { kind: 'card', wxid: shared!.friendWxid },
    };
    const sent = await open(k.key, 'messages/send', card);
    expect(sent.status, sent.message).toBe(200);
    expect((await open(k.key, 'messages/send', card)).data).toEqual(sent.data);
    const place = {
      kind: 'location',
      latitude: 31.2304,
      longitude: 121.4737,
      label: '上海市黄浦区南京东路 1 号',
      poiName: '南京东路门店',
    };
    const loc = await open(k.key, 'messages/send', {
      ...peer,
      idempotencyKey: 'loc-1',
      message: place,
    });
    expect(loc.status, loc.message).toBe(200);
    // The platform got one card (the contact as the account knows it) and one location.
    const received = await eventually(async () => {
      const r = await apiAs(ctx, demo).post<{ list: SimReceivedItem[] }>('/sim-api/received', {
        workWxid: accA.wxid,
        peerWxid: to!.friendWxid,
      });
      const cards = r.data.list.filter((m) => m.msgType === 9);
      const places = r.data.list.filter((m) => m.msgType === 18);
      return cards.length > 0 && places.length > 0 ? { cards, places } : undefined;
    });
    expect(received.cards).toHaveLength(1);
    expect(JSON.parse(received.cards[0]!.content)).toMatchObject({
      wxid: shared!.friendWxid,
      nickname: shared!.nickname,
    });
    expect(received.places).toHaveLength(1);
    const { kind: _kind, ...content } = place;
    expect(JSON.parse(received.places[0]!.content)).toEqual(content);
    const msgs = await open(k.key, 'messages/list', {
      index_name: `1__${to!.friendWxid}__${accA.wxid}`,
    });
    const byId = new Map(
      (msgs.data.list as { messageId: string; msgType: number }[]).map((m) => [m.messageId, m]),
    );
    expect(byId.get(sent.data.messageId)?.msgType).toBe(9);
    expect(byId.get(loc.data.messageId)?.msgType).toBe(18);

    // Someone the account does not know cannot be sent as a card; a place off the map is refused.
    const stranger = await open(k.key, 'messages/send', {
      ...peer,
      idempotencyKey: 'card-2',
      message: { kind: 'card', wxid: 'wxid_nobody_known' },
    });
    expect([stranger.status, stranger.message]).toEqual([
      404,
      'The work account has no such contact to send as a card',
    ]);
    const offMap = await open(
      k.key,
      'messages/send',
      { ...peer, idempotencyKey: 'loc-2', message: { ...place, latitude: 91 } },
      'zh-CN',
    );
    expect(offMap.status).toBe(400);
    expect(offMap.message).toContain('纬度在 -90 到 90 之间');
  });

  it('answers 409 for a card or a location the platform cannot send, storing nothing', async () => {
    const k = await createKey(demo, { permissions: ['conversation.read', 'conversation.send'] });
    const peer = { workWxid: accA.wxid, receiver_id: FRIEND, talkType: 1 };
    const listed = async () =>
      (await open(k.key, 'messages/list', { index_name: `1__${FRIEND}__${accA.wxid}`, limit: 100 }))
        .data.list.length as number;
    const before = await listed();
    const caps = ctx.deps.runtime.gateway.capabilities as Set<string>;
    caps.delete('sendCard');
    caps.delete('sendLocation');
    try {
      const card = await open(k.key, 'messages/send', {
        ...peer,
        idempotencyKey: 'nocard-1',
        message: { kind: 'card', wxid: FRIEND },
      });
      expect([card.status, card.message]).toEqual([409, 'This platform cannot send contact cards']);
      const loc = await open(
        k.key,
        'messages/send',
        {
          ...peer,
          idempotencyKey: 'noloc-1',
          message: { kind: 'location', latitude: 1, longitude: 2, label: 'x' },
        },
        'zh-CN',
      );
      expect([loc.status, loc.message]).toEqual([409, '当前平台不支持发送位置']);
      // Visibility first: another company's account is still a 404.
      const foreignCard = await open(k.key, 'messages/send', {
        ...peer,
        workWxid: foreign.wxid,
        idempotencyKey: 'nocard-2',
        message: { kind: 'card', wxid: FRIEND },
      });
      expect(foreignCard.status).toBe(404);
    } finally {
      caps.add('sendCard');
      caps.add('sendLocation');
    }
    expect(await listed()).toBe(before);
  });

  it('uploads a file and sends it as an image', async () => {
    const k = await createKey(demo, { permissions: ['conversation.send'] });
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const boundary = '----cstopen';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dot.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await ctx.app.inject({
      method: 'POST',
      url: '/open/v1/files/upload',
      headers: {
        authorization: `Bearer ${k.key}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const url = (up.json() as { data: { url: string } }).data.url;
    const sent = await open(k.key, 'messages/send', {
      workWxid: accA.wxid,
      receiver_id: FRIEND,
      talkType: 1,
      idempotencyKey: 'pic-1',
      message: { kind: 'image', fileUrl: url },
    });
    expect(sent.status, sent.message).toBe(200);
    const notMultipart = await open(k.key, 'files/upload', {});
    expect(notMultipart.status).toBe(400);
  });
});

describe('limits and hostile input', () => {
  it('answers 429 with Retry-After over the key’s rate, counted on the server’s clock', async () => {
    const k = await createKey(demo, { permissions: ['conversation.read'] });
    expect((await open(k.key, 'tags/list')).status).toBe(200);
    // The server's clock goes back a minute: the bucket refills nothing until it catches up,
    // so exactly the 39 tokens left of the burst of 40 pass.
    ctx.clock.offset -= 60_000;
    try {
      for (let i = 0; i < 39; i++) {
        expect((await open(k.key, 'tags/list')).status, `request ${i}`).toBe(200);
      }
      const over = await open(k.key, 'tags/list', {}, 'zh-CN');
      expect(over.status).toBe(429);
      expect(over.headers['retry-after']).toBe('1');
      expect(over.message).toBe('操作过于频繁，请 1 秒后再试');
    } finally {
      ctx.clock.offset += 60_000;
    }
    ctx.clock.offset += 2_000;
    try {
      expect((await open(k.key, 'tags/list')).status).toBe(200);
    } finally {
      ctx.clock.offset -= 2_000;
    }
  });

  it('lets a manager set a key’s rate within the server’s maximum', async () => {
    const k = await createKey(demo, { permissions: ['conversation.read'] });
    const keys = apiAs(ctx, demo, 'en');
    const listed = async () =>
      (
        await keys.post<{ list: { id: string; ratePerSec: number; burst: number }[] }>(
          '/main-api/open/keys/list',
        )
      ).data.list.find((i) => i.id === k.id)!;
    expect(await listed()).toMatchObject({ ratePerSec: 20, burst: 40 });
    const tooFast = await keys.post('/main-api/open/keys/update', {
      id: k.id,
      ratePerSec: 201,
      burst: 400,
    });
    expect(tooFast.status).toBe(400);
    const below = await keys.post('/main-api/open/keys/update', {
      id: k.id,
      ratePerSec: 5,
      burst: 2,
    });
    expect([below.status, below.message]).toEqual([
      400,
      'The burst cannot be below the requests per second',
    ]);
    const unknown = await keys.post('/main-api/open/keys/update', {
      id: '00000000-0000-4000-8000-000000000000',
      ratePerSec: 1,
      burst: 1,
    });
    expect(unknown.status).toBe(404);
    const theirs = await apiAs(ctx, other, 'en').post('/main-api/open/keys/update', {
      id: k.id,
      ratePerSec: 1,
      burst: 1,
    });
    expect(theirs.status).toBe(404);
    const ok = await keys.post('/main-api/open/keys/update', { id: k.id, ratePerSec: 1, burst: 3 });
    expect(ok.status, ok.message).toBe(200);
    expect(await listed()).toMatchObject({ ratePerSec: 1, burst: 3 });
    // The bucket is cut to the new burst: three pass, the fourth waits (the clock stands still).
    ctx.clock.offset -= 60_000;
    try {
      for (let i = 0; i < 3; i++) {
        expect((await open(k.key, 'tags/list')).status, `request ${i}`).toBe(200);
      }
      expect((await open(k.key, 'tags/list')).status).toBe(429);
    } finally {
      ctx.clock.offset += 60_000;
    }
  });

  it('never answers 5xx to crafted bodies', async () => {
    const k = await createKey(demo, {
      permissions: [
        'conversation.read',
        'conversation.send',
        'contact.manage',
        'task.manage',
        'customer.manage',
      ],
    });
    const paths = [
      'accounts/list',
      'conversations/list',
      'messages/list',
      'messages/send',
      'contacts/list',
      'contacts/tag',
      'tags/list',
      'tasks/bulk-send/create',
      'tasks/bulk-send/fetch',
      'friend-requests/list',
      'friend-requests/accept',
      'files/upload',
    ];
    const bodies: unknown[] = [
      {},
      [],
      'x',
      { page: -1, pageSize: 1e9 },
      { workWxid: accA.wxid, receiver_id: FRIEND, talkType: 3, idempotencyKey: '', message: {} },
      {
        workWxid: accA.wxid,
        receiver_id: FRIEND,
        talkType: 1,
        idempotencyKey: 'x',
        message: { kind: 'card' },
      },
      {
        workWxid: accA.wxid,
        receiver_id: FRIEND,
        talkType: 1,
        idempotencyKey: 'y',
        message: { kind: 'image', fileUrl: '/oss-api/../../etc/passwd' },
      },
      { index_name: "1__x'; drop table users;--__y", before: '99999999999999999' },
      { id: 'not-a-uuid' },
      { id: '00000000-0000-0000-0000-000000000000' },
      { targets: [{ workWxid: accA.wxid, friendWxid: 'nobody' }], tagIds: ['x'], op: 'add' },
      { workWxid: 'a'.repeat(129), tagIds: [null], keyword: { $ne: 1 } },
    ];
    for (const p of paths) {
      for (const b of bodies) {
        const r = await open(k.key, p, b);
        expect(r.status, `${p} ${JSON.stringify(b)}: ${r.message}`).toBeLessThan(500);
      }
    }
  });
});

describe('the docs of the public API', () => {
  it('serves its own document and page without login', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/open/v1/docs/' });
    expect(page.statusCode).toBeLessThan(400);
    const doc = await ctx.app.inject({ method: 'GET', url: '/open/v1/docs/json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json() as {
      paths: Record<
        string,
        Record<string, { 'x-codeSamples': { label: string }[]; description: string }>
      >;
    };
    const paths = Object.keys(spec.paths);
    expect(paths).toContain('/open/v1/messages/send');
    expect(paths.every((p) => p.startsWith('/open/v1/'))).toBe(true);
    expect(
      spec.paths['/open/v1/messages/send']!.post!['x-codeSamples'].map((s) => s.label),
    ).toEqual(['curl', 'Node', 'Python']);
    const shown = spec.paths['/open/v1/messages/send']!.post!.description;
    expect(shown).toContain('curl -s');
    expect(shown).toContain('await fetch(');
    expect(shown).toContain('requests.post(');
  });
});
