import type { TranslateLanguage } from '@cst/shared';

/** The provider could not translate (down, refused, bad answer). */
export class TranslationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TranslationError';
  }
}

/** A machine translation service. */
export interface TranslationProvider {
  /** The languages it speaks. */
  languages(): Promise<TranslateLanguage[]>;
  /** Translates plain text; `source` may be 'auto'. Returns the text and the source language. */
  translate(
    text: string,
    source: string,
    target: string,
  ): Promise<{ text: string; source: string }>;
}

/** Options of the HTTP provider. */
export interface LibreTranslateOptions {
  timeoutMs?: number;
  apiKey?: string;
}

/**
 * A LibreTranslate-compatible HTTP service (TRANSLATE_URL): `POST /translate` with
 * `{q, source, target, format: 'text'}` answers `{translatedText, detectedLanguage?}`;
 * `GET /languages` answers `[{code, name}]`.
 */
export class LibreTranslateProvider implements TranslationProvider {
  private readonly base: string;

  constructor(
    baseUrl: string,
    private readonly opts: LibreTranslateOptions = {},
  ) {
    this.base = baseUrl.replace(/\/+$/, '');
  }

  private async call(path: string, init: RequestInit): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(`${this.base}${path}`, {
        ...init,
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw new TranslationError(`translation service unreachable: ${(err as Error).message}`);
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new TranslationError(`translation service answered ${res.status} without JSON`);
    }
    if (!res.ok) {
      const msg = (body as { error?: unknown })?.error;
      throw new TranslationError(
        `translation service answered ${res.status}${typeof msg === 'string' ? `: ${msg}` : ''}`,
      );
    }
    return body;
  }

  async languages(): Promise<TranslateLanguage[]> {
    const body = await this.call('/languages', { method: 'GET' });
    if (!Array.isArray(body)) throw new TranslationError('bad /languages answer');
    return body
      .filter(
        (l): l is { code: string; name: string } =>
          typeof l?.code === 'string' && typeof l?.name === 'string',
      )
      .map((l) => ({ code: l.code, name: l.name }));
  }

  async translate(text: string, source: string, target: string) {
    const payload: Record<string, string> = { q: text, source, target, format: 'text' };
    if (this.opts.apiKey) payload.api_key = this.opts.apiKey;
    const body = (await this.call('/translate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    })) as { translatedText?: unknown; detectedLanguage?: { language?: unknown } };
    if (typeof body?.translatedText !== 'string')
      throw new TranslationError('bad /translate answer');
    const detected = body.detectedLanguage?.language;
    return {
      text: body.translatedText,
      source: source === 'auto' && typeof detected === 'string' ? detected : source,
    };
  }
}
