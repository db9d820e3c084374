import { beforeAll, describe, expect, it } from 'vitest';
import type { KeywordRuleItem } from '@cst/shared';
import { useStartedServer, type Session } from '../../../test/support.ts';
import { addAccount, apiAs, signIn, type ListedAccount } from '../accounts/account.test-support.ts';
import { createRule, otherTenant, ruleBody, ruleOf } from './robots.test-support.ts';

// Issue 15 §3: the keyword rule routes — visibility per role and tenant, validation, state.

let demo: Session;
let sup: Session;
let seat1: Session;
let other: Session;
let acc: ListedAccount;
let otherAcc: ListedAccount;

const api = (s: Session = demo, lang?: string) => apiAs(server, s, lang);
const KW = '/task-api/auto-reply/keywords';

const server = useStartedServer({
  accounts: { simulator: { loginDelayMs: 20 } },
  scheduler: { pollMs: 200 },
});

beforeAll(async () => {
  demo = await signIn(server, 'demo');
  sup = await signIn(server, 'demo-sup');
  seat1 = await signIn(server, 'demo-seat1');
  other = await otherTenant(server);
  acc = await addAccount(server, demo, { nickname: '规则号' });
  otherAcc = await addAccount(server, other, { nickname: '别家号' });
});

describe('who may use the rules', () => {
  it('an office seat without the permission gets 403 on every route', async () => {
    for (const path of ['fetch', 'create', 'modify', 'modify/enabled', 'delete']) {
      const r = await api(seat1).post(`${KW}/${path}`, {});
      expect(r.status, path).toBe(403);
    }
  });

  it('a manager and a subAdmin share the tenant’s rules; another tenant sees none of them', async () => {
    const id = await createRule(server, demo, { keywords: ['租户可见'] });
    expect((await ruleOf(server, sup, id))?.keywords).toEqual(['租户可见']);
    expect(await ruleOf(server, other, id)).toBeUndefined();
    const mod = await api(other).post(`${KW}/modify`, { id, ...ruleBody() });
    expect(mod.status).toBe(404);
    const en = await api(other).post(`${KW}/modify/enabled`, { id, enabled: false });
    expect(en.status).toBe(404);
    const del = await api(other).post<{ deleted: number }>(`${KW}/delete`, { ids: [id] });
    expect(del.data.deleted).toBe(0);
    expect((await ruleOf(server, demo, id))?.enabled).toBe(true);
  });

  it('a rule may only name accounts the caller sees (404 otherwise)', async () => {
    const foreign = await api().post(`${KW}/create`, {
      ...ruleBody(),
      scope: { workWxids: [otherAcc.wxid], talkTypes: [1] },
    });
    expect(foreign.status).toBe(404);
    // The subAdmin sees no account of demo (none is distributed to it).
    const hidden = await api(sup).post(`${KW}/create`, {
      ...ruleBody(),
      scope: { workWxids: [acc.wxid], talkTypes: [1] },
    });
    expect(hidden.status).toBe(404);
    const own = await api().post<{ id: string }>(`${KW}/create`, {
      ...ruleBody(),
      scope: { workWxids: [acc.wxid], talkTypes: [1] },
    });
    expect(own.status).toBe(200);
    expect((await ruleOf(server, demo, own.data.id))?.scope.workWxids).toEqual([acc.wxid]);
  });
});

describe('validation (400) with the texts of SPEC §5', () => {
  it('keywords and chat kinds are required: "keyword/target must be selected"', async () => {
    const noKw = await api().post(`${KW}/create`, { ...ruleBody(), keywords: [] });
    expect(noKw.status).toBe(400);
    expect(noKw.message).toBe('请选择关键词/目标');
    const blank = await api(demo, 'en').post(`${KW}/create`, { ...ruleBody(), keywords: ['  '] });
    expect(blank.status).toBe(400);
    expect(blank.message).toBe('Keyword/target must be selected');
    const noTarget = await api().post(`${KW}/create`, {
      ...ruleBody(),
      scope: { workWxids: [], talkTypes: [] },
    });
    expect(noTarget.status).toBe(400);
    expect(noTarget.message).toBe('请选择关键词/目标');
  });

  it('one to five replies of the composer’s kinds', async () => {
    const none = await api().post(`${KW}/create`, { ...ruleBody(), replies: [] });
    expect(none.status).toBe(400);
    expect(none.message).toBe('文字和图片不能同时为空');
    const six = await api().post(`${KW}/create`, {
      ...ruleBody(),
      replies: Array.from({ length: 6 }, () => ({ kind: 'text', content: 'x' })),
    });
    expect(six.status).toBe(400);
    const badFile = await api().post(`${KW}/create`, {
      ...ruleBody(),
      replies: [{ kind: 'image', fileUrl: '/oss-api/t/someone-else/a.png' }],
    });
    expect(badFile.status).toBe(400);
    const badLink = await api().post(`${KW}/create`, {
      ...ruleBody(),
      replies: [{ kind: 'link', title: '官网', url: 'javascript:alert(1)' }],
    });
    expect(badLink.status).toBe(400);
    const badKind = await api().post(`${KW}/create`, {
      ...ruleBody(),
      replies: [{ kind: 'voice', content: 'x' }],
    });
    expect(badKind.status).toBe(400);
  });

  it('priority, cooldown and match mode are bounded', async () => {
    for (const bad of [
      { priority: -1 },
      { priority: 1001 },
      { cooldownSec: 86_401 },
      { matchMode: 'regex' },
    ]) {
      const r = await api().post(`${KW}/create`, { ...ruleBody(), ...bad });
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('fetch reads page 1 of 500 by default and refuses a larger limit', async () => {
    const ok = await api().post<{ list: KeywordRuleItem[]; total: number }>(`${KW}/fetch`, {
      page: 1,
      limit: 500,
    });
    expect(ok.status).toBe(200);
    expect(ok.data.total).toBeGreaterThan(0);
    const big = await api().post(`${KW}/fetch`, { page: 1, limit: 501 });
    expect(big.status).toBe(400);
  });
});

describe('changing rules', () => {
  it('modify replaces the settings and keeps the counters; unknown ids are 404', async () => {
    const id = await createRule(server, demo, { keywords: ['旧词'] });
    const r = await api().post<KeywordRuleItem>(`${KW}/modify`, {
      id,
      ...ruleBody({
        keywords: ['新词', '新词', '另一个'],
        matchMode: 'exact',
        priority: 7,
        cooldownSec: 60,
        replies: [
          { kind: 'text', content: '你好' },
          { kind: 'link', title: '官网', url: 'https://example.com', description: '' },
          { kind: 'miniProgram', title: '小程序', appId: 'wx123', pagePath: 'pages/index' },
        ],
      }),
    });
    expect(r.status, r.message).toBe(200);
    expect(r.data).toMatchObject({
      keywords: ['新词', '另一个'],
      matchMode: 'exact',
      priority: 7,
      cooldownSec: 60,
      hits: 0,
      lastHitAt: null,
    });
    expect(r.data.replies.map((x) => x.kind)).toEqual(['text', 'link', 'miniProgram']);
    const missing = await api().post(`${KW}/modify`, {
      id: '00000000-0000-4000-8000-000000000000',
      ...ruleBody(),
    });
    expect(missing.status).toBe(404);
    expect(missing.message).toBe('关键词规则不存在');
  });

  it('modify/enabled switches a rule; delete removes only the tenant’s rules', async () => {
    const id = await createRule(server, demo, { keywords: ['开关'] });
    const off = await api().post<KeywordRuleItem>(`${KW}/modify/enabled`, { id, enabled: false });
    expect(off.data.enabled).toBe(false);
    expect((await ruleOf(server, demo, id))?.enabled).toBe(false);
    const none = await api().post(`${KW}/delete`, { ids: [] });
    expect(none.status).toBe(400);
    expect(none.message).toBe('请至少选择一项');
    const del = await api().post<{ deleted: number }>(`${KW}/delete`, { ids: [id] });
    expect(del.data.deleted).toBe(1);
    expect(await ruleOf(server, demo, id)).toBeUndefined();
  });
});
