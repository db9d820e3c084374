import { beforeAll, describe, expect, it } from 'vitest';
import { loginNoticeContent, MSG_TYPE, type ConversationItem, type MessageItem } from '@cst/shared';
import { useTestServer, type Session } from '../../../test/support.ts';
import { buildAccount, buildOtherTenant, signInAs } from '../../../test/factories.ts';
import {
  addAccount,
  apiAs,
  eventually,
  waitStatus,
  type ListedAccount,
} from '../accounts/account.test-support.ts';

// Opening a conversation at a message (history hits: `aroundMessageId`, `afterMessageId`) and
// login notices (message type 23) as the inbox reads them.

const ctx = useTestServer();
let demo: Session;
let other: Session;
let acc: ListedAccount;
/** The 40 texts of the friend, oldest first. */
let all: MessageItem[] = [];

const FRIEND = 'wxid_anchor_friend';
const api = (s: Session = demo) => apiAs(ctx, s);
const idx = (peer = FRIEND) => `1__${peer}__${acc.wxid}`;
const texts = (list: MessageItem[]) => list.map((m) => m.content);

type Page = { list: MessageItem[]; hasMore: boolean; hasNewer?: boolean; anchored?: boolean };

async function page(body: Record<string, unknown>, s: Session = demo, peer = FRIEND) {
  return api(s).post<Page>('/main-api/conv/messages', { index_name: idx(peer), ...body });
}

async function inbound(content: string, msgType = 1, fromWxid = FRIEND) {
  const r = await api().post<{ msgId: string }>('/sim-api/inbound', {
    workWxid: acc.wxid,
    fromWxid,
    talkType: 1,
    msgType,
    content,
  });
  expect(r.status).toBe(200);
}

const label = (i: number) => `第${String(i).padStart(2, '0')}条`;

beforeAll(async () => {
  ({ demo } = await signInAs(ctx, 'demo'));
  other = await buildOtherTenant(ctx);
  acc = await buildAccount(ctx, demo, { nickname: '定位测试号' });
  for (let i = 1; i <= 40; i += 1) await inbound(label(i));
  all = await eventually(async () => {
    const r = await page({ limit: 100 });
    return r.status === 200 && r.data.list.length === 40 ? r.data.list : undefined;
  }, 20_000);
});

describe('conv/messages around a message', () => {
  it('gives the message with older ones before and newer ones after, oldest first', async () => {
    const anchor = all[9]!; // 第10条
    const r = await page({ aroundMessageId: anchor.messageId, limit: 10 });
    expect(r.status).toBe(200);
    expect(texts(r.data.list)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14].map(label));
    expect(r.data.list[5]!.messageId).toBe(anchor.messageId);
    expect(r.data).toMatchObject({ hasMore: true, hasNewer: true, anchored: true });
    // A number works as well as a string, as for beforeMessageId.
    const n = await page({ aroundMessageId: Number(anchor.messageId), limit: 10 });
    expect(texts(n.data.list)).toEqual(texts(r.data.list));
  });

  it('tells when the page reaches the oldest or the newest message', async () => {
    const first = await page({ aroundMessageId: all[1]!.messageId, limit: 10 });
    expect(texts(first.data.list)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(label));
    expect(first.data).toMatchObject({ hasMore: false, hasNewer: true });
    const last = await page({ aroundMessageId: all[38]!.messageId, limit: 10 });
    expect(texts(last.data.list)).toEqual([31, 32, 33, 34, 35, 36, 37, 38, 39, 40].map(label));
    expect(last.data).toMatchObject({ hasMore: true, hasNewer: false, anchored: true });
  });

  it('pages down after a message until it joins the latest', async () => {
    const start = await page({ aroundMessageId: all[9]!.messageId, limit: 10 });
    let cursor = start.data.list.at(-1)!.messageId;
    const seen = texts(start.data.list);
    for (;;) {
      const r = await page({ afterMessageId: cursor, limit: 10 });
      expect(r.status).toBe(200);
      expect(r.data.hasMore).toBe(true);
      seen.push(...texts(r.data.list));
      if (!r.data.hasNewer) break;
      cursor = r.data.list.at(-1)!.messageId;
    }
    expect(seen).toEqual(Array.from({ length: 36 }, (_, i) => label(i + 5)));
    // Paging up from the start of the window still works (API.md's beforeMessageId).
    const up = await page({ beforeMessageId: start.data.list[0]!.messageId, limit: 10 });
    expect(texts(up.data.list)).toEqual([1, 2, 3, 4].map(label));
    expect(up.data.hasMore).toBe(false);
  });

  it("keeps API.md's shape without the new cursors", async () => {
    const r = await page({ limit: 5 });
    expect(Object.keys(r.data).sort()).toEqual(['hasMore', 'list']);
    expect(texts(r.data.list)).toEqual([36, 37, 38, 39, 40].map(label));
  });

  it('rejects bad cursors and conversations of another tenant', async () => {
    expect((await page({ aroundMessageId: 'abc' })).status).toBe(400);
    expect((await page({ afterMessageId: -1 })).status).toBe(400);
    const foreign = await page({ aroundMessageId: all[9]!.messageId }, other);
    expect(foreign.status).toBe(404);
    expect(foreign.data?.list).toBeUndefined();
  });

  it('opens at the latest messages when the message is older than the one-month window', async () => {
    const old = all[20]!;
    ctx.clock.offset += 32 * 86_400_000;
    try {
      await inbound('一个月后的消息');
      const r = await eventually(async () => {
        const p = await page({ aroundMessageId: old.messageId, limit: 10 });
        return p.data.list.length > 0 ? p : undefined;
      });
      expect(r.status).toBe(200);
      expect(r.data).toMatchObject({ anchored: false, hasMore: false, hasNewer: false });
      expect(texts(r.data.list)).toEqual(['一个月后的消息']);
    } finally {
      ctx.clock.offset -= 32 * 86_400_000;
    }
  });
});

describe('login notices (type 23)', () => {
  const SECURITY = 'weixin';

  it('stores a login notice with its JSON content and previews why, where and which IP', async () => {
    const content = {
      ip: '183.14.22.9',
      createdAt: Date.now(),
      address: '广东 深圳',
      reason: '新设备登录',
      agent: 'iPad 微信 8.0.50',
    };
    await inbound(JSON.stringify(content), MSG_TYPE.loginNotice, SECURITY);
    const list = await eventually(async () => {
      const r = await page({}, demo, SECURITY);
      return r.status === 200 && r.data.list.length > 0 ? r.data.list : undefined;
    });
    expect(list.at(-1)).toMatchObject({
      msgType: 23,
      sendSide: 2,
      msg_text: '新设备登录 广东 深圳 183.14.22.9',
    });
    expect(JSON.parse(list.at(-1)!.content)).toEqual(content);
    const convs = await api().post<{ list: ConversationItem[] }>('/main-api/conv/list', {
      mode: 'aggregated',
      page: 1,
      pageSize: 100,
    });
    const conv = convs.data.list.find((c) => c.receiver_id === SECURITY);
    expect(conv).toMatchObject({
      lastMsgType: 23,
      msg_text: '新设备登录 广东 深圳 183.14.22.9',
    });
    expect(conv!.unRead).toBeGreaterThan(0);
  });

  it('makes a realistic notice when the simulator is asked for one without content', async () => {
    await inbound('', MSG_TYPE.loginNotice, SECURITY);
    const last = await eventually(async () => {
      const r = await page({}, demo, SECURITY);
      return r.data.list.length >= 2 ? r.data.list.at(-1) : undefined;
    });
    const parsed = loginNoticeContent.parse(JSON.parse(last!.content));
    expect(parsed.ip).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(last!.msg_text).toBe(`${parsed.reason} ${parsed.address} ${parsed.ip}`);
  });

  it('arrives from the security account when a known account signs in again by QR', async () => {
    const other = await addAccount(ctx, demo, { nickname: '重新登录号' });
    expect(
      (await api().post('/sim-api/fault', { workWxid: other.wxid, kind: 'kickOut' })).status,
    ).toBe(200);
    await waitStatus(ctx, demo, other.wxid, 'kickedOut');
    const code = await api().post<{ loginId: string }>('/main-api/acc/qr-login-code', {
      wxid: other.wxid,
    });
    expect(code.status).toBe(200);
    const scan = await api().post('/sim-api/qr/scan', {
      loginId: code.data.loginId,
      confirm: true,
    });
    expect(scan.status).toBe(200);
    const conv = await eventually(async () => {
      const r = await api().post<{ list: ConversationItem[] }>('/main-api/conv/list', {
        mode: 'account',
        workWxid: other.wxid,
        page: 1,
        pageSize: 50,
      });
      return r.data.list.find((c) => c.receiver_id === SECURITY);
    });
    expect(conv).toMatchObject({ name: '微信团队', lastMsgType: 23, unRead: 1 });
    expect(conv!.msg_text).toMatch(/^新设备登录 \S+/);
  });

  it('refuses a login notice whose content is not JSON', async () => {
    const r = await api().post('/sim-api/inbound', {
      workWxid: acc.wxid,
      fromWxid: SECURITY,
      talkType: 1,
      msgType: MSG_TYPE.loginNotice,
      content: '不是 JSON',
    });
    expect(r.status).toBe(400);
  });
});
