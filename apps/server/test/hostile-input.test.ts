import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAs, eventually } from '../src/modules/accounts/account.test-support.ts';
import {
  bodySchemaOf,
  operationsOf,
  sample as walkSample,
  seedWalkRows,
  type JsonSchema,
} from './openapi-walk.ts';
import { login, type Session, useTestServer } from './support.ts';
import { buildAccount } from './factories.ts';

/**
 * Walks every route of the OpenAPI document with hostile input — deep nesting, NUL and lone
 * surrogates in body, query and path, wrong types, huge values, prototype keys — and fails on any
 * 5xx. Bodies start from a plausible value built from the route's own schema, so one bad field at
 * a time reaches as deep into the handler as validation lets it.
 */

const DEPTH = 5000;
const NUL = 'a\u0000b';
const LONE = '\ud800x';
const HUGE = 'x'.repeat(200_000);
const NOT_AN_ID = 'not-an-id';

/** Values of real rows by field name, so a body gets past the visibility checks. */
const REAL: Record<string, unknown> = {};
const sample = (s: JsonSchema | undefined) => walkSample(s, REAL);

/** Values that must never make a route fail with 5xx, whatever the field. */
const BAD_VALUES: unknown[] = [
  NUL,
  LONE,
  HUGE,
  NOT_AN_ID,
  -1,
  1e308,
  2 ** 63,
  true,
  null,
  {},
  [],
  JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}'),
  ['a', NUL],
];

/** `{"k":[[[…]]]}` nested `DEPTH` levels, as raw JSON (no recursion to build or send it). */
function deeplyNested(key: string): string {
  return `{"${key}":${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}}`;
}

/** The bodies to try on a route whose body schema is `schema`. */
function hostileBodies(schema: JsonSchema | undefined): string[] {
  const base = (sample(schema) ?? {}) as Record<string, unknown>;
  const keys = new Set([...Object.keys(schema?.properties ?? {}), 'x']);
  const out: string[] = [
    deeplyNested([...keys][0] ?? 'x'),
    `{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}`,
    '[]',
    '"text"',
    'null',
    '{"a":"\\u0000"}',
    '{"a":"\\ud800"}',
    JSON.stringify(base),
  ];
  for (const k of keys) {
    for (const v of BAD_VALUES) {
      out.push(JSON.stringify({ ...base, [k]: v }));
    }
    // A nested object's fields too, one level down.
    const inner = schema?.properties?.[k];
    if (inner?.type === 'object' && inner.properties) {
      for (const ik of Object.keys(inner.properties)) {
        for (const v of [NUL, LONE, NOT_AN_ID, -1, {}]) {
          const obj = { ...(base[k] as Record<string, unknown>), [ik]: v };
          out.push(JSON.stringify({ ...base, [k]: obj }));
        }
      }
    }
    const items = schema?.properties?.[k]?.items;
    if (items) {
      for (const v of [NUL, LONE, NOT_AN_ID, {}, -1, sample(items)]) {
        out.push(JSON.stringify({ ...base, [k]: [v] }));
      }
      out.push(JSON.stringify({ ...base, [k]: Array.from({ length: 20_000 }, () => 'x') }));
    }
  }
  return out;
}

const QUERY_BAD = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%F0%9F',
  NOT_AN_ID,
  '-1',
  '1e308',
  'x'.repeat(20_000),
];
const PATH_BAD = [
  NOT_AN_ID,
  '%00',
  '%ED%A0%80',
  '..%2F..%2Fetc%2Fpasswd',
  'x'.repeat(5_000),
  '00000000-0000-0000-0000-000000000000',
];

describe('no route answers 5xx to hostile input', () => {
  const ctx = useTestServer();
  const sessions: Record<'manager' | 'admin', Session | null> = { manager: null, admin: null };
  let ops: ReturnType<typeof operationsOf> = [];

  beforeAll(async () => {
    const demo = await login(ctx, 'demo');
    Object.assign(
      REAL,
      await seedWalkRows(ctx, demo, {
        nickname: '输入测试号',
        friend: 'wxid_hostile_friend',
        content: '你好',
        taskName: '输入测试任务',
      }),
    );
    ops = operationsOf(ctx);
  });

  async function sessionOf(who: 'manager' | 'admin'): Promise<Session> {
    sessions[who] ??= await login(ctx, who === 'admin' ? 'admin' : 'demo');
    return sessions[who];
  }

  /** One request; a 401 (the walk logged itself out) signs in again and retries once. */
  async function send(
    who: 'manager' | 'admin',
    method: string,
    url: string,
    payload: string | undefined,
  ) {
    for (let attempt = 0; ; attempt++) {
      const s = await sessionOf(who);
      const res = await ctx.app.inject({
        method: method as 'POST',
        url,
        headers: {
          ...s.headers,
          ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        payload,
      });
      if (res.statusCode === 401 && attempt === 0) {
        sessions[who] = null;
        continue;
      }
      return res;
    }
  }

  /** Who may call a route: the tenant's manager, else the platform admin. */
  async function callerOf(method: string, url: string): Promise<'manager' | 'admin'> {
    const res = await send('manager', method, url, method === 'GET' ? undefined : '{}');
    return res.statusCode === 403 ? 'admin' : 'manager';
  }

  it('walks the OpenAPI document', () => {
    expect(ops.length).toBeGreaterThan(100);
  });

  it('answers every hostile body, query and path without 5xx', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const { method, path, op } of ops) {
      if (path === '/ws') continue;
      const params = op.parameters ?? [];
      const fill = (p: string) =>
        p.replace(/\{([^}]+)\}/g, (_, name: string) => (name === '*' ? 'x' : randomUUID()));
      const url = fill(path);
      const who = await callerOf(method, url);
      const attempts: { url: string; payload?: string }[] = [];
      const bodySchema = bodySchemaOf(op);
      if (method !== 'GET') {
        for (const payload of hostileBodies(bodySchema)) attempts.push({ url, payload });
      }
      const queryNames = params.filter((p) => p.in === 'query').map((p) => p.name);
      for (const name of [...queryNames, 'keyword']) {
        for (const v of QUERY_BAD) {
          attempts.push({
            url: `${url}?${name}=${v}&${name}=${v}`,
            payload: method === 'GET' ? undefined : JSON.stringify(sample(bodySchema) ?? {}),
          });
          attempts.push({
            url: `${url}?${name}=${v}`,
            payload: method === 'GET' ? undefined : JSON.stringify(sample(bodySchema) ?? {}),
          });
        }
      }
      for (const p of params.filter((x) => x.in === 'path')) {
        for (const v of PATH_BAD) {
          const bad = path.replace(/\{([^}]+)\}/g, (_, name: string) =>
            name === p.name ? v : name === '*' ? 'x' : randomUUID(),
          );
          attempts.push({
            url: bad,
            payload: method === 'GET' ? undefined : JSON.stringify(sample(bodySchema) ?? {}),
          });
        }
      }
      for (const a of attempts) {
        requests += 1;
        const res = await send(who, method, a.url, a.payload);
        if (res.statusCode >= 500) {
          failures.push(
            `${method} ${a.url.slice(0, 120)} ${String(a.payload).slice(0, 160)} → ${res.statusCode} ${res.body.slice(0, 160)}`,
          );
        }
      }
    }
    expect(requests).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  });
});

describe('the defects found by the outside probe', () => {
  const ctx = useTestServer();
  let demo: Session;
  let wxid: string;
  const FRIEND = 'wxid_probe_friend';

  beforeAll(async () => {
    demo = await login(ctx, 'demo');
    wxid = (await buildAccount(ctx, demo, { nickname: '探测号' })).wxid;
  });

  const post = (url: string, payload: string, s: Session | null = demo) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...(s?.headers ?? {}), 'content-type': 'application/json' },
      payload,
    });

  it('refuses deep nesting with 400 naming the field, signed in or not', async () => {
    for (const url of [
      '/system-api/auth/login',
      '/api/v1/auth/register',
      '/api/v1/auth/send-verify-code',
    ]) {
      const res = await post(url, deeplyNested('username'), null);
      expect(res.statusCode, url).toBe(400);
      expect(res.body, url).toMatch(/username.*嵌套层级过深/);
    }
  });

  it('refuses NUL in a query string and in a path, and trims queries', async () => {
    const q = await ctx.app.inject({ method: 'GET', url: '/system-api/code?username=%00' });
    expect(q.statusCode).toBe(400);
    expect(q.json()).toMatchObject({ code: 400, msg: 'query.username 含有不允许的空字符' });
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/system-api/system/cst/user/pageList?page=1&pageSize=10&keyword=%20demo-seat1%20',
      headers: demo.headers,
    });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { data: { total: number } }).data.total).toBe(1);
    const path = await ctx.app.inject({
      method: 'GET',
      url: '/system-api/system/roles/info/a%00b',
      headers: demo.headers,
    });
    expect(path.statusCode).toBe(400);
  });

  it('refuses session-group ids that are not UUIDs with 400', async () => {
    for (const [url, body] of [
      ['/main-api/conv/group/del', { id: 'x' }],
      ['/main-api/conv/group/save', { id: 'x', name: '分组' }],
      ['/main-api/conv/group/messages', { id: 'x' }],
      ['/main-api/conv/list', { page: 1, pageSize: 20, mode: 'custom', sessionGroupId: 'x' }],
    ] as const) {
      const res = await post(url, JSON.stringify(body));
      expect(res.statusCode, url).toBe(400);
      expect(res.body, url).toContain('格式不正确');
    }
  });

  it('refuses lone surrogates before anything is stored, sent or pushed', async () => {
    const position = await post('/system-api/system/positions/add', '{"name":"\\ud800x"}');
    expect(position.statusCode).toBe(400);
    const refer = await post(
      '/main-api/conv/send-refer-message',
      JSON.stringify({
        workWxid: wxid,
        receiver_id: FRIEND,
        talkType: 1,
        content: '\ud800',
        sendingUUid: randomUUID(),
        refMsgId: '1',
      }),
    );
    expect(refer.statusCode).toBe(400);
    const inbound = await post(
      '/sim-api/inbound',
      JSON.stringify({
        workWxid: wxid,
        fromWxid: 'a\udc00',
        talkType: 1,
        msgType: 1,
        content: 'x',
      }),
    );
    expect(inbound.statusCode).toBe(400);
    expect(inbound.body).toMatch(/fromWxid.*Unicode/);
  });

  it('answers a retried send with the same message, sent once', async () => {
    // The friend writes first, so the simulated person exists and answers the send.
    const hello = await post(
      '/sim-api/inbound',
      JSON.stringify({
        workWxid: wxid,
        fromWxid: FRIEND,
        talkType: 1,
        msgType: 1,
        content: '在吗',
      }),
    );
    expect(hello.statusCode).toBe(200);
    const sendingUUid = randomUUID();
    const body = JSON.stringify({
      workWxid: wxid,
      receiver_id: FRIEND,
      talkType: 1,
      content: '只发一次',
      sendingUUid,
    });
    const [a, b] = await Promise.all([
      post('/main-api/conv/send-text', body),
      post('/main-api/conv/send-text', body),
    ]);
    const c = await post('/main-api/conv/send-text', body);
    const ids = [a, b, c].map((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return (r.json() as { data: { messageId: string; requestId: string } }).data;
    });
    expect(new Set(ids.map((d) => d.messageId)).size).toBe(1);
    expect(new Set(ids.map((d) => d.requestId)).size).toBe(1);
    const page = await eventually(async () => {
      const r = await apiAs(ctx, demo).post<{ list: { content: string; sendOk: boolean }[] }>(
        '/main-api/conv/messages',
        { index_name: `1__${FRIEND}__${wxid}` },
      );
      const mine = r.data?.list.filter((m) => m.content === '只发一次') ?? [];
      return mine.length > 0 && mine.every((m) => m.sendOk) ? mine : undefined;
    });
    expect(page).toHaveLength(1);
  });
});
