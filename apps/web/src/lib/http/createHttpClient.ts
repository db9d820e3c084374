import { SKIP_CANCEL_PREFIX, trimDeep } from '@cst/shared';
import { HttpError } from './errors.ts';

/** HTTP timeout of both clients (SPEC §9). */
export const HTTP_TIMEOUT_MS = 50_000;
/** Delay between an HTTP 401 and the logout it causes (SPEC §8). */
export const HTTP_401_LOGOUT_DELAY_MS = 2_000;
/** Response header carrying the sliding expiry of the token. */
export const TOKEN_EXPIRY_HEADER = 'x-token-expires-at';
/** How long a prefetched answer waits for the identical call it was made for. */
export const PREFETCH_TTL_MS = 10_000;

/** What makes one client differ from the other (SPEC §7–8). */
export interface ClientProfile {
  /** The envelope code of success: 0 for client A, 200 for client B. */
  successCode: number;
  /** The envelope field holding the human message: `message` (A) or `msg` (B). */
  messageField: 'message' | 'msg';
  /** The authentication headers for a token and the user's tenant. */
  authHeaders: (token: string, tenantId: string | null) => Record<string, string>;
}

/** What a client needs from the app around it; tests pass fakes. */
export interface ClientEnv {
  session: () => { token: string | null; tenantId: string | null };
  language: () => string;
  /** Shows an error toast. */
  notify: (text: string) => void;
  /** Texts the client shows itself. */
  texts: () => { sessionExpired: string; timeout: string; network: string; status: string };
  /** The server moved the token expiry. */
  onTokenExpiry: (expiresAt: number) => void;
  /** The session is gone: tell the user and log out after `delayMs` (see {@link onceUnauthorized}). */
  onUnauthorized: (delayMs: number) => void;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** One request. `params` become the query string; `data` the JSON (or FormData) body. */
export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  params?: Record<string, string | number | boolean | null | undefined>;
  data?: unknown;
  /** Do not toast errors; the caller shows them (e.g. inline on a form). */
  silent?: boolean;
}

/** A configured API client. */
export interface HttpClient {
  request<T>(opts: RequestOptions): Promise<T>;
  get<T>(
    url: string,
    params?: RequestOptions['params'],
    opts?: Partial<RequestOptions>,
  ): Promise<T>;
  post<T>(url: string, data?: unknown, opts?: Partial<RequestOptions>): Promise<T>;
  put<T>(url: string, data?: unknown, opts?: Partial<RequestOptions>): Promise<T>;
  /**
   * Sends the requests `call` makes at once, ahead of the screen that will make them: the first
   * identical request (same method, URL, body and token) within {@link PREFETCH_TTL_MS} takes
   * the answer instead of asking again. A prefetch shows no error; if it failed, the screen's own
   * request is sent as usual (and reports its error as usual).
   */
  prefetch(call: () => unknown): void;
  /** Forgets prefetched answers no request has taken yet (they may be out of date). */
  dropPrefetched(): void;
}

function queryString(params: RequestOptions['params']): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Creates a client: auth headers, trim, duplicate cancelling, timeout, envelope and 401 handling. */
export function createHttpClient(profile: ClientProfile, env: ClientEnv): HttpClient {
  const inFlight = new Set<string>();
  const doFetch = env.fetch ?? ((input: RequestInfo, init?: RequestInit) => fetch(input, init));
  const timeoutMs = env.timeoutMs ?? HTTP_TIMEOUT_MS;

  const prefetched = new Map<
    string,
    { at: number; token: string | null; answer: Promise<unknown> }
  >();
  let prefetching = false;

  function request<T>(opts: RequestOptions): Promise<T> {
    try {
      return route<T>(opts);
    } catch (err) {
      return Promise.reject(err as Error);
    }
  }

  /** Sends a request, or hands it the prefetched answer of the identical one. */
  function route<T>(opts: RequestOptions): Promise<T> {
    const method = opts.method ?? 'POST';
    const skipCancel = opts.url.includes(SKIP_CANCEL_PREFIX);
    const url =
      (skipCancel ? opts.url.replace(SKIP_CANCEL_PREFIX, '') : opts.url) +
      queryString(trimDeep(opts.params));
    const isForm = typeof FormData !== 'undefined' && opts.data instanceof FormData;
    const body = isForm
      ? (opts.data as FormData)
      : opts.data === undefined
        ? undefined
        : JSON.stringify(trimDeep(opts.data));
    const key = `${method} ${url} ${typeof body === 'string' ? body : ''}`;
    const { token } = env.session();
    if (prefetching && !isForm) {
      const answer = send<T>({ ...opts, silent: true }, method, url, body, key, false);
      const entry = { at: Date.now(), token, answer };
      prefetched.set(key, entry);
      answer.catch(() => {
        if (prefetched.get(key) === entry) prefetched.delete(key);
      });
      return answer;
    }
    const early = prefetched.get(key);
    if (early) {
      prefetched.delete(key);
      if (early.token === token && Date.now() - early.at < PREFETCH_TTL_MS) {
        return (early.answer as Promise<T>).catch(() =>
          send<T>(opts, method, url, body, key, !skipCancel && !isForm),
        );
      }
    }
    return send<T>(opts, method, url, body, key, !skipCancel && !isForm);
  }

  async function send<T>(
    opts: RequestOptions,
    method: string,
    url: string,
    body: string | FormData | undefined,
    key: string,
    dedupe: boolean,
  ): Promise<T> {
    const fail = (err: HttpError): never => {
      if (!opts.silent && err.kind !== 'cancelled') env.notify(err.message);
      throw err;
    };

    // An identical request still in flight: this one is the duplicate and is cancelled.
    if (dedupe && inFlight.has(key)) throw new HttpError('cancelled', 'duplicate request');
    if (dedupe) inFlight.add(key);

    const { token, tenantId } = env.session();
    const headers: Record<string, string> = { 'Accept-Language': env.language() };
    if (typeof body === 'string') headers['Content-Type'] = 'application/json';
    if (token) Object.assign(headers, profile.authHeaders(token, tenantId));

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    let res: Response;
    let payload: Record<string, unknown> | null = null;
    try {
      res = await doFetch(url, { method, headers, body, signal: controller.signal });
      try {
        payload = (await res.json()) as Record<string, unknown>;
      } catch {
        payload = null;
      }
    } catch {
      const texts = env.texts();
      return fail(
        timedOut
          ? new HttpError('timeout', texts.timeout)
          : new HttpError('network', texts.network),
      );
    } finally {
      clearTimeout(timer);
      if (dedupe) inFlight.delete(key);
    }

    const expiry = Number(res.headers.get(TOKEN_EXPIRY_HEADER));
    if (expiry > 0) env.onTokenExpiry(expiry);

    const texts = env.texts();
    const code = typeof payload?.code === 'number' ? payload.code : res.status;
    const serverText = payload?.[profile.messageField];
    const message = typeof serverText === 'string' && serverText ? serverText : '';
    const data = payload?.data ?? null;
    if (res.status === 401) {
      env.onUnauthorized(HTTP_401_LOGOUT_DELAY_MS);
      throw new HttpError('api', texts.sessionExpired, 401, 401, data);
    }
    if (!res.ok || !payload) {
      return fail(
        new HttpError('api', message || `${texts.status} ${res.status}`, res.status, code, data),
      );
    }
    if (code === 401) {
      env.onUnauthorized(0);
      throw new HttpError('api', texts.sessionExpired, res.status, 401, data);
    }
    if (code !== profile.successCode) {
      return fail(new HttpError('api', message || texts.status, res.status, code, data));
    }
    return data as T;
  }

  return {
    request,
    get: (url, params, opts) => request({ ...opts, method: 'GET', url, params }),
    post: (url, data, opts) => request({ ...opts, method: 'POST', url, data }),
    put: (url, data, opts) => request({ ...opts, method: 'PUT', url, data }),
    prefetch: (call) => {
      prefetching = true;
      try {
        const r = call();
        if (r instanceof Promise) r.catch(() => undefined);
      } catch {
        // A prefetch that cannot start is simply not there.
      } finally {
        prefetching = false;
      }
    },
    dropPrefetched: () => prefetched.clear(),
  };
}

/**
 * The reaction to a lost session, run once however many requests fail with 401 together: tell
 * the user, then log out after `delayMs` (HTTP 401 waits 2 s; an envelope code 401 is at once).
 */
export function onceUnauthorized(tell: () => void, logout: () => void): (delayMs: number) => void {
  let scheduled = false;
  return (delayMs) => {
    if (scheduled) return;
    scheduled = true;
    tell();
    if (delayMs > 0) setTimeout(logout, delayMs);
    else logout();
  };
}
