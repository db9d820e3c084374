import { createHash, randomInt } from 'node:crypto';
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
import { BAIDU_LANGUAGES } from './languages.ts';

export const BAIDU_BASE = 'https://fanyi-api.baidu.com';

/** Baidu's sign: MD5 of appid + q + salt + key, lower-case hex. */
export function baiduSign(appId: string, q: string, salt: string, key: string): string {
  return createHash('md5').update(`${appId}${q}${salt}${key}`, 'utf8').digest('hex');
}

/** What Baidu's error codes mean. */
const BAIDU_ERRORS: Record<string, TranslationFailure> = {
  '52001': 'timeout',
  '52003': 'auth',
  '54001': 'auth',
  '58000': 'auth',
  '90107': 'auth',
  '54003': 'quota',
  '54004': 'quota',
  '54005': 'quota',
  '58001': 'language',
  '58002': 'auth',
};

/**
 * Baidu fanyi (通用文本翻译, `POST /api/trans/vip/translate`, form-encoded q, from, to, appid,
 * salt, sign). Each line of q comes back as one `trans_result` entry; they are joined again.
 */
export class BaiduProvider implements TranslationProvider {
  readonly id = 'baidu';
  private readonly base: string;

  constructor(
    private readonly appId: string,
    private readonly key: string,
    private readonly ctx: ProviderContext,
    baseUrl?: string,
  ) {
    this.base = baseOf(baseUrl || BAIDU_BASE);
  }

  languages(): Promise<TranslateLanguage[]> {
    return Promise.resolve(BAIDU_LANGUAGES);
  }

  async translate(text: string, source: string, target: string) {
    const salt = String(randomInt(1, 2 ** 31));
    const form = new URLSearchParams({
      q: text,
      from: source || 'auto',
      to: target,
      appid: this.appId,
      salt,
      sign: baiduSign(this.appId, text, salt, this.key),
    });
    const answer = await providerCall(this.ctx, `${this.base}/api/trans/vip/translate`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    if (answer.status !== 200) failWith('Baidu', answer);
    const body = answer.body as
      | { error_code?: unknown; error_msg?: unknown; from?: unknown; trans_result?: unknown }
      | undefined;
    if (body?.error_code !== undefined && String(body.error_code) !== '52000') {
      const code = String(body.error_code);
      throw new TranslationError(
        `Baidu error ${code}: ${String(body.error_msg ?? '')}`,
        BAIDU_ERRORS[code] ?? 'failed',
      );
    }
    if (!Array.isArray(body?.trans_result)) throw new TranslationError('bad Baidu answer');
    const lines = (body.trans_result as { dst?: unknown }[]).map((r) => r?.dst);
    if (lines.some((l) => typeof l !== 'string')) throw new TranslationError('bad Baidu answer');
    return {
      text: lines.join('\n'),
      source: typeof body.from === 'string' ? body.from : source,
    };
  }
}
