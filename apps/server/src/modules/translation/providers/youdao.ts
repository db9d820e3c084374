import { createHash, randomUUID } from 'node:crypto';
import type { TranslateLanguage } from '@cst/shared';
import {
  baseOf,
  failWith,
  providerCall,
  TranslationError,
  type ProviderContext,
  type TranslationFailure,
  type TranslationProvider,
} from '../translation.provider.ts';
import { YOUDAO_LANGUAGES } from './languages.ts';

export const YOUDAO_BASE = 'https://openapi.youdao.com';

/**
 * Youdao's v3 `input`: the text itself up to 20 characters, else its first 10 characters, its
 * length and its last 10 (characters are code points).
 */
export function youdaoInput(q: string): string {
  const chars = Array.from(q);
  if (chars.length <= 20) return q;
  return `${chars.slice(0, 10).join('')}${chars.length}${chars.slice(-10).join('')}`;
}

/** Youdao's v3 sign: SHA-256 of appKey + input + salt + curtime + appSecret, hex. */
export function youdaoSign(
  appKey: string,
  q: string,
  salt: string,
  curtime: string,
  secret: string,
): string {
  return createHash('sha256')
    .update(`${appKey}${youdaoInput(q)}${salt}${curtime}${secret}`, 'utf8')
    .digest('hex');
}

const YOUDAO_ERRORS: Record<string, TranslationFailure> = {
  '101': 'failed',
  '102': 'language',
  '108': 'auth',
  '110': 'auth',
  '111': 'auth',
  '202': 'auth',
  '206': 'auth',
  '401': 'quota',
  '411': 'quota',
  '412': 'quota',
};

/**
 * Youdao's text translation (`POST /api`, form-encoded q, from, to, appKey, salt, sign,
 * signType=v3, curtime) — `errorCode: '0'` and `translation: [..]` when it worked.
 */
export class YoudaoProvider implements TranslationProvider {
  readonly id = 'youdao';
  private readonly base: string;

  constructor(
    private readonly appKey: string,
    private readonly secret: string,
    private readonly ctx: ProviderContext,
    baseUrl?: string,
  ) {
    this.base = baseOf(baseUrl || YOUDAO_BASE);
  }

  languages(): Promise<TranslateLanguage[]> {
    return Promise.resolve(YOUDAO_LANGUAGES);
  }

  async translate(text: string, source: string, target: string) {
    const salt = randomUUID();
    const curtime = String(Math.floor((this.ctx.now?.() ?? new Date()).getTime() / 1000));
    const form = new URLSearchParams({
      q: text,
      from: source || 'auto',
      to: target,
      appKey: this.appKey,
      salt,
      sign: youdaoSign(this.appKey, text, salt, curtime, this.secret),
      signType: 'v3',
      curtime,
    });
    const answer = await providerCall(this.ctx, `${this.base}/api`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    if (answer.status !== 200) failWith('Youdao', answer);
    const body = answer.body as
      { errorCode?: unknown; translation?: unknown; l?: unknown } | undefined;
    const code = String(body?.errorCode ?? '');
    if (code !== '0') {
      throw new TranslationError(`Youdao error ${code}`, YOUDAO_ERRORS[code] ?? 'failed');
    }
    const out = body?.translation;
    if (!Array.isArray(out) || out.some((t) => typeof t !== 'string')) {
      throw new TranslationError('bad Youdao answer');
    }
    // `l` is `from2to`, e.g. `zh-CHS2en`.
    const pair = typeof body?.l === 'string' ? body.l.split('2')[0] : undefined;
    return {
      text: (out as string[]).join('\n'),
      source: source === 'auto' && pair ? pair : source,
    };
  }
}
