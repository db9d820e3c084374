import { createHash, createHmac } from 'node:crypto';
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
import { TENCENT_LANGUAGES } from './languages.ts';

export const TENCENT_BASE = 'https://tmt.tencentcloudapi.com';
export const TENCENT_REGION = 'ap-guangzhou';
const SERVICE = 'tmt';
const ACTION = 'TextTranslate';
const VERSION = '2018-03-21';
const CONTENT_TYPE = 'application/json; charset=utf-8';

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const hmac = (key: Buffer | string, s: string) =>
  createHmac('sha256', key).update(s, 'utf8').digest();

/**
 * The TC3-HMAC-SHA256 `Authorization` of a Tencent Cloud API call (POST, JSON body, signed
 * headers content-type and host), as Tencent documents it.
 */
export function tc3Authorization(p: {
  secretId: string;
  secretKey: string;
  service: string;
  host: string;
  timestamp: number;
  payload: string;
  contentType?: string;
}): string {
  const date = new Date(p.timestamp * 1000).toISOString().slice(0, 10);
  const canonical = [
    'POST',
    '/',
    '',
    `content-type:${p.contentType ?? CONTENT_TYPE}\nhost:${p.host}\n`,
    'content-type;host',
    sha256(p.payload),
  ].join('\n');
  const scope = `${date}/${p.service}/tc3_request`;
  const toSign = ['TC3-HMAC-SHA256', String(p.timestamp), scope, sha256(canonical)].join('\n');
  const signing = hmac(hmac(hmac(`TC3${p.secretKey}`, date), p.service), 'tc3_request');
  const signature = createHmac('sha256', signing).update(toSign, 'utf8').digest('hex');
  return `TC3-HMAC-SHA256 Credential=${p.secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`;
}

const TENCENT_ERRORS: Record<string, TranslationFailure> = {
  'AuthFailure.SignatureFailure': 'auth',
  'AuthFailure.SecretIdNotFound': 'auth',
  'AuthFailure.SignatureExpire': 'auth',
  'AuthFailure.InvalidSecretId': 'auth',
  'AuthFailure.UnauthorizedOperation': 'auth',
  'FailedOperation.NoFreeAmount': 'quota',
  'FailedOperation.ServiceIsolate': 'quota',
  'FailedOperation.UserNotRegistered': 'auth',
  RequestLimitExceeded: 'quota',
  'UnsupportedOperation.UnsupportedLanguage': 'language',
  'UnsupportedOperation.UnsupportedSourceLanguage': 'language',
};

/** Tencent Cloud machine translation (TMT) `TextTranslate`, signed with TC3-HMAC-SHA256. */
export class TencentProvider implements TranslationProvider {
  readonly id = 'tencent';
  private readonly base: string;

  constructor(
    private readonly secretId: string,
    private readonly secretKey: string,
    private readonly ctx: ProviderContext,
    private readonly region = TENCENT_REGION,
    baseUrl?: string,
  ) {
    this.base = baseOf(baseUrl || TENCENT_BASE);
  }

  languages(): Promise<TranslateLanguage[]> {
    return Promise.resolve(TENCENT_LANGUAGES);
  }

  async translate(text: string, source: string, target: string) {
    const url = new URL(`${this.base}/`);
    const timestamp = Math.floor((this.ctx.now?.() ?? new Date()).getTime() / 1000);
    const payload = JSON.stringify({
      SourceText: text,
      Source: source || 'auto',
      Target: target,
      ProjectId: 0,
    });
    const answer = await providerCall(this.ctx, url.href, {
      method: 'POST',
      headers: {
        'content-type': CONTENT_TYPE,
        authorization: tc3Authorization({
          secretId: this.secretId,
          secretKey: this.secretKey,
          service: SERVICE,
          host: url.host,
          timestamp,
          payload,
        }),
        'x-tc-action': ACTION,
        'x-tc-version': VERSION,
        'x-tc-region': this.region || TENCENT_REGION,
        'x-tc-timestamp': String(timestamp),
      },
      body: payload,
    });
    if (answer.status !== 200) failWith('Tencent', answer);
    const res = (answer.body as { Response?: Record<string, unknown> } | undefined)?.Response;
    const error = res?.Error as { Code?: unknown; Message?: unknown } | undefined;
    if (error) {
      const code = String(error.Code ?? '');
      throw new TranslationError(
        `Tencent error ${code}: ${String(error.Message ?? '')}`,
        TENCENT_ERRORS[code] ?? (code.startsWith('AuthFailure') ? 'auth' : 'failed'),
      );
    }
    if (typeof res?.TargetText !== 'string') throw new TranslationError('bad Tencent answer');
    return {
      text: res.TargetText,
      source: source === 'auto' && typeof res.Source === 'string' ? res.Source : source,
    };
  }
}
