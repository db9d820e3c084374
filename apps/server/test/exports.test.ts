import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { addAccount, apiAs } from '../src/modules/accounts/account.test-support.ts';
import { buildTenant, useTestServer, type Session } from './support.ts';
import { buildOtherTenant, signInAs } from './factories.ts';

const ctx = useTestServer();
let admin: Session;
let demo: Session;
let seat: Session;
let other: Session;

/** GETs an export with the session headers, as the console's download does (no token in the address). */
async function download(
  url: string,
  s: Session | null,
  query: Record<string, string> = {},
  lang = 'zh-CN',
) {
  const search = new URLSearchParams(query);
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${url}?${search.toString()}`,
    headers: { ...(s ? s.headers : {}), 'accept-language': lang },
  });
  let rows: unknown[][] = [];
  if (res.statusCode === 200) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  } else {
    rows = [];
  }
  return { status: res.statusCode, headers: res.headers, rows, body: res.body };
}

const column = (rows: unknown[][], header: string) => {
  const i = rows[0]!.indexOf(header);
  expect(i, `column ${header}`).toBeGreaterThanOrEqual(0);
  return rows.slice(1).map((r) => r[i]);
};

beforeAll(async () => {
  ({ admin, demo, seat1: seat } = await signInAs(ctx, 'admin', 'demo', 'seat1'));
  other = await buildOtherTenant(ctx, '导出隔离企业');
});

describe('work-account export', () => {
  const URL = '/main-api/acc/export';

  it('streams the accounts under the list filter, times in the caller’s zone', async () => {
    const a = await addAccount(ctx, demo, { nickname: '导出测试甲' });
    await addAccount(ctx, demo, { nickname: '导出测试乙' });
    const all = await download(URL, demo, { tzOffset: '-480' });
    expect(all.status).toBe(200);
    expect(all.headers['content-type']).toContain('spreadsheetml');
    expect(all.headers['content-disposition']).toMatch(/^attachment;.*\.xlsx/);
    expect(column(all.rows, '昵称')).toEqual(expect.arrayContaining(['导出测试甲', '导出测试乙']));
    expect(column(all.rows, '状态')).toContain('在线');

    const one = await download(URL, demo, { keyword: '导出测试甲' });
    expect(column(one.rows, '微信号')).toEqual([a.wxid]);
    const en = await download(URL, demo, { keyword: '导出测试甲' }, 'en');
    expect(en.rows[0]).toContain('Nickname');
    expect(column(en.rows, 'Status')).toEqual(['Online']);
  });

  it('shows another tenant none of these accounts, and refuses a seat without account.manage', async () => {
    const mine = await download(URL, other);
    expect(mine.status).toBe(200);
    expect(mine.rows).toHaveLength(1); // the header only
    expect((await download(URL, seat)).status).toBe(403);
    expect((await download(URL, null)).status).toBe(401);
  });

  it('answers bad filters with 400', async () => {
    expect((await download(URL, demo, { status: 'nope' })).status).toBe(400);
    expect((await download(URL, demo, { tzOffset: '99999' })).status).toBe(400);
    expect((await download(URL, demo, { keyword: 'x'.repeat(65) })).status).toBe(400);
  });
});

describe('user export', () => {
  const URL = '/system-api/system/cst/user/export';

  it('gives the platform admin the customers and a manager the tenant’s own sub-accounts', async () => {
    const customers = await download(URL, admin);
    expect(customers.status).toBe(200);
    expect(column(customers.rows, '企业名称')).toEqual(expect.arrayContaining(['导出隔离企业']));
    const subs = await download(URL, demo, { keyword: 'demo-seat' });
    expect(column(subs.rows, '账号').sort()).toEqual(['demo-seat1', 'demo-seat2']);
    expect(column(subs.rows, '角色')).toEqual(['客服', '客服']);
    const others = await download(URL, other);
    expect(column(others.rows, '账号')).not.toContain('demo-seat1');
  });

  it('refuses a seat without seat.manage and bad filters', async () => {
    expect((await download(URL, seat)).status).toBe(403);
    expect((await download(URL, demo, { role: 'king' })).status).toBe(400);
  });
});

describe('port export', () => {
  const URL = '/system-api/system/user/port/export';

  it('lists the admin every port of a company, with its state in words', async () => {
    const t = await buildTenant(ctx, '导出端口企业');
    const add = await apiAs(ctx, admin).post('/system-api/system/user/port/add', {
      tenantId: t.tenant.id,
      count: 3,
      days: 30,
    });
    expect(add.status).toBe(200);
    const res = await download(URL, admin, { tenantId: t.tenant.id });
    expect(res.status).toBe(200);
    expect(column(res.rows, '所属企业')).toEqual(['导出端口企业', '导出端口企业', '导出端口企业']);
    expect(column(res.rows, '状态')).toEqual(['使用中', '使用中', '使用中']);
    expect((await download(URL, admin, { state: 'forever' })).status).toBe(400);
    expect((await download(URL, seat)).status).toBe(403);
  });
});

describe('sensitive-word exports', () => {
  it('exports the tenant’s words under the keyword, and nothing of another tenant', async () => {
    const add = await apiAs(ctx, demo).post('/main-api/sensitive/add', {
      words: ['导出词一', '导出词二', '别的词'],
    });
    expect(add.status).toBe(200);
    const res = await download('/main-api/sensitive/export', demo, { keyword: '导出词' });
    expect(res.status).toBe(200);
    expect(column(res.rows, '敏感词').sort()).toEqual(['导出词一', '导出词二']);
    expect((await download('/main-api/sensitive/export', other)).rows).toHaveLength(1);
    expect((await download('/main-api/sensitive/export', seat)).status).toBe(403);
  });

  it('exports the hit records with their headers', async () => {
    const res = await download('/main-api/conv/sensitive-msg-record/export', demo);
    expect(res.status).toBe(200);
    expect(res.rows[0]).toEqual([
      '敏感词',
      '会话',
      '工作号',
      '消息内容',
      '方向',
      '时间',
      '发送坐席',
      '工作号名称',
    ]);
    const bad = await download('/main-api/conv/sensitive-msg-record/export', demo, {
      workWxid: 'x'.repeat(300),
    });
    expect(bad.status).toBe(400);
  });
});
