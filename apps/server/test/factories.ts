// Factories of the route tests: the people, companies and work accounts a test needs, made the
// way a test file's `beforeAll` used to make them by hand (with `useTestServer` of support.ts).
import type { Permission, SubRole } from '@cst/shared';
import {
  addAccount,
  apiAs,
  type HasApp,
  type ListedAccount,
} from '../src/modules/accounts/account.test-support.ts';
import { positions, roles } from '../src/db/schema/index.ts';
import type { Deps } from '../src/platform/deps.ts';
import { buildTenant, buildUser, login, type Session } from './support.ts';

export { buildTenant, buildUser };

/** The start-up users (seed.ts) by the names the tests give them. */
export const START_USERS = {
  admin: 'admin',
  demo: 'demo',
  sup: 'demo-sup',
  seat1: 'demo-seat1',
  seat2: 'demo-seat2',
} as const;

export type StartUser = keyof typeof START_USERS;

/** Signs in start-up users (each from an address of its own), side by side. */
export async function signInAs<K extends StartUser>(
  ctx: HasApp,
  ...names: K[]
): Promise<Record<K, Session>> {
  const sessions = await Promise.all(names.map((n) => login(ctx, START_USERS[n])));
  return Object.fromEntries(names.map((n, i) => [n, sessions[i]!])) as Record<K, Session>;
}

/** A company of its own with its manager signed in: the "other tenant" of isolation tests. */
export async function buildOtherTenant(ctx: HasApp & { deps: Deps }, name?: string) {
  const t = await buildTenant(ctx, name);
  return login(ctx, t.manager.username);
}

/** A user built in the database and signed in; the session carries the user's row. */
export async function buildSignedInUser(
  ctx: HasApp & { deps: Deps },
  fields: Parameters<typeof buildUser>[1],
): Promise<Session & { user: Awaited<ReturnType<typeof buildUser>> }> {
  const user = await buildUser(ctx, fields);
  return { ...(await login(ctx, user.username)), user };
}

/** A custom role of a company, made directly in the database (e.g. another company's). */
export async function buildRole(
  ctx: { deps: Deps },
  tenantId: string,
  name: string,
  permissions: Permission[] = ['history.read'],
) {
  const [role] = await ctx.deps.db
    .insert(roles)
    .values({ tenantId, name, permissions })
    .returning();
  return role!;
}

/** A position of a company, made directly in the database. */
export async function buildPosition(ctx: { deps: Deps }, tenantId: string, name: string) {
  const [position] = await ctx.deps.db.insert(positions).values({ tenantId, name }).returning();
  return position!;
}

/** Ports granted to a company by the platform admin (`admin`'s session), as over the API. */
export async function grantPorts(
  ctx: HasApp,
  admin: Session,
  tenantId: string,
  opts: { count?: number; days?: number } = {},
): Promise<void> {
  const r = await apiAs(ctx, admin).post('/system-api/system/user/port/add', {
    tenantId,
    count: opts.count ?? 1,
    days: opts.days ?? 30,
  });
  if (r.status !== 200) throw new Error(`port/add: ${r.message}`);
}

/**
 * A seat of `manager`'s company with a role of its own (made over the API as a manager would),
 * signed in: e.g. one that may only read conversations.
 */
export async function buildSeatWithRole(
  ctx: HasApp & { deps: Deps },
  manager: Session,
  role: { roleName: string; permissions: string[] },
  seatRole: SubRole = 'office',
) {
  const r = await apiAs(ctx, manager).post<{ id: string }>('/system-api/system/roles/add', role);
  if (r.status !== 200) throw new Error(`roles/add: ${r.message}`);
  return buildSignedInUser(ctx, { tenantId: manager.tenantId, role: seatRole, roleId: r.data.id });
}

/**
 * A work account added by QR through the simulator (online once this resolves), optionally
 * handed to a seat.
 */
export async function buildAccount(
  ctx: Parameters<typeof addAccount>[0],
  owner: Session,
  opts: Parameters<typeof addAccount>[2] & { distributeTo?: Pick<Session, 'uid'> } = {},
): Promise<ListedAccount> {
  const { distributeTo, ...add } = opts;
  const acc = await addAccount(ctx, owner, add);
  if (distributeTo) {
    const d = await apiAs(ctx, owner).post('/main-api/acc/distribute', {
      wxids: [acc.wxid],
      uid: distributeTo.uid,
    });
    if (d.status !== 200) throw new Error(`distribute: ${d.message}`);
  }
  return acc;
}

/** Simulator settings of `owner`'s company: quick receipts and no failures, unless given. */
export async function quickSimulator(
  ctx: HasApp,
  owner: Session,
  settings: Record<string, unknown> = {},
): Promise<void> {
  const r = await apiAs(ctx, owner).post('/sim-api/config', {
    deliveryDelayMs: 20,
    readDelayMs: 20,
    failRate: 0,
    ...settings,
  });
  if (r.status !== 200) throw new Error(`sim-api/config: ${r.message}`);
}
