import { randomBytes, randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FanImportReport, OssTokenPayload } from '@cst/shared';
import { useStartedServer, type Session } from '../../../test/support.ts';
import {
  buildAccount,
  buildOtherTenant,
  buildSeatWithRole,
  signInAs,
} from '../../../test/factories.ts';
import {
  addAccount,
  apiAs,
  type HasApp,
  type ListedAccount,
} from '../accounts/account.test-support.ts';
import {
  createTask,
  receivedRequests,
  rowsOf,
  waitTask,
} from '../fan-tasks/fan-task.test-support.ts';
import { multipart } from '../files/files.test-support.ts';
import { xlsxOf } from './fan-import.test-support.ts';

// Issue 14 §3: importing a list for a bulk friend-adding task — template, check, create from file.

// PGlite, or PostgreSQL when TEST_DATABASE_URL is set.
const server = useStartedServer({
  accounts: { simulator: { loginDelayMs: 20, friendAcceptDelayMs: 300 } },
});
let demo: Session;
let seat1: Session;
let seat2: Session;
let other: Session;
let readOnly: Session;
let admin: Session;
let acc: ListedAccount;
let acc2: ListedAccount;

const api = (s: Session = demo, lang?: string) => apiAs(server, s, lang);
const HEADER = ['手机号或账号', '打招呼语', '备注', '标签'];

/** Uploads bytes into the caller's own folder as the SPA does; the file's address. */
async function upload(ctx: HasApp, s: Session, name: string, data: Buffer): Promise<string> {
  const t = await ctx.app.inject({ method: 'GET', url: '/main-api/oss/token', headers: s.headers });
  const token = JSON.parse((t.json() as { data: { token: string } }).data.token) as OssTokenPayload;
  const ext = name.slice(name.lastIndexOf('.') + 1);
  const key = `${token.dir}fans/import/20260101/${Date.now()}-${randomUUID()}.${ext}`;
  const body = multipart(
    [
      ['key', key],
      ['OSSAccessKeyId', token.accessid],
      ['policy', token.policy],
      ['signature', token.signature],
      ['success_action_status', '200'],
    ],
    { filename: name, data },
  );
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/oss-api',
    headers: body.headers,
    payload: body.payload,
  });
  if (res.statusCode !== 200) throw new Error(`upload: ${res.body}`);
  return (res.json() as { data: { url: string } }).data.url;
}

async function check(s: Session, fileUrl: string, lang?: string, fileName?: string) {
  return api(s, lang).post<FanImportReport>('/task-api/fans/import/check', { fileUrl, fileName });
}

function template(s: Session | null, query: string, lang = 'zh-CN') {
  return server.app.inject({
    method: 'GET',
    url: `/task-api/fans/import/template?${query}`,
    headers: { ...(s?.headers ?? {}), 'accept-language': lang },
  });
}

beforeAll(async () => {
  ({ demo, seat1, seat2, admin } = await signInAs(server, 'demo', 'seat1', 'seat2', 'admin'));
  other = await buildOtherTenant(server);
  readOnly = await buildSeatWithRole(server, demo, {
    roleName: '只看会话（导入）',
    permissions: ['conversation.read'],
  });
  acc = await buildAccount(server, demo, { nickname: '导入测试号1' });
  acc2 = await buildAccount(server, demo, { nickname: '导入测试号2' });
});

describe('template', () => {
  it('downloads the xlsx template with headers in the caller’s language, and the txt one', async () => {
    const zh = await template(seat1, 'format=xlsx');
    expect(zh.statusCode).toBe(200);
    expect(zh.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(zh.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(1).values).toEqual([undefined, ...HEADER]);
    const en = await template(seat1, 'format=xlsx&lang=en');
    const enBook = new ExcelJS.Workbook();
    await enBook.xlsx.load(en.rawPayload as unknown as ArrayBuffer);
    expect(enBook.worksheets[0]!.getCell('A1').value).toBe('Phone or account id');
    const txt = await template(demo, 'format=txt', 'en');
    expect(txt.statusCode).toBe(200);
    expect(txt.body).toBe('Phone or account id\tGreeting\tRemark\tTags\n');
  });

  it('needs a signed-in user of a tenant with the customer-center permission', async () => {
    expect((await template(null, 'format=xlsx')).statusCode).toBe(401);
    expect((await template(readOnly, 'format=xlsx')).statusCode).toBe(403);
    expect((await template(admin, 'format=xlsx')).statusCode).toBe(403);
    const bad = await template(demo, 'format=pdf');
    expect(bad.statusCode).toBe(400);
  });
});

describe('check', () => {
  it('reports valid, malformed, duplicate and already tried rows, in the reader’s language', async () => {
    // An earlier task of the tenant tried 13711110001: it is in the data pool.
    const first = await createTask(server, demo, {
      workWxids: [acc.wxid],
      rows: [{ target: '13711110001' }],
    });
    expect(first.status).toBe(200);
    const file = await xlsxOf([
      HEADER,
      ['13711110002', '你好', '张三', 'VIP,意向'],
      ['+86 137-1111-0003'],
      ['137 1111 0002'],
      ['12345'],
      ['13711110001'],
      [{ formula: 'NOW()' }],
      ['wxid_import_1'],
    ]);
    const url = await upload(server, seat1, 'list.xlsx', file);
    const r = await check(seat1, url, 'zh-CN', '客户名单.xlsx');
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({
      fileName: '客户名单.xlsx',
      format: 'xlsx',
      total: 7,
      valid: 3,
      invalid: 2,
      duplicates: 1,
      tried: 1,
      phones: 3,
      wxids: 1,
      problemsTruncated: false,
    });
    expect(r.data.problems).toEqual([
      { line: 4, target: '13711110002', issue: 'duplicate', message: '与第 2 行重复' },
      { line: 5, target: '12345', issue: 'invalid', message: '手机号格式不正确' },
      { line: 6, target: '13711110001', issue: 'tried', message: '之前的任务已添加过该号码' },
      {
        line: 7,
        target: '',
        issue: 'invalid',
        message: '单元格是没有计算结果的公式，请粘贴为数值',
      },
    ]);
    const en = await api(seat1, 'en').post<FanImportReport>('/task-api/fans/import/report', {
      importId: r.data.importId,
    });
    expect(en.data.problems[0]!.message).toBe('Duplicate of line 2');
    // The report is its maker's alone.
    const peek = await api(seat2).post('/task-api/fans/import/report', {
      importId: r.data.importId,
    });
    expect(peek.status).toBe(404);
  });

  it('refuses whole files with the spec’s texts', async () => {
    const cases: [string, Buffer, number, string][] = [
      [
        'wrong.xlsx',
        await xlsxOf([
          ['姓名', '电话'],
          ['张三', '13800138000'],
        ]),
        400,
        '导入失败，请检查模板',
      ],
      ['nodata.xlsx', await xlsxOf([HEADER]), 400, '无数据或格式错误'],
      [
        'big.xlsx',
        Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(5 * 1024 * 1024)]),
        413,
        '文件大小超过5MB',
      ],
      ['big.txt', Buffer.from('13800138000\n'.repeat(900_000)), 413, '文件大小超过10MB'],
      [
        'junk.xlsx',
        Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(2000)]),
        400,
        '无数据或格式错误',
      ],
      ['a.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), 400, '只能导入 xls、xlsx 或 txt 文件'],
    ];
    for (const [name, data, status, message] of cases) {
      const url = await upload(server, demo, name, data);
      const r = await check(demo, url);
      expect([name, r.status, r.message]).toEqual([name, status, message]);
    }
    const en = await check(
      demo,
      await upload(server, demo, 'x.xlsx', await xlsxOf([HEADER])),
      'en',
    );
    expect(en.message).toBe('No data or wrong format');
  });

  it('reads only the caller’s own uploads; other addresses are not found', async () => {
    const url = await upload(server, seat1, 'mine.txt', Buffer.from('13800138000\n'));
    expect((await check(seat1, url)).status).toBe(200);
    for (const [who, address] of [
      [seat2, url],
      [other, url],
      [seat1, '/oss-api/t/../etc/passwd'],
      [seat1, 'https://evil.example/x.xlsx'],
      [seat1, url.replace(/[^/]+$/, 'missing.txt')],
    ] as const) {
      const r = await check(who, address);
      expect(r.status).toBe(404);
      expect(r.message).toBe('找不到上传的文件，请重新上传');
    }
    expect((await check(readOnly, url)).status).toBe(403);
    expect((await api(seat1).post('/task-api/fans/import/check', {})).status).toBe(400);
    expect((await check(seat1, '')).message).toBe('请上传粉丝数据');
  });
});

describe('create from a file', () => {
  it('runs a task over the checked list: importing, then sending each valid row once', async () => {
    const file = Buffer.from(
      [
        '手机号或账号\t打招呼语\t备注',
        '13722220001\t您好，我是小王',
        '+86 137 2222 0002',
        'not a number!',
        '13722220001',
        '13722220003\t\t老客户\t导入客户,没有这个标签',
      ].join('\n'),
    );
    const group = await api().post<{ id: string }>('/main-api/tags/group/add', { name: '导入' });
    const tag = await api().post<{ id: string }>('/main-api/tags/add', {
      groupId: group.data.id,
      name: '导入客户',
    });
    const url = await upload(server, demo, 'list.txt', file);
    const report = await check(demo, url);
    expect(report.data).toMatchObject({ total: 5, valid: 3, invalid: 1, duplicates: 1 });
    // A tag of the file that no tag has is named, not dropped silently.
    expect(report.data.unknownTags).toEqual(['没有这个标签']);
    const created = await createTask(server, demo, {
      workWxids: [acc.wxid, acc2.wxid],
      importId: report.data.importId,
    });
    expect(created.status).toBe(200);
    const done = await waitTask(
      server,
      demo,
      created.data.taskId,
      (t) => t.status !== 'importing' && t.counts.waiting === 0 && t.counts.sending === 0,
    );
    expect(done.counts).toMatchObject({ total: 4, skipped: 1 });
    const rows = await rowsOf(server, demo, created.data.taskId);
    expect(rows.map((r) => [r.target, r.state])).toEqual([
      ['13722220001', 'done'],
      ['13722220002', 'done'],
      ['13722220001', 'skipped'],
      ['13722220003', 'done'],
    ]);
    expect(rows[3]!.remark).toBe('老客户');
    // Each row names its work account, not only its id.
    for (const r of rows) expect(r.workName).toMatch(/\S/);
    expect(rows.filter((r) => r.workName === r.workWxid)).toEqual([]);
    // Tags by name: the tenant's tag of that name; a name of no tag is left out.
    expect(rows[3]!.tagIds).toEqual([tag.data.id]);
    expect(rows[0]!.tagIds).toEqual([]);
    const got = [
      ...(await receivedRequests(server, demo, acc.wxid)),
      ...(await receivedRequests(server, demo, acc2.wxid)),
    ];
    const greetings = got.map((g) => g.content);
    expect(greetings).toContain('您好，我是小王');
    expect(got.filter((g) => g.content === '您好，我是小王')).toHaveLength(1);
  });

  it('refuses more accounts than rows, and imports of another user or tenant', async () => {
    const url = await upload(server, demo, 'one.txt', Buffer.from('13733330001\n'));
    const report = await check(demo, url);
    const r = await createTask(server, demo, {
      workWxids: [acc.wxid, acc2.wxid],
      importId: report.data.importId,
    });
    expect([r.status, r.message]).toEqual([400, '工作号数量不能多于数据条数']);
    const theirs = await createTask(server, other, {
      workWxids: [acc.wxid],
      importId: report.data.importId,
    });
    expect(theirs.status).toBe(404);
    // A seat of the same company with an account of its own cannot run the manager's import.
    const seatAcc = await addAccount(server, demo, { nickname: '导入座席号' });
    await api().post('/main-api/acc/distribute', { wxids: [seatAcc.wxid], uid: seat1.uid });
    const colleague = await createTask(server, seat1, {
      workWxids: [seatAcc.wxid],
      importId: report.data.importId,
    });
    expect([colleague.status, colleague.message]).toEqual([404, '导入的数据不存在或尚未校验完成']);
    const unknown = await createTask(server, demo, {
      workWxids: [acc.wxid],
      importId: randomUUID(),
    });
    expect([unknown.status, unknown.message]).toEqual([404, '导入的数据不存在或尚未校验完成']);
  });
});
