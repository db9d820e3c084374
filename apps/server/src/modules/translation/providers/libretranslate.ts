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

/**
 * A LibreTranslate-compatible HTTP service: `POST /translate` with
 * `{q, source, target, format: 'text', api_key?}` answers `{translatedText, detectedLanguage?}`;
 * `GET /languages` answers `[{code, name}]` (its own list: the languages its models were built with).
 */
export class LibreTranslateProvider implements TranslationProvider {
  readonly id = 'libretranslate';
  private readonly base: string;

  constructor(
    baseUrl: string,
    private readonly ctx: ProviderContext,
    private readonly apiKey?: string,
  ) {
    this.base = baseOf(baseUrl);
  }

  async languages(): Promise<TranslateLanguage[]> {
    const answer = await providerCall(this.ctx, `${this.base}/languages`, { method: 'GET' });
    if (answer.status !== 200) failWith('LibreTranslate', answer, errorOf(answer.body));
    return languageListOf(answer.body, 'code', '/languages');
  }

  async translate(text: string, source: string, target: string) {
    const payload: Record<string, string> = { q: text, source, target, format: 'text' };
    if (this.apiKey) payload.api_key = this.apiKey;
    const answer = await providerCall(this.ctx, `${this.base}/translate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    if (answer.status !== 200) {
      // LibreTranslate answers 400 for an unknown pair and 403 for a wrong api_key.
      const detail = errorOf(answer.body);
      if (answer.status === 400 && /language|not supported/i.test(detail ?? '')) {
        throw new TranslationError(`LibreTranslate: ${detail}`, 'language');
      }
      failWith('LibreTranslate', answer, detail);
    }
    const body = answer.body as {
      translatedText?: unknown;
      detectedLanguage?: { language?: unknown };
    };
    if (typeof body?.translatedText !== 'string') {
      throw new TranslationError('bad /translate answer');
    }
    const detected = body.detectedLanguage?.language;
    return {
      text: body.translatedText,
      source: source === 'auto' && typeof detected === 'string' ? detected : source,
    };
  }
}

function errorOf(body: unknown): string | undefined {
  const msg = (body as { error?: unknown } | undefined)?.error;
  return typeof msg === 'string' ? msg : undefined;
}
