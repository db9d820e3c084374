import { createTestStore, login, type Session, type TestContext } from '../../../test/support.ts';

/** Anything with the app (a test context or a started server). */
export type HasApp = Pick<TestContext, 'app'>;

/** A JSON reply as tests read it. */
export interface Reply<T = unknown> {
  status: number;
  code: number;
  message: string;
  data: T;
}

/** Calls the API as a signed-in user (tests only). */
export function apiAs(ctx: HasApp, s: Session, lang = 'zh-CN') {
  const call = async <T>(
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
  ): Promise<Reply<T>> => {
    const res = await ctx.app.inject({
      method,
      url,
      headers: { ...s.headers, 'accept-language': lang },
      payload: method === 'POST' ? ((payload ?? {}) as object) : undefined,
    });
    const body = res.json() as { code: number; message: string; data: T };
    return { status: res.statusCode, ...body };
  };
  return {
    post: <T = unknown>(url: string, payload?: unknown) => call<T>('POST', url, payload),
    get: <T = unknown>(url: string) => call<T>('GET', url),
  };
}

/** Polls until `check` returns a value (not undefined/false), or fails after `ms`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  // A deadline only catches "never": a starved CI machine may take seconds to get there.
  ms = 20_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A work account as the list returns it (the fields tests read). */
export interface ListedAccount {
  wxid: string;
  status: string;
  statusReason: string;
  nickname: string;
  remark: string;
  groupId: string | null;
  proxyId: string | null;
  pool: string;
  distributedTo: string | null;
  contactCount: number;
  groupCount: number;
  portCode: string | null;
  firstLoginAt: number | null;
  keepIdleUntil: number | null;
}

/** Reads one account from the list of a user (undefined when not visible). */
export async function accountOf(ctx: HasApp, s: Session, wxid: string) {
  const r = await apiAs(ctx, s).post<{ list: ListedAccount[] }>('/main-api/acc/all', {
    keyword: wxid,
  });
  return r.data.list.find((a) => a.wxid === wxid);
}

/** Waits until an account shows a status. */
export function waitStatus(ctx: HasApp, s: Session, wxid: string, status: string) {
  return eventually(async () => {
    const a = await accountOf(ctx, s, wxid);
    return a?.status === status ? a : undefined;
  });
}

/** Adds an account by QR through the simulator, as a person would; resolves once it is online. */
export async function addAccount(
  ctx: HasApp & Partial<Pick<TestContext, 'deps'>>,
  s: Session,
  opts: { nickname?: string; groupId?: string; proxyId?: string } = {},
): Promise<ListedAccount> {
  const api = apiAs(ctx, s);
  const code = await api.post<{ loginId: string }>('/main-api/acc/qr-login-code', {
    groupId: opts.groupId,
    proxyId: opts.proxyId,
  });
  if (code.status !== 200) throw new Error(`qr-login-code: ${code.message}`);
  const scan = await api.post<{ wxid: string }>('/sim-api/qr/scan', {
    loginId: code.data.loginId,
    confirm: true,
    nickname: opts.nickname,
  });
  if (scan.status !== 200) throw new Error(`scan: ${scan.message}`);
  const online = await waitStatus(ctx, s, scan.data.wxid, 'online');
  // The login's own events (its status, the first sync) may still be on their way; a test's
  // next step must not race them, so an in-process server is waited for until it is idle.
  if (ctx.deps) await gatewayIdle({ deps: ctx.deps });
  return online;
}

/** Waits until the gateway has delivered every event so far. */
export async function gatewayIdle(ctx: Pick<TestContext, 'deps'>) {
  await ctx.deps.runtime.gateway.simulator?.idle();
}

/** Signs in on any app (a started server as well as a test context): support.ts's `login`. */
export function signIn(ctx: HasApp, username: string): Promise<Session> {
  return login(ctx, username);
}

/** A database that outlives one server: support.ts's `createTestStore`. */
export const freshStore = createTestStore;
