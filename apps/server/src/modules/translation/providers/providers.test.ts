import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baiduService,
  chatService,
  deeplService,
  libreService,
  tencentService,
  youdaoService,
  type FakeService,
} from '../../../../test/translation-services.ts';
import { TranslationError, type ProviderContext } from '../translation.provider.ts';
import { baiduSign, BaiduProvider } from './baidu.ts';
import { deeplBase, DeepLProvider } from './deepl.ts';
import { createProvider } from './index.ts';
import {
  BAIDU_LANGUAGES,
  MODEL_LANGUAGES,
  TENCENT_LANGUAGES,
  YOUDAO_LANGUAGES,
} from './languages.ts';
import { LibreTranslateProvider } from './libretranslate.ts';
import { OpenAiTranslationProvider } from './openai.ts';
import { TencentProvider } from './tencent.ts';
import { youdaoInput, YoudaoProvider } from './youdao.ts';

const NOW = Date.UTC(2026, 11, 5, 4, 0, 0);
const ctx: ProviderContext = {
  outbound: { allowPrivateNetwork: true },
  timeoutMs: 2000,
  now: () => new Date(NOW),
};
const services: FakeService[] = [];
const start = async (s: Promise<FakeService>) => {
  const service = await s;
  services.push(service);
  return service;
};
afterAll(async () => {
  await Promise.all(services.map((s) => s.close()));
});

const reason = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TranslationError);
  return (err as TranslationError).reason;
};

describe('the language lists', () => {
  it('are each provider’s own: about 20, 30+, 100+', () => {
    expect(TENCENT_LANGUAGES.length).toBeGreaterThanOrEqual(17);
    expect(TENCENT_LANGUAGES.length).toBeLessThan(25);
    expect(BAIDU_LANGUAGES.length).toBeGreaterThanOrEqual(30);
    expect(YOUDAO_LANGUAGES.length).toBeGreaterThanOrEqual(100);
    expect(MODEL_LANGUAGES.length).toBeGreaterThanOrEqual(100);
    for (const l of [TENCENT_LANGUAGES, BAIDU_LANGUAGES, YOUDAO_LANGUAGES, MODEL_LANGUAGES]) {
      expect(new Set(l.map((x) => x.code)).size).toBe(l.length);
    }
    expect(BAIDU_LANGUAGES.map((l) => l.code)).toContain('jp');
    expect(YOUDAO_LANGUAGES.map((l) => l.code)).toContain('zh-CHS');
  });
});

describe('LibreTranslate', () => {
  let s: FakeService;
  beforeAll(async () => {
    s = await start(libreService('lt-key'));
  });
  it('lists its languages and translates with its api_key', async () => {
    const p = new LibreTranslateProvider(`${s.url}/`, ctx, 'lt-key');
    expect(await p.languages()).toEqual([
      { code: 'en', name: 'English' },
      { code: 'zh', name: 'Chinese' },
    ]);
    expect(await p.translate('你好', 'auto', 'en')).toEqual({ text: 'Hello', source: 'zh' });
    expect(JSON.parse(s.requests.at(-1)!.body)).toEqual({
      q: '你好',
      source: 'auto',
      target: 'en',
      format: 'text',
      api_key: 'lt-key',
    });
  });
  it('says a wrong key is a key problem, and a silent service a timeout', async () => {
    expect(
      await reason(new LibreTranslateProvider(s.url, ctx, 'nope').translate('a', 'auto', 'en')),
    ).toBe('auth');
    const quick = { ...ctx, timeoutMs: 150 };
    expect(
      await reason(
        new LibreTranslateProvider(s.url, quick, 'lt-key').translate('slow', 'auto', 'en'),
      ),
    ).toBe('timeout');
  });
  it('goes through the outbound guard: a private address is refused unless allowed', async () => {
    const guarded = { ...ctx, outbound: { allowPrivateNetwork: false } };
    const before = s.requests.length;
    expect(await reason(new LibreTranslateProvider(s.url, guarded).languages())).toBe('refused');
    expect(s.requests.length).toBe(before);
  });
  it('says an unreachable service is unreachable', async () => {
    const closed = await start(libreService());
    await closed.close();
    expect(await reason(new LibreTranslateProvider(closed.url, ctx).languages())).toBe(
      'unreachable',
    );
  });
});

describe('DeepL', () => {
  let s: FakeService;
  beforeAll(async () => {
    s = await start(deeplService('dl-key:fx'));
  });
  it('picks the free or pro address from the key', () => {
    expect(deeplBase('abc:fx')).toBe('https://api-free.deepl.com');
    expect(deeplBase('abc')).toBe('https://api.deepl.com');
  });
  it('authenticates with DeepL-Auth-Key, lists target languages and translates', async () => {
    const p = new DeepLProvider('dl-key:fx', ctx, s.url);
    expect((await p.languages()).map((l) => l.code)).toEqual(['EN-US', 'JA', 'ZH-HANS']);
    expect(await p.translate('你好', 'auto', 'EN-US')).toEqual({ text: 'Hello', source: 'ZH' });
    expect(JSON.parse(s.requests.at(-1)!.body)).toEqual({ text: ['你好'], target_lang: 'EN-US' });
    await p.translate('Hello', 'EN-US', 'ZH-HANS');
    expect(JSON.parse(s.requests.at(-1)!.body)).toEqual({
      text: ['Hello'],
      target_lang: 'ZH-HANS',
      source_lang: 'EN',
    });
  });
  it('tells a refused key from a used-up quota', async () => {
    expect(await reason(new DeepLProvider('wrong', ctx, s.url).languages())).toBe('auth');
    expect(
      await reason(new DeepLProvider('dl-key:fx', ctx, s.url).translate('quota', 'auto', 'JA')),
    ).toBe('quota');
  });
});

describe('an OpenAI-compatible model', () => {
  let s: FakeService;
  beforeAll(async () => {
    s = await start(chatService('sk-test'));
  });
  it('asks chat/completions for the translation only, in the chosen model', async () => {
    const p = new OpenAiTranslationProvider(`${s.url}/v1`, 'sk-test', 'qwen-mt', ctx);
    expect(p.id).toBe('openai:qwen-mt');
    expect((await p.languages()).length).toBeGreaterThanOrEqual(100);
    expect(await p.translate('你好', 'auto', 'en')).toEqual({ text: 'Hello', source: '' });
    const body = JSON.parse(s.requests.at(-1)!.body) as {
      model: string;
      messages: { role: string; content: string }[];
    };
    expect(body.model).toBe('qwen-mt');
    expect(body.messages[0]!.content).toContain('English (en)');
    expect(body.messages[1]).toEqual({ role: 'user', content: '你好' });
    expect(
      await reason(
        new OpenAiTranslationProvider(`${s.url}/v1`, 'bad', 'm', ctx).translate('a', 'auto', 'en'),
      ),
    ).toBe('auth');
  });
});

describe('Baidu fanyi', () => {
  let s: FakeService;
  beforeAll(async () => {
    s = await start(baiduService('20260001', 'baidu-secret'));
  });
  it('signs as Baidu documents it', () => {
    // Baidu's own example: appid 2015063000000001, q apple, salt 1435660288, key 12345678.
    expect(baiduSign('2015063000000001', 'apple', '1435660288', '12345678')).toBe(
      'f89f9594663708c1605f3d736d01d2d4',
    );
  });
  it('translates each line, signed with MD5 of appid+q+salt+key', async () => {
    const p = new BaiduProvider('20260001', 'baidu-secret', ctx, s.url);
    expect(await p.translate('你好\nHello', 'auto', 'en')).toEqual({
      text: 'Hello\n你好',
      source: 'zh',
    });
    expect(
      await reason(
        new BaiduProvider('20260001', 'wrong', ctx, s.url).translate('你好', 'auto', 'en'),
      ),
    ).toBe('auth');
    expect(
      await reason(
        new BaiduProvider('other', 'baidu-secret', ctx, s.url).translate('你好', 'auto', 'en'),
      ),
    ).toBe('auth');
  });
});

describe('Youdao', () => {
  let s: FakeService;
  beforeAll(async () => {
    s = await start(youdaoService('yd-app', 'yd-secret', () => NOW));
  });
  it('truncates the signed input as v3 says (code points)', () => {
    expect(youdaoInput('短文本')).toBe('短文本');
    const long = '一二三四五六七八九十abcdefghijk😀零一二三四五六七八九';
    expect(youdaoInput(long)).toBe(`一二三四五六七八九十${[...long].length}零一二三四五六七八九`);
  });
  it('translates with a SHA-256 v3 sign and curtime', async () => {
    const p = new YoudaoProvider('yd-app', 'yd-secret', ctx, s.url);
    expect(await p.translate('你好', 'auto', 'en')).toEqual({ text: 'Hello', source: 'zh-CHS' });
    const long = '这是一段超过二十个字符的长文本，用来检查签名的截断规则😀。';
    expect((await p.translate(long, 'zh-CHS', 'en')).text).toBe(`<${long}>`);
    const form = new URLSearchParams(s.requests.at(-1)!.body);
    expect(form.get('curtime')).toBe(String(NOW / 1000));
    expect(form.get('signType')).toBe('v3');
    expect(
      await reason(
        new YoudaoProvider('yd-app', 'wrong', ctx, s.url).translate('你好', 'auto', 'en'),
      ),
    ).toBe('auth');
    const late = { ...ctx, now: () => new Date(NOW + 3600_000) };
    expect(
      await reason(
        new YoudaoProvider('yd-app', 'yd-secret', late, s.url).translate('你好', 'auto', 'en'),
      ),
    ).toBe('auth');
  });
});

describe('Tencent TMT', () => {
  let s: FakeService;
  beforeAll(async () => {
    s = await start(tencentService('AKIDtest', 'tc-secret', () => NOW));
  });
  it('calls TextTranslate signed with TC3-HMAC-SHA256', async () => {
    const p = new TencentProvider('AKIDtest', 'tc-secret', ctx, 'ap-shanghai', s.url);
    expect(await p.translate('你好', 'auto', 'en')).toEqual({ text: 'Hello', source: 'zh' });
    const h = s.requests.at(-1)!.headers;
    expect(h['x-tc-region']).toBe('ap-shanghai');
    expect(h['x-tc-timestamp']).toBe(String(NOW / 1000));
    expect(JSON.parse(s.requests.at(-1)!.body)).toEqual({
      SourceText: '你好',
      Source: 'auto',
      Target: 'en',
      ProjectId: 0,
    });
  });
  it('is refused with a wrong key or an old timestamp', async () => {
    expect(
      await reason(
        new TencentProvider('AKIDtest', 'wrong', ctx, undefined, s.url).translate(
          '你好',
          'auto',
          'en',
        ),
      ),
    ).toBe('auth');
    expect(
      await reason(
        new TencentProvider('AKIDother', 'tc-secret', ctx, undefined, s.url).translate(
          '你好',
          'auto',
          'en',
        ),
      ),
    ).toBe('auth');
    const late = { ...ctx, now: () => new Date(NOW - 3600_000) };
    expect(
      await reason(
        new TencentProvider('AKIDtest', 'tc-secret', late, undefined, s.url).translate(
          '你好',
          'auto',
          'en',
        ),
      ),
    ).toBe('auth');
  });
});

describe('createProvider', () => {
  it('builds each kind from its settings', () => {
    const kinds = {
      libretranslate: LibreTranslateProvider,
      deepl: DeepLProvider,
      openai: OpenAiTranslationProvider,
      baidu: BaiduProvider,
      youdao: YoudaoProvider,
      tencent: TencentProvider,
    } as const;
    for (const [provider, cls] of Object.entries(kinds)) {
      const p = createProvider(
        {
          provider: provider as keyof typeof kinds,
          baseUrl: 'https://example.com',
          apiKey: 'k',
          appId: 'a',
        },
        ctx,
      );
      expect(p).toBeInstanceOf(cls);
    }
  });
});
