import type { TranslateLanguage } from '@cst/shared';
import {
  baseOf,
  failWith,
  languageListOf,
  providerCall,
  TranslationError,
  type ProviderContext,
  type TranslationProvider,
} from '../translation.provider.ts';

/** DeepL's own address for a key: `…:fx` keys belong to the free API. */
export function deeplBase(apiKey: string): string {
  return apiKey.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com';
}

/**
 * DeepL's REST API: `POST /v2/translate` (`{text: [..], target_lang, source_lang?}`) and
 * `GET /v2/languages?type=target` (its own 30-odd languages), authenticated with the header
 * `Authorization: DeepL-Auth-Key <key>`. Codes are DeepL's (`EN-US`, `ZH-HANS`…); a source is
 * given as its bare language (`EN`), as DeepL wants.
 */
export class DeepLProvider implements TranslationProvider {
  readonly id = 'deepl';
  private readonly base: string;

  constructor(
    private readonly apiKey: string,
    private readonly ctx: ProviderContext,
    baseUrl?: string,
  ) {
    this.base = baseOf(baseUrl || deeplBase(apiKey));
  }

  private headers(): Record<string, string> {
    return { authorization: `DeepL-Auth-Key ${this.apiKey}`, accept: 'application/json' };
  }

  async languages(): Promise<TranslateLanguage[]> {
    const answer = await providerCall(this.ctx, `${this.base}/v2/languages?type=target`, {
      method: 'GET',
      headers: this.headers(),
    });
    if (answer.status !== 200) failWith('DeepL', answer, messageOf(answer.body));
    return languageListOf(answer.body, 'language', 'DeepL /v2/languages');
  }

  async translate(text: string, source: string, target: string) {
    const payload: Record<string, unknown> = { text: [text], target_lang: target.toUpperCase() };
    if (source && source !== 'auto') payload.source_lang = source.split('-')[0]!.toUpperCase();
    const answer = await providerCall(this.ctx, `${this.base}/v2/translate`, {
      method: 'POST',
      headers: { ...this.headers(), 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    if (answer.status !== 200) {
      const detail = messageOf(answer.body);
      if (answer.status === 400 && /lang/i.test(detail ?? '')) {
        throw new TranslationError(`DeepL: ${detail}`, 'language');
      }
      failWith('DeepL', answer, detail);
    }
    const first = (answer.body as { translations?: unknown })?.translations;
    const t = Array.isArray(first)
      ? (first[0] as { text?: unknown; detected_source_language?: unknown })
      : undefined;
    if (typeof t?.text !== 'string') throw new TranslationError('bad DeepL /v2/translate answer');
    return {
      text: t.text,
      source:
        source === 'auto' && typeof t.detected_source_language === 'string'
          ? t.detected_source_language
          : source,
    };
  }
}

function messageOf(body: unknown): string | undefined {
  const msg = (body as { message?: unknown } | undefined)?.message;
  return typeof msg === 'string' ? msg : undefined;
}
