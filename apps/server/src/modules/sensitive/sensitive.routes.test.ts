import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SensitiveRecordItem, SensitiveWordItem } from '@cst/shared';
import { useTestServer, type Session } from '../../../test/support.ts';
import {
  buildAccount,
  buildOtherTenant,
  quickSimulator,
  signInAs,
} from '../../../test/factories.ts';
import { apiAs, eventually, type ListedAccount } from '../accounts/account.test-support.ts';
import { workAccounts } from '../../db/schema/index.ts';
import { resolveToken } from '../../platform/auth-context.ts';
import { insertHits } from './sensitive.repository.ts';
import { SensitiveService } from './sensitive.service.ts';

const ctx = useTestServer();
let demo: Session;
let sup: Session;
let seat1: Session;
let seat2: Session;
let other: Session;
let acc: ListedAccount;
let acc2: ListedAccount;
const FRIEND = 'wxid_sens_friend_1';
const api = (s: Session = demo, lang?: string) => apiAs(ctx, s, lang);

async function records(s: Session, body: Record<string, unknown> = {}) {
  return api(s).post<{ list: SensitiveRecordItem[]; total: number }>(
    '/main-api/conv/sensitive-msg-record',
    { page: 1, pageSize: 50, ...body },
  );
}

async function inbound(account: ListedAccount, content: string, msgType = 1) {
  const r = await api().post<{ msgId: string }>('/sim-api/inbound', {
    workWxid: account.wxid,
    fromWxid: FRIEND,
    talkType: 1,
    msgType,
    content,
  });
  expect(r.status, r.message).toBe(200);
}

beforeAll(async () => {
  ({ demo, sup, seat1, seat2 } = await signInAs(ctx, 'demo', 'sup', 'seat1', 'seat2'));
  other = await buildOtherTenant(ctx);
  acc = await buildAccount(ctx, demo, { nickname: '敏感词测试号', distributeTo: seat1 });
  acc2 = await buildAccount(ctx, demo, { nickname: '敏感词测试号二' });
  await quickSimulator(ctx, demo);
});

describe('sensitive words', () => {
  it('adds in bulk ignoring blanks and duplicates, lists, searches and deletes', async () => {
    const add = await api().post<{ added: number; ignored: number }>('/main-api/sensitive/add', {
      words: ['转账', ' 加微信 ', '', '转账', 'VX'],
    });
    expect(add.status, add.message).toBe(200);
    expect(add.data).toEqual({ added: 3, ignored: 2 });
    const again = await api().post<{ added: number }>('/main-api/sensitive/add', {
      words: ['vx', '转账'],
    });
    expect(again.data.added).toBe(0);
    const list = await api().post<{ list: SensitiveWordItem[]; total: number }>(
      '/main-api/sensitive/list',
      {
        page: 1,
        pageSize: 20,
      },
    );
    expect(list.data.total).toBe(3);
    expect(list.data.list.map((w) => w.word).sort()).toEqual(['VX', '加微信', '转账']);
    const found = await api().post<{ list: SensitiveWordItem[] }>('/main-api/sensitive/list', {
      keyword: '微信',
    });
    expect(found.data.list.map((w) => w.word)).toEqual(['加微信']);
    const tmp = await api().post('/main-api/sensitive/add', { words: ['临时词'] });
    expect(tmp.status).toBe(200);
    const all = await api().post<{ list: SensitiveWordItem[] }>('/main-api/sensitive/list', {
      keyword: '临时',
    });
    // A malformed id refuses the whole call and deletes nothing; an unknown one is skipped.
    const bad = await api().post('/main-api/sensitive/del', {
      ids: [all.data.list[0]!.id, 'nope'],
    });
    expect(bad.status).toBe(400);
    const del = await api().post<{ deleted: number }>('/main-api/sensitive/del', {
      ids: [all.data.list[0]!.id, randomUUID()],
    });
    expect(del.data.deleted).toBe(1);
    // Another tenant has its own list.
    expect(
      (await api(other).post<{ total: number }>('/main-api/sensitive/list', {})).data.total,
    ).toBe(0);
    expect(
      (
        await api(other).post<{ deleted: number }>('/main-api/sensitive/del', {
          ids: [list.data.list[0]!.id],
        })
      ).data.deleted,
    ).toBe(0);
  });

  it('checks input: blank words, too long, and the permission', async () => {
    const blank = await api().post('/main-api/sensitive/add', { words: ['  ', ''] });
    expect(blank.status).toBe(400);
    expect(blank.message).toBe('敏感词不能为空');
    const none = await api().post('/main-api/sensitive/add', {});
    expect(none.status).toBe(400);
    const long = await api().post('/main-api/sensitive/add', { words: ['x'.repeat(51)] });
    expect(long.status).toBe(400);
    expect((await api(seat1).post('/main-api/sensitive/add', { words: ['a'] })).status).toBe(403);
    expect((await api(seat1).post('/main-api/sensitive/list', {})).status).toBe(403);
  });

  it('records received and sent text messages containing a word, by visibility', async () => {
    await inbound(acc, '可以先转账给我吗');
    await inbound(acc, '没有敏感内容');
    await inbound(acc2, '加微信聊，vx 号发你');
    await inbound(acc, '[图片]转账', 2);
    const send = await api(seat1).post<{ messageId: string }>('/main-api/conv/send-text', {
      workWxid: acc.wxid,
      receiver_id: FRIEND,
      talkType: 1,
      content: '请不要私下转账',
      sendingUUid: 's-1',
    });
    expect(send.status, send.message).toBe(200);
    const all = await eventually(async () => {
      const r = await records(demo);
      return r.data.total === 4 ? r.data : undefined;
    });
    const sent = all.list.find((x) => x.sendSide === 1)!;
    expect(sent).toMatchObject({
      word: '转账',
      content: '请不要私下转账',
      messageId: send.data.messageId,
      workWxid: acc.wxid,
      index_name: `1__${FRIEND}__${acc.wxid}`,
      // Who typed it, and on which work account (issue 31 §1).
      senderName: '客服一号',
      accountName: acc.nickname,
    });
    const received = all.list.find((x) => x.content === '可以先转账给我吗')!;
    expect(received).toMatchObject({ word: '转账', sendSide: 2, senderName: null });
    expect(received.messageId).toMatch(/^\d+$/);
    expect(
      all.list
        .filter((x) => x.workWxid === acc2.wxid)
        .map((x) => x.word)
        .sort(),
    ).toEqual(['VX', '加微信']);
    // A seat sees its accounts' records, another seat none, another tenant none.
    const s1 = await records(seat1);
    expect(s1.status).toBe(200);
    expect(s1.data.total).toBe(2);
    expect(s1.data.list.every((x) => x.workWxid === acc.wxid)).toBe(true);
    expect((await records(seat2)).data.total).toBe(0);
    expect((await records(other)).data.total).toBe(0);
    expect((await records(demo, { workWxid: acc2.wxid })).data.total).toBe(2);
    expect((await records(seat1, { workWxid: acc2.wxid })).status).toBe(404);
  });

  it('gives a subAdmin the words to highlight, nobody else', async () => {
    const s = await api(sup).get<{ enabled: boolean; words: string[] }>(
      '/main-api/sensitive/highlight',
    );
    expect(s.data.enabled).toBe(true);
    expect(s.data.words).toEqual(expect.arrayContaining(['转账', '加微信', 'VX']));
    for (const who of [seat1, demo, other]) {
      const r = await api(who).get<{ enabled: boolean; words: string[] }>(
        '/main-api/sensitive/highlight',
      );
      expect(r.data).toEqual({ enabled: false, words: [] });
    }
  });
});

describe('hit records export', () => {
  /** Every page of the records route, 7 a page: the messages a user paging the list sees. */
  async function paged(s: Session, body: Record<string, unknown> = {}) {
    const out: string[] = [];
    for (let page = 1; ; page += 1) {
      const r = await records(s, { ...body, page, pageSize: 7 });
      expect(r.status).toBe(200);
      out.push(...r.data.list.map((x) => x.content));
      if (r.data.list.length < 7) return out;
    }
  }

  it('gives exactly the rows of the list in its order, in keyset chunks, through the route', async () => {
    // Many hits, several in the same millisecond: the chunks must continue across the ties.
    const [a] = await ctx.deps.db
      .select({ id: workAccounts.id, tenantId: workAccounts.tenantId })
      .from(workAccounts)
      .where(eq(workAccounts.wxid, acc.wxid));
    await insertHits(
      ctx.deps.db,
      Array.from({ length: 40 }, (_, i) => ({
        tenantId: a!.tenantId,
        workAccountId: a!.id,
        workWxid: acc.wxid,
        talkType: 1,
        peerId: FRIEND,
        word: '转账',
        content: `导出顺序 ${i}`,
        sendSide: 2,
        msgTime: 1_780_000_000_000 + Math.floor(i / 6),
      })),
    );
    const service = new SensitiveService(ctx.deps);
    for (const [s, workWxid] of [
      [demo, undefined],
      [demo, acc.wxid],
      [seat1, undefined],
    ] as const) {
      const list = await paged(s, workWxid ? { workWxid } : {});
      expect(list.filter((c) => c.startsWith('导出顺序'))).toHaveLength(40);
      const auth = (await resolveToken(ctx.deps.db, s.token, 3_600_000))!;
      for (const chunk of [1, 4, 500]) {
        const out: string[] = [];
        for await (const r of service.exportRecords(auth, workWxid, chunk)) out.push(r.content);
        expect(out).toEqual(list);
      }
    }
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/main-api/conv/sensitive-msg-record/export`,
      headers: demo.headers,
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: string[] = [];
    book.worksheets[0]!.eachRow((row, n) => {
      if (n > 1) rows.push(String(row.getCell(4).value));
    });
    expect(rows).toEqual(await paged(demo));
    const hidden = await ctx.app.inject({
      method: 'GET',
      url: `/main-api/conv/sensitive-msg-record/export?workWxid=${acc2.wxid}`,
      headers: seat1.headers,
    });
    expect(hidden.statusCode).toBe(404);
  });
});
