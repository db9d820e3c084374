import type { TranslateLanguage } from '@cst/shared';
import {
  guardedFetch,
  OutboundRefusedError,
  OutboundTooLargeError,
  type OutboundConfig,
} from '../../platform/outbound.ts';

/**
 * Why a provider could not translate; each has its own message in the user's language
 * (`translateFailed`, `translateUnreachable`…), so a manager testing a key learns what to fix.
 */
export type TranslationFailure =
  /** The service could not be reached (DNS, refused connection, TLS). */
  | 'unreachable'
  /** No answer in time. */
  | 'timeout'
  /** The address is not public and private networks are not allowed (ALLOW_PRIVATE_NETWORK). */
  | 'refused'
  /** The key, app id or signature was refused. */
  | 'auth'
  /** Quota, balance or rate limit. */
  | 'quota'
  /** The language pair is not supported. */
  | 'language'
  /** Anything else: an error answer, an answer that is not what the protocol says. */
  | 'failed';

/** The provider could not translate (down, refused, bad answer). */
/**
 * The languages a service lists as JSON (`[{<codeKey>, name}]`), entries of another shape left
 * out; throws when the answer is not a list (`what` names it in the error).
 */
export function languageListOf(body: unknown, codeKey: string, what: string): TranslateLanguage[] {
  if (!Array.isArray(body)) throw new TranslationError(`bad ${what} answer`);
  return body
    .filter(
      (l): l is Record<string, string> =>
        typeof l?.[codeKey] === 'string' && typeof l?.name === 'string',
    )
    .map((l) => ({ code: l[codeKey]!, name: l.name! }));
}

export class TranslationError extends Error {
  constructor(
    message: string,
    readonly reason: TranslationFailure = 'failed',
  ) {
    super(message);
    this.name = 'TranslationError';
  }
}

/** A machine translation service. */
export interface TranslationProvider {
  /** The provider's kind (`deepl`…), part of the translation cache key. */
  readonly id: string;
  /** The languages it speaks. */
  languages(): Promise<TranslateLanguage[]>;
  /** Translates plain text; `source` may be 'auto'. Returns the text and the source language. */
  translate(
    text: string,
    source: string,
    target: string,
  ): Promise<{ text: string; source: string }>;
}

/** What every provider needs from the server. */
export interface ProviderContext {
  /** The outbound guard's configuration (platform/outbound.ts). */
  outbound: OutboundConfig;
  /** Per request, redirects included (default 15 s). */
  timeoutMs?: number;
  /** The clock of signatures (Youdao's curtime, Tencent's timestamp). */
  now?: () => Date;
}

const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

/** A provider's HTTP answer: its status and its JSON body (undefined when it was not JSON). */
export interface ProviderAnswer {
  status: number;
  body: unknown;
}

/**
 * One HTTP call of a provider, through the outbound guard, with its timeout; network failures
 * become TranslationError with their reason. The caller judges the status and body.
 */
export async function providerCall(
  ctx: ProviderContext,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<ProviderAnswer> {
  let res;
  try {
    res = await guardedFetch(
      url,
      { ...init, maxBytes: MAX_ANSWER_BYTES, timeoutMs: ctx.timeoutMs ?? 15_000 },
      ctx.outbound,
    );
  } catch (err) {
    const e = err as Error & { code?: string };
    if (err instanceof OutboundRefusedError) {
      throw new TranslationError(`translation service refused: ${e.message}`, 'refused');
    }
    if (err instanceof OutboundTooLargeError) {
      throw new TranslationError('translation service answer too large', 'failed');
    }
    if (e.name === 'TimeoutError' || e.name === 'AbortError') {
      throw new TranslationError('translation service timed out', 'timeout');
    }
    throw new TranslationError(
      `translation service unreachable: ${e.code ?? e.message}`,
      'unreachable',
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(res.body.toString('utf8'));
  } catch {
    body = undefined;
  }
  return { status: res.status, body };
}

/** The usual meaning of an HTTP error status. */
export function statusFailure(status: number): TranslationFailure {
  if (status === 401 || status === 403) return 'auth';
  if (status === 429 || status === 456) return 'quota';
  if (status === 408 || status === 504) return 'timeout';
  return 'failed';
}

/** Throws the TranslationError of an error answer. */
export function failWith(what: string, answer: ProviderAnswer, detail?: unknown): never {
  throw new TranslationError(
    `${what} answered ${answer.status}${typeof detail === 'string' && detail ? `: ${detail}` : ''}`,
    statusFailure(answer.status),
  );
}

/** Strips the trailing slashes of a base URL. */
export function baseOf(url: string): string {
  return url.replace(/\/+$/, '');
}
