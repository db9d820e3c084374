import type { Session, TestContext } from './support.ts';

/** What a test reads from a response: the status and the parsed envelope. */
export interface ApiResponse {
  status: number;
  code: number;
  /** `msg` of /system-api or `message` of the other envelopes. */
  msg: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  data: any;
}

/** Calls the API as a browser would: JSON body or query, optional session and language. */
export async function api(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  opts: {
    session?: Session;
    body?: unknown;
    query?: Record<string, string | number>;
    lang?: 'en' | 'zh-CN';
    ip?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...(opts.session?.headers ?? {}), ...opts.headers };
  if (opts.lang) headers['accept-language'] = opts.lang;
  const query = opts.query
    ? Object.fromEntries(Object.entries(opts.query).map(([k, v]) => [k, String(v)]))
    : undefined;
  const res = await ctx.app.inject({
    method,
    url,
    headers,
    query,
    payload: method === 'GET' ? undefined : (opts.body ?? {}),
    remoteAddress: opts.ip,
  });
  const json = res.json() as { code: number; msg?: string; message?: string; data: unknown };
  return {
    status: res.statusCode,
    code: json.code,
    msg: json.msg ?? json.message ?? '',
    data: json.data,
  };
}
