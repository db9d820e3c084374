import type { TranslationProviderId } from '@cst/shared';
import type { ProviderContext, TranslationProvider } from '../translation.provider.ts';
import { BaiduProvider } from './baidu.ts';
import { DeepLProvider } from './deepl.ts';
import { LibreTranslateProvider } from './libretranslate.ts';
import { DEFAULT_MODEL, OpenAiTranslationProvider } from './openai.ts';
import { TencentProvider } from './tencent.ts';
import { YoudaoProvider } from './youdao.ts';

export { AiTranslationProvider } from './ai.ts';
export { LibreTranslateProvider } from './libretranslate.ts';

/** A provider's settings, the key opened. */
export interface ProviderSettings {
  provider: TranslationProviderId;
  baseUrl?: string | null;
  appId?: string | null;
  apiKey?: string | null;
  model?: string | null;
  region?: string | null;
}

/** The provider the settings describe (they were checked when saved). */
export function createProvider(s: ProviderSettings, ctx: ProviderContext): TranslationProvider {
  const base = s.baseUrl || undefined;
  const key = s.apiKey ?? '';
  const appId = s.appId ?? '';
  switch (s.provider) {
    case 'libretranslate':
      return new LibreTranslateProvider(s.baseUrl ?? '', ctx, key || undefined);
    case 'deepl':
      return new DeepLProvider(key, ctx, base);
    case 'ai':
      // The tenant's AI provider: built by TranslationProviders, which knows the tenant.
      throw new Error('the ai translation provider is built per tenant');
    case 'openai':
      return new OpenAiTranslationProvider(s.baseUrl ?? '', key, s.model || DEFAULT_MODEL, ctx);
    case 'baidu':
      return new BaiduProvider(appId, key, ctx, base);
    case 'youdao':
      return new YoudaoProvider(appId, key, ctx, base);
    case 'tencent':
      return new TencentProvider(appId, key, ctx, s.region || undefined, base);
  }
}
