import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  MSG_TYPE,
  type AiCapability,
  type AiSettingsView,
  type AiUsageView,
  type MessageItem,
} from '@cst/shared';
import {
  aiSettings,
  contacts,
  contactTags,
  conversations,
  conversationTranslateSettings,
  materialFolders,
  materials,
  phraseGroups,
  phrases,
  tagGroups,
  pushEvents,
  tags,
  workAccounts,
} from '../../db/schema/index.ts';
import { buildUser, useStartedServer, type Session } from '../../../test/support.ts';
import {
  addAccount,
  apiAs,
  eventually,
  signIn,
  type ListedAccount,
} from '../accounts/account.test-support.ts';
import { chatOf, otherTenant, say, settle } from '../robots/robots.test-support.ts';
import { fakeOpenAi } from './ai.test-support.ts';

// Issue 33 §1–3, §5–6: the provider seam against a real local OpenAI-compatible server.

const fake = fakeOpenAi();
const server = useStartedServer({
  accounts: { simulator: { loginDelayMs: 20 } },
  scheduler: { pollMs: 100 },
});
let demo: Session;
let other: Session;
let acc: ListedAccount;
let otherAcc: ListedAccount;
let n = 0;
const person = () => `wxid_aip${Date.now().toString(36)}${n++}`;
const chatIndex = (peer: string, w = acc.wxid) => `1__${peer}__${w}`;

function usePlatformProvider(over: { allowPrivate?: boolean; timeoutMs?: number } = {}) {
  const c = server.deps.config;
  c.ai = { baseUrl: fake.baseUrl, apiKey: 'sk-platform', model: 'gpt-test', sttModel: 'whisper-1' };
  c.allowPrivateNetwork = over.allowPrivate ?? true;
  c.aiTimeoutMs = over.timeoutMs ?? 10_000;
}

beforeAll(async () => {
  await fake.listen();
  demo = await signIn(server, 'demo');
  other = await otherTenant(server);
  acc = await addAccount(server, demo, { nickname: '客服小美' });
  otherAcc = await addAccount(server, other, { nickname: '别家客服' });
  await apiAs(server, demo).post('/sim-api/config', { trafficPerMinute: 0, failRate: 0 });
  server.deps.config.ai = null;
});
afterAll(async () => {
  await fake.close();
});

/** The contact row of a person on an account (made when the chat made none). */
async function contactIdOf(tenantId: string, workWxid: string, wxid: string): Promise<string> {
  const db = server.deps.db;
  const [accRow] = await db
    .select({ id: workAccounts.id })
    .from(workAccounts)
    .where(eq(workAccounts.wxid, workWxid));
  const [c] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.workAccountId, accRow!.id), eq(contacts.wxid, wxid)));
  if (c) return c.id;
  const [row] = await db
    .insert(contacts)
    .values({ tenantId, workAccountId: accRow!.id, wxid, nickname: '小王', remark: '' })
    .returning();
  return row!.id;
}

/** A chat with a few messages from a person, as stored. */
async function chatWith(peer: string, texts: string[]) {
  for (const t of texts) await say(server, demo, acc.wxid, peer, t);
  await settle(server);
}

/** The contact sends a picture, a voice, … (the simulator makes the file), stored. */
async function sendsMedia(peer: string, msgType: number) {
  const r = await apiAs(server, demo).post('/sim-api/inbound', {
    workWxid: acc.wxid,
    fromWxid: peer,
    talkType: 1,
    msgType,
    content: '',
  });
  expect(r.status, r.message).toBe(200);
  await settle(server);
}

describe('without a provider', () => {
  it('answers 409 「未配置 AI 服务」 and says so in the capability', async () => {
    const api = apiAs(server, demo);
    const cap = await api.post<AiCapability>('/main-api/ai/capability', {});
    expect(cap.data).toMatchObject({ configured: false, reason: '未配置 AI 服务' });
    const p = person();
    await chatWith(p, ['你好']);
    const r = await api.post('/main-api/ai/suggest', { index_name: chatIndex(p) });
    expect(r.status).toBe(409);
    expect(r.message).toBe('未配置 AI 服务');
    expect((await api.post('/main-api/ai/summary', { index_name: chatIndex(p) })).status).toBe(409);
    const save = await api.post('/task-api/ai-reply/save', {
      workWxids: [acc.wxid],
      enabled: true,
      instructions: '',
      handoffKeywords: ['人工'],
      maxRepliesPerConversation: 3,
    });
    expect(save.status).toBe(409);
    const en = await apiAs(server, demo, 'en').post('/main-api/ai/suggest', {
      index_name: chatIndex(p),
    });
    expect(en.message).toBe('AI is not configured');
    expect(fake.chats()).toHaveLength(0);
  });
});

describe('the outbound guard', () => {
  it('refuses a provider on 127.0.0.1 unless private networks are allowed', async () => {
    usePlatformProvider({ allowPrivate: false });
    const p = person();
    await chatWith(p, ['在吗']);
    const before = fake.chats().length;
    const r = await apiAs(server, demo).post('/main-api/ai/suggest', { index_name: chatIndex(p) });
    expect(r.status).toBe(409);
    expect(r.message).toContain('ALLOW_PRIVATE_NETWORK=1');
    expect(fake.chats()).toHaveLength(before);
  });
});

describe('drafts and summaries', () => {
  beforeAll(async () => {
    usePlatformProvider();
    const db = server.deps.db;
    // The demo tenant's libraries, and another tenant's with the same words.
    for (const [tenantId, text] of [
      [demo.tenantId!, '连衣裙现货充足，下单后 48 小时内发货'],
      [other.tenantId!, '别家机密：连衣裙底价 99 元发货'],
    ] as const) {
      const [g] = await db
        .insert(phraseGroups)
        .values({ tenantId, name: `共享-${n++}` })
        .returning();
      await db.insert(phrases).values({ tenantId, groupId: g!.id, content: text });
      await db
        .insert(phrases)
        .values({ tenantId, groupId: g!.id, content: '无关的话术：天气不错' });
    }
  });

  it('builds drafts from the last messages, the remark, the tags and matching library texts only', async () => {
    const p = person();
    await chatWith(p, ['你好，连衣裙有现货吗？', '什么时候发货']);
    const db = server.deps.db;
    const tenantId = demo.tenantId!;
    const contactId = await contactIdOf(tenantId, acc.wxid, p);
    await db.update(contacts).set({ remark: '老客户-只要红色' }).where(eq(contacts.id, contactId));
    const [g] = await db
      .insert(tagGroups)
      .values({ tenantId, name: `客户-${n++}` })
      .returning();
    const [t] = await db.insert(tags).values({ tenantId, groupId: g!.id, name: 'VIP' }).returning();
    await db.insert(contactTags).values({ contactId, tagId: t!.id, tenantId });
    const [folder] = await db
      .insert(materialFolders)
      .values({ tenantId, name: `资料-${n++}` })
      .returning();
    await db.insert(materials).values([
      { tenantId, folderId: folder!.id, type: 1, title: '发货说明', content: '连衣裙顺丰包邮发货' },
      { tenantId, folderId: folder!.id, type: 1, title: '无关资料', content: '会员积分规则' },
    ]);

    const before = fake.chats().length;
    const r = await apiAs(server, demo).post<{ suggestions: string[] }>('/main-api/ai/suggest', {
      index_name: chatIndex(p),
    });
    expect(r.status, r.message).toBe(200);
    expect(r.data.suggestions).toEqual([
      '您好，这款现在有货，今天下单明天发货。',
      '有货的，需要我帮您预留吗？',
      '在的，请问需要什么颜色？',
    ]);
    const req = fake.chats().slice(before)[0]!;
    expect(req.authorization).toBe('Bearer sk-platform');
    expect(req.body.model).toBe('gpt-test');
    expect(req.prompt).toContain('你好，连衣裙有现货吗？');
    expect(req.prompt).toContain('什么时候发货');
    expect(req.prompt).toContain('老客户-只要红色');
    expect(req.prompt).toContain('VIP');
    expect(req.prompt).toContain('连衣裙现货充足');
    expect(req.prompt).toContain('发货说明：连衣裙顺丰包邮发货');
    expect(req.prompt).not.toContain('会员积分规则');
    // Never another tenant's library, nor a phrase that does not match.
    expect(req.prompt).not.toContain('别家机密');
    expect(req.prompt).not.toContain('天气不错');
  });

  it('never puts another tenant’s chat, contact, tags or libraries in a prompt', async () => {
    const db = server.deps.db;
    // The same person writes to an account of the other tenant, who keeps notes on them.
    const p = person();
    await say(server, other, otherAcc.wxid, p, '别家聊天：连衣裙订单 777 要加急');
    await settle(server);
    const theirs = await contactIdOf(other.tenantId!, otherAcc.wxid, p);
    await db.update(contacts).set({ remark: '别家备注：大客户' }).where(eq(contacts.id, theirs));
    const [g] = await db
      .insert(tagGroups)
      .values({ tenantId: other.tenantId!, name: `别家-${n++}` })
      .returning();
    const [t] = await db
      .insert(tags)
      .values({ tenantId: other.tenantId!, groupId: g!.id, name: '别家标签' })
      .returning();
    await db
      .insert(contactTags)
      .values({ contactId: theirs, tagId: t!.id, tenantId: other.tenantId! });
    const [f] = await db
      .insert(materialFolders)
      .values({ tenantId: other.tenantId!, name: `别家资料-${n++}` })
      .returning();
    await db.insert(materials).values({
      tenantId: other.tenantId!,
      folderId: f!.id,
      type: 1,
      title: '别家素材',
      content: '连衣裙现货 别家素材机密',
    });
    await chatWith(p, ['你好，连衣裙有现货吗？']);
    const before = fake.chats().length;
    const api = apiAs(server, demo);
    expect((await api.post('/main-api/ai/suggest', { index_name: chatIndex(p) })).status).toBe(200);
    expect((await api.post('/main-api/ai/summary', { index_name: chatIndex(p) })).status).toBe(200);
    const prompts = fake.chats().slice(before);
    expect(prompts).toHaveLength(2);
    for (const r of prompts) {
      expect(r.prompt).toContain('你好，连衣裙有现货吗？');
      for (const secret of ['别家聊天', '订单 777', '别家备注', '别家标签', '别家素材']) {
        expect(r.prompt).not.toContain(secret);
      }
    }
  });

  it('writes the drafts in the language the seat set for the chat', async () => {
    const p = person();
    await chatWith(p, ['你好']);
    const [conv] = await server.deps.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.peerId, p), eq(conversations.workWxid, acc.wxid)));
    const api = apiAs(server, demo);
    let before = fake.chats().length;
    await api.post('/main-api/ai/suggest', { index_name: chatIndex(p) });
    expect(fake.chats()[before]!.prompt).toContain('用客户最近消息所用的语言写');
    await server.deps.db.insert(conversationTranslateSettings).values({
      tenantId: demo.tenantId!,
      userId: demo.uid,
      conversationId: conv!.id,
      seatLang: 'zh',
      peerLang: 'ja',
    });
    before = fake.chats().length;
    await api.post('/main-api/ai/suggest', { index_name: chatIndex(p) });
    expect(fake.chats()[before]!.prompt).toContain('用语言代码为「ja」的语言写');
  });

  it('never shows another tenant the chat (404) and never asks the model', async () => {
    const p = person();
    await chatWith(p, ['你好']);
    const before = fake.chats().length;
    const r = await apiAs(server, other).post('/main-api/ai/suggest', { index_name: chatIndex(p) });
    expect(r.status).toBe(404);
    expect(fake.chats()).toHaveLength(before);
  });

  it('streams the drafts as server-sent events', async () => {
    const p = person();
    await chatWith(p, ['请问有优惠吗']);
    const before = fake.chats().length;
    const res = await fetch(`${server.url}/main-api/ai/suggest-stream`, {
      method: 'POST',
      headers: { ...demo.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ index_name: chatIndex(p) }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const text = await res.text();
    const frames = text
      .trim()
      .split('\n\n')
      .map((f) => ({
        event: /^event: (.*)$/m.exec(f)?.[1],
        data: JSON.parse(/^data: (.*)$/m.exec(f)?.[1] ?? 'null') as unknown,
      }));
    const deltas = frames.filter((f) => f.event === 'delta');
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.map((d) => (d.data as { text: string }).text).join('')).toContain('---');
    expect(frames.at(-1)).toEqual({
      event: 'done',
      data: {
        suggestions: [
          '您好，这款现在有货，今天下单明天发货。',
          '有货的，需要我帮您预留吗？',
          '在的，请问需要什么颜色？',
        ],
      },
    });
    expect(fake.chats().slice(before)[0]!.body.stream).toBe(true);
  });

  it('summarizes a conversation', async () => {
    const p = person();
    await chatWith(p, ['我想退货', '订单号 123456']);
    // A picture is told by its kind (the model sees no media), never as an empty line.
    await sendsMedia(p, MSG_TYPE.image);
    fake.state.answer = () => ({ text: '- 客户要退货\n- 订单号 123456' });
    try {
      const r = await apiAs(server, demo).post<{ summary: string }>('/main-api/ai/summary', {
        index_name: chatIndex(p),
      });
      expect(r.status, r.message).toBe(200);
      expect(r.data.summary).toBe('- 客户要退货\n- 订单号 123456');
      expect(fake.chats().at(-1)!.prompt).toContain('订单号 123456\n客户：[图片]');
    } finally {
      fake.state.answer = () => ({ text: '好的' });
    }
  });

  it('turns provider errors, 429s and slow answers into clear 409s', async () => {
    const p = person();
    await chatWith(p, ['你好']);
    const api = apiAs(server, demo);
    const ask = () => api.post('/main-api/ai/summary', { index_name: chatIndex(p) });
    fake.state.answer = () => ({ status: 429, error: 'Rate limit reached' });
    let r = await ask();
    expect([r.status, r.message]).toEqual([409, 'AI 服务繁忙（请求过多），请稍后再试']);
    fake.state.answer = () => ({ status: 500, error: 'model overloaded' });
    r = await ask();
    expect([r.status, r.message]).toEqual([409, 'AI 服务出错：model overloaded']);
    fake.state.answer = () => ({ status: 401, error: 'bad key' });
    r = await ask();
    expect([r.status, r.message]).toEqual([409, 'AI 服务拒绝了密钥，请检查 API Key']);
    usePlatformProvider({ timeoutMs: 1000 });
    fake.state.answer = () => ({ text: '太慢了', delayMs: 3000 });
    r = await ask();
    expect([r.status, r.message]).toEqual([409, 'AI 服务响应超时，请稍后再试']);
    usePlatformProvider();
    fake.state.answer = () => ({ text: '好的' });
  });
});

describe("a tenant's own provider and budget", () => {
  it('seals the key, shows only its hint, and sends it to the tenant’s endpoint', async () => {
    usePlatformProvider();
    const api = apiAs(server, demo);
    const saved = await api.post<AiSettingsView>('/main-api/ai/settings/save', {
      enabled: true,
      baseUrl: fake.baseUrl,
      model: 'qwen-plus',
      apiKey: 'sk-tenant-secret-1234',
    });
    expect(saved.status, saved.message).toBe(200);
    expect(saved.data.apiKeyHint).toBe('sk-…1234');
    expect(JSON.stringify(saved.data)).not.toContain('secret');
    const [row] = await server.deps.db
      .select()
      .from(aiSettings)
      .where(eq(aiSettings.tenantId, demo.tenantId!));
    expect(row!.apiKeySealed).not.toContain('sk-tenant-secret');
    const test = await api.post<{ ok: boolean; model: string }>('/main-api/ai/settings/test', {});
    expect(test.data).toMatchObject({ ok: true, model: 'qwen-plus' });
    expect(fake.chats().at(-1)!.authorization).toBe('Bearer sk-tenant-secret-1234');
    expect(fake.chats().at(-1)!.body.model).toBe('qwen-plus');
    // The other tenant still uses the platform's.
    const p = person();
    await say(server, other, otherAcc.wxid, p, '你好');
    await settle(server);
    await apiAs(server, other).post('/main-api/ai/summary', {
      index_name: chatIndex(p, otherAcc.wxid),
    });
    expect(fake.chats().at(-1)!.authorization).toBe('Bearer sk-platform');
    const bad = await api.post<{ ok: boolean; message: string }>('/main-api/ai/settings/test', {
      baseUrl: 'http://127.0.0.1:1/v1',
    });
    expect(bad.data.ok).toBe(false);
    expect(bad.data.message).toContain('无法连接 AI 服务');
    const invalid = await api.post('/main-api/ai/settings/save', {
      enabled: true,
      baseUrl: 'ftp://x',
    });
    expect(invalid.status).toBe(400);
  });

  it('counts usage per feature and stops calls when the month’s budget is spent', async () => {
    const api = apiAs(server, demo);
    await api.post('/main-api/ai/settings/save', { enabled: true, monthlyTokenBudget: null });
    const p = person();
    await chatWith(p, ['你好']);
    const before = (await api.post<AiSettingsView>('/main-api/ai/settings/get', {})).data.usage;
    await api.post('/main-api/ai/summary', { index_name: chatIndex(p) });
    const after = (await api.post<AiSettingsView>('/main-api/ai/settings/get', {})).data;
    expect(after.usage.totalTokens - before.totalTokens).toBe(120);
    expect(after.usage.byFeature.find((f) => f.feature === 'summary')?.calls).toBeGreaterThan(0);
    await api.post('/main-api/ai/settings/save', {
      enabled: true,
      monthlyTokenBudget: after.usage.totalTokens,
    });
    const calls = fake.chats().length;
    const r = await api.post('/main-api/ai/summary', { index_name: chatIndex(p) });
    expect([r.status, r.message]).toEqual([409, '本月 AI 额度已用完']);
    expect(fake.chats()).toHaveLength(calls);
    const cap = await api.post<AiCapability>('/main-api/ai/capability', {});
    expect(cap.data).toMatchObject({ configured: false, reason: '本月 AI 额度已用完' });
    // Beside the bill: the same usage, the budget, and the provider still there.
    const bill = await api.post<AiUsageView>('/main-api/ai/usage', {});
    expect(bill.status, bill.message).toBe(200);
    expect(bill.data).toEqual({
      ...after.usage,
      monthlyTokenBudget: after.usage.totalTokens,
      configured: true,
    });
    await api.post('/main-api/ai/settings/save', { enabled: true, monthlyTokenBudget: null });
  });

  it('shows a month’s usage by feature to managers only', async () => {
    const api = apiAs(server, demo);
    const month = new Date(server.deps.now()).toISOString().slice(0, 7);
    const now = await api.post<AiUsageView>('/main-api/ai/usage', { month });
    expect(now.data.month).toBe(month);
    expect(now.data.byFeature.map((f) => f.feature)).toContain('summary');
    const sum = now.data.byFeature.reduce((n, f) => n + f.promptTokens + f.completionTokens, 0);
    expect(now.data.totalTokens).toBe(sum);
    const old = await api.post<AiUsageView>('/main-api/ai/usage', { month: '2001-01' });
    expect(old.data).toMatchObject({ month: '2001-01', totalTokens: 0, byFeature: [] });
    const bad = await api.post('/main-api/ai/usage', { month: '2001-13' });
    expect([bad.status, bad.message]).toEqual([400, '月份格式应为 YYYY-MM']);
    // Another tenant's usage is its own.
    const theirs = await apiAs(server, other).post<AiUsageView>('/main-api/ai/usage', { month });
    expect(theirs.data.byFeature.find((f) => f.feature === 'suggest')).toBeUndefined();
    const sub = await buildUser(server, {
      tenantId: demo.tenantId!,
      role: 'subAdmin',
      superiorId: demo.uid,
    });
    const seat = await signIn(server, sub.username);
    expect((await apiAs(server, seat).post('/main-api/ai/usage', {})).status).toBe(403);
  });
});

describe('summaries on assignment', () => {
  it('sends the seat a chat is assigned to its summary; the settings stay the manager’s', async () => {
    usePlatformProvider();
    const api = apiAs(server, demo);
    await api.post('/main-api/ai/settings/save', { enabled: true, baseUrl: '', model: '' });
    const sub = await buildUser(server, {
      tenantId: demo.tenantId!,
      role: 'subAdmin',
      superiorId: demo.uid,
    });
    // An account distributed to the sub-account: it sees the chat and may be assigned it.
    const own = await addAccount(server, demo, { nickname: '分配号' });
    const d = await api.post('/main-api/acc/distribute', { wxids: [own.wxid], uid: sub.id });
    expect(d.status, d.message).toBe(200);
    const p = person();
    await say(server, demo, own.wxid, p, '我想换货，尺码小了');
    await settle(server);
    const index = chatIndex(p, own.wxid);
    fake.state.answer = () => ({ text: '- 客户要换大一号' });
    try {
      const r = await api.post('/main-api/conv/assign', { index_name: index, uid: sub.id });
      expect(r.status, r.message).toBe(200);
      const push = await eventually(async () => {
        const rows = await server.deps.db
          .select()
          .from(pushEvents)
          .where(eq(pushEvents.event, 'aiSummary'));
        return rows.find((x) => (x.data as { index_name: string }).index_name === index);
      });
      expect(push.userIds).toEqual([sub.id]);
      expect(push.data).toEqual({ index_name: index, summary: '- 客户要换大一号' });
      expect(fake.chats().at(-1)!.prompt).toContain('尺码小了');
    } finally {
      fake.state.answer = () => ({ text: '好的' });
    }
    const seat = await signIn(server, sub.username);
    expect((await apiAs(server, seat).post('/main-api/ai/settings/get', {})).status).toBe(403);
  });
});

describe('voice to text', () => {
  it('transcribes through audio/transcriptions where the platform cannot, once per message', async () => {
    usePlatformProvider();
    const api = apiAs(server, demo);
    await api.post('/main-api/ai/settings/save', {
      enabled: true,
      baseUrl: fake.baseUrl,
      model: 'qwen-plus',
      sttModel: 'whisper-large',
    });
    const p = person();
    await sendsMedia(p, MSG_TYPE.voice);
    const voice = (await chatOf(server, demo, acc.wxid, p)).find(
      (m: MessageItem) => m.msgType === MSG_TYPE.voice,
    )!;
    const caps = server.deps.runtime.gateway.capabilities as Set<string>;
    caps.delete('voiceToText');
    try {
      const before = fake.requests.filter((r) => r.path.endsWith('transcriptions')).length;
      for (let i = 0; i < 2; i++) {
        const r = await api.post<{ text: string }>('/wechat_api/message/voiceToText', {
          messageId: voice.messageId,
        });
        expect(r.status, r.message).toBe(200);
        expect(r.data.text).toBe('你好，我想问一下价格');
      }
      const stt = fake.requests.filter((r) => r.path.endsWith('transcriptions')).slice(before);
      expect(stt).toHaveLength(1);
      expect(stt[0]!.sttModel).toBe('whisper-large');
      expect(stt[0]!.fileBytes).toBeGreaterThan(0);
      // The model reads a transcribed voice by its words from then on.
      const sum = await api.post('/main-api/ai/summary', { index_name: chatIndex(p) });
      expect(sum.status, sum.message).toBe(200);
      expect(fake.chats().at(-1)!.prompt).toContain('客户：[语音] 你好，我想问一下价格');
    } finally {
      caps.add('voiceToText');
    }
  });
});

describe('translation through the model', () => {
  it('translates with the tenant’s AI provider as the provider `ai`, counted and budgeted', async () => {
    usePlatformProvider();
    const api = apiAs(server, demo);
    await api.post('/main-api/ai/settings/save', { enabled: true, baseUrl: '', model: '' });
    const saved = await api.post<{ provider: string }>('/api/v1/translate/settings', {
      provider: 'ai',
    });
    expect(saved.status, saved.message).toBe(200);
    expect(saved.data.provider).toBe('ai');
    fake.state.answer = () => ({ text: 'Hello, is this dress in stock?' });
    try {
      const tried = await api.post<{ sample: string }>('/api/v1/translate/settings/test', {
        provider: 'ai',
      });
      expect(tried.status, tried.message).toBe(200);
      expect(tried.data.sample).toBe('Hello, is this dress in stock?');
      const before = fake.chats().length;
      const r = await api.post<{ text: string }>('/api/v1/translate/text', {
        text: '你好，这条连衣裙有货吗',
        target: 'en',
      });
      expect(r.status, r.message).toBe(200);
      expect(r.data.text).toBe('Hello, is this dress in stock?');
      const req = fake.chats().slice(before)[0]!;
      expect(req.authorization).toBe('Bearer sk-platform');
      expect(req.prompt).toContain('into English (en)');
      expect(req.prompt).toContain('user: 你好，这条连衣裙有货吗');
      const usage = await api.post<AiUsageView>('/main-api/ai/usage', {});
      expect(usage.data.byFeature.find((f) => f.feature === 'translate')?.calls).toBe(2);
      // The AI budget stops translation too, with its message.
      await api.post('/main-api/ai/settings/save', {
        enabled: true,
        monthlyTokenBudget: usage.data.totalTokens,
      });
      const spent = await api.post('/api/v1/translate/text', { text: '谢谢', target: 'en' });
      expect([spent.status, spent.message]).toEqual([409, '本月 AI 额度已用完']);
      // Without AI the provider is off: translation is greyed out, not broken.
      await api.post('/main-api/ai/settings/save', { enabled: false, monthlyTokenBudget: null });
      const cap = await api.get<{ enabled: boolean }>('/api/v1/translate/capability');
      expect(cap.data.enabled).toBe(false);
      const calls = fake.chats().length;
      const off = await api.post('/api/v1/translate/settings/test', { provider: 'ai' });
      expect([off.status, off.message]).toEqual([409, '未配置 AI 服务']);
      expect(fake.chats()).toHaveLength(calls);
    } finally {
      fake.state.answer = () => ({ text: '好的' });
      await api.post('/main-api/ai/settings/save', { enabled: true });
      await api.post('/api/v1/translate/settings/reset', {});
    }
  });
});
