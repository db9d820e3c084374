import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TranslateSettings } from '@cst/shared';
import { translationCache, translationSettings } from '../../db/schema/index.ts';
import { useTestServer, type Session } from '../../../test/support.ts';
import { buildOtherTenant, signInAs } from '../../../test/factories.ts';
import {
  baiduService,
  deeplService,
  type FakeService,
} from '../../../test/translation-services.ts';
import { apiAs } from '../accounts/account.test-support.ts';

// No TRANSLATE_URL: without settings of its own a tenant has no translation.
const ctx = useTestServer(() => ({ allowPrivateNetwork: true }));
let deepl: FakeService;
let baidu: FakeService;
let demo: Session;
let sup: Session;
let seat1: Session;
let other: Session;
const api = (s: Session, lang?: string) => apiAs(ctx, s, lang);

beforeAll(async () => {
  deepl = await deeplService('dl-secret-key-1234');
  baidu = await baiduService('20260001', 'baidu-secret');
  ({ demo, sup, seat1 } = await signInAs(ctx, 'demo', 'sup', 'seat1'));
  other = await buildOtherTenant(ctx);
});
afterAll(async () => {
  await deepl.close();
  await baidu.close();
});

const SETTINGS = '/api/v1/translate/settings';

describe('a tenant’s translation provider', () => {
  it('is the manager’s to set: sub-admins and seats are refused', async () => {
    for (const s of [sup, seat1]) {
      expect((await api(s).get(SETTINGS)).status).toBe(403);
      expect((await api(s).post(SETTINGS, { provider: 'deepl', apiKey: 'x' })).status).toBe(403);
      expect(
        (await api(s).post(`${SETTINGS}/test`, { provider: 'deepl', apiKey: 'x' })).status,
      ).toBe(403);
      expect((await api(s).post(`${SETTINGS}/reset`)).status).toBe(403);
    }
    expect((await api(demo).get<TranslateSettings>(SETTINGS)).data).toEqual({
      provider: null,
      baseUrl: null,
      appId: null,
      model: null,
      region: null,
      keyHint: null,
      platformDefault: false,
    });
    expect((await api(seat1).get('/api/v1/translate/capability')).data).toEqual({ enabled: false });
  });

  it('says which field is missing or wrong, in the user’s language', async () => {
    const save = (body: object, lang?: string) => api(demo, lang).post(SETTINGS, body);
    expect((await save({ provider: 'deepl' })).message).toBe('请填写密钥');
    expect((await save({ provider: 'baidu', apiKey: 'k' }, 'en')).message).toBe('Enter the app ID');
    expect((await save({ provider: 'openai', model: 'm' })).message).toBe('请填写服务地址');
    expect((await save({ provider: 'libretranslate', baseUrl: 'ftp://x' })).message).toBe(
      '服务地址须以 http:// 或 https:// 开头',
    );
    expect((await save({ provider: 'nope' })).status).toBe(400);
    ctx.deps.config.allowPrivateNetwork = false;
    try {
      const r = await save({ provider: 'libretranslate', baseUrl: 'http://127.0.0.1:5000' });
      expect([r.status, r.message]).toEqual([400, '翻译服务地址指向内网，不允许访问']);
    } finally {
      ctx.deps.config.allowPrivateNetwork = true;
    }
  });

  it('tests settings before saving them, with a clear reason when refused', async () => {
    const bad = await api(demo).post(`${SETTINGS}/test`, {
      provider: 'deepl',
      apiKey: 'wrong',
      baseUrl: deepl.url,
    });
    expect([bad.status, bad.message]).toEqual([409, '翻译服务拒绝了密钥，请检查 App ID 与密钥']);
    const ok = await api(demo).post(`${SETTINGS}/test`, {
      provider: 'deepl',
      apiKey: 'dl-secret-key-1234',
      baseUrl: deepl.url,
    });
    expect([ok.status, ok.data]).toEqual([200, { languages: 3, sample: 'Hello, world' }]);
    // Testing saves nothing.
    expect((await api(demo).get<TranslateSettings>(SETTINGS)).data.provider).toBeNull();
  });

  it('keeps the key sealed and shows it masked; an omitted key keeps the stored one', async () => {
    const saved = await api(demo).post<TranslateSettings>(SETTINGS, {
      provider: 'deepl',
      apiKey: 'dl-secret-key-1234',
      baseUrl: deepl.url,
    });
    expect(saved.status, saved.message).toBe(200);
    expect(saved.data).toMatchObject({ provider: 'deepl', keyHint: 'dl-****1234' });
    expect(JSON.stringify(saved)).not.toContain('dl-secret-key-1234');
    const [row] = await ctx.deps.db
      .select()
      .from(translationSettings)
      .where(eq(translationSettings.tenantId, demo.tenantId!));
    expect(row!.keySealed).toBeTruthy();
    expect(row!.keySealed).not.toContain('dl-secret-key-1234');
    // Saved again without a key (the form never has it): the stored key still works.
    const again = await api(demo).post<TranslateSettings>(SETTINGS, {
      provider: 'deepl',
      baseUrl: deepl.url,
    });
    expect(again.data.keyHint).toBe('dl-****1234');
    const test = await api(demo).post(`${SETTINGS}/test`, {
      provider: 'deepl',
      baseUrl: deepl.url,
    });
    expect(test.status, test.message).toBe(200);
    // Another provider does not inherit it.
    expect((await api(demo).post(SETTINGS, { provider: 'baidu', appId: '1' })).message).toBe(
      '请填写密钥',
    );
  });

  it('turns translation on for the tenant’s seats only, with the provider’s own languages', async () => {
    expect((await api(seat1).get('/api/v1/translate/capability')).data).toEqual({ enabled: true });
    expect((await api(other).get('/api/v1/translate/capability')).data).toEqual({ enabled: false });
    const langs = await api(seat1).get<{ list: { code: string }[] }>('/api/v1/translate/languages');
    expect(langs.data.list.map((l) => l.code)).toEqual(['EN-US', 'JA', 'ZH-HANS']);
    expect((await api(other).get<TranslateSettings>(SETTINGS)).data.provider).toBeNull();
    expect(
      (await api(other).post('/api/v1/translate/text', { text: '你好', target: 'en' })).status,
    ).toBe(404);
  });

  it('translates a text once: the same text again comes from the cache', async () => {
    const before = deepl.requests.filter((r) => r.url === '/v2/translate').length;
    const t = () =>
      api(seat1).post<{ text: string; source: string }>('/api/v1/translate/text', {
        text: '你好',
        target: 'EN-US',
      });
    const first = await t();
    expect(first.data).toMatchObject({ text: 'Hello', source: 'ZH' });
    const second = await t();
    expect(second.data).toMatchObject({ text: 'Hello', source: 'ZH' });
    expect(deepl.requests.filter((r) => r.url === '/v2/translate').length).toBe(before + 1);
    // Another target is another entry.
    await api(seat1).post('/api/v1/translate/text', { text: '你好', target: 'JA' });
    expect(deepl.requests.filter((r) => r.url === '/v2/translate').length).toBe(before + 2);
    const rows = await ctx.deps.db
      .select()
      .from(translationCache)
      .where(eq(translationCache.tenantId, demo.tenantId!));
    expect(rows.map((r) => [r.provider, r.source, r.target, r.text]).sort()).toEqual([
      ['deepl', 'auto', 'EN-US', 'Hello'],
      ['deepl', 'auto', 'JA', 'Hello'],
    ]);
    expect(rows[0]!.textHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps each tenant’s cache and provider apart', async () => {
    const saved = await api(other).post(SETTINGS, {
      provider: 'baidu',
      appId: '20260001',
      apiKey: 'baidu-secret',
      baseUrl: baidu.url,
    });
    expect(saved.status, saved.message).toBe(200);
    const r = await api(other).post<{ text: string }>('/api/v1/translate/text', {
      text: '你好',
      target: 'en',
    });
    expect(r.data.text).toBe('Hello');
    expect(baidu.requests).toHaveLength(1);
    // The demo tenant still uses DeepL and its key.
    const langs = await api(seat1).get<{ list: { code: string }[] }>('/api/v1/translate/languages');
    expect(langs.data.list[0]!.code).toBe('EN-US');
  });

  it('answers a failing provider with 409 in the user’s language, never a 500', async () => {
    const r = await api(seat1, 'en').post('/api/v1/translate/text', {
      text: 'quota',
      target: 'JA',
    });
    expect([r.status, r.message]).toEqual([
      409,
      'The translation service quota is used up or requests are too frequent',
    ]);
  });

  it('goes back to the platform default and forgets its cache', async () => {
    const r = await api(demo).post<TranslateSettings>(`${SETTINGS}/reset`);
    expect(r.data.provider).toBeNull();
    expect((await api(seat1).get('/api/v1/translate/capability')).data).toEqual({ enabled: false });
    const rows = await ctx.deps.db
      .select()
      .from(translationCache)
      .where(eq(translationCache.tenantId, demo.tenantId!));
    expect(rows).toHaveLength(0);
  });
});
