import { randomBytes } from 'node:crypto';
import { newOrderNumber } from '@cst/shared';
import type { Deps } from '../../platform/deps.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { usernameTaken } from '../users/index.ts';
import {
  insertOrder,
  insertPortRows,
  insertTenant,
  insertUser,
  tenantOfUsername,
} from './seed.repository.ts';

/** Ports the demo tenant starts with, and how long they last. */
export const DEMO_PORTS = 60;
const DEMO_PORT_DAYS = 365;

/** A login created at start-up, to print once. */
export interface CreatedLogin {
  username: string;
  password: string;
  role: string;
  tenant: string | null;
  /**
   * Where the password came from: generated here (printed once, the only way to learn it) or
   * the named environment setting (never printed: the operator has it, logs should not).
   */
  source: 'generated' | 'ADMIN_PASSWORD' | 'DEMO_PASSWORD';
}

const randomPassword = () => randomBytes(9).toString('base64url');

/** Creates the platform admin and the demo tenant on first start (API.md, Start-up). */
export async function seed(deps: Deps): Promise<CreatedLogin[]> {
  const { db, config } = deps;
  const created: CreatedLogin[] = [];
  const exists = (username: string) => usernameTaken(db, username);

  if (!(await exists(config.adminUsername))) {
    const password = config.adminPassword ?? randomPassword();
    await insertUser(db, {
      username: config.adminUsername,
      passwordHash: await hashPassword(password),
      nickname: '平台管理员',
      role: 'admin',
    });
    created.push({
      username: config.adminUsername,
      password,
      role: 'admin',
      tenant: null,
      source: config.adminPassword ? 'ADMIN_PASSWORD' : 'generated',
    });
  }

  if (config.demo && !(await exists('demo'))) {
    const password = config.demoPassword ?? randomPassword();
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      const tenantId = await insertTenant(tx, '演示企业');
      const managerId = await insertUser(tx, {
        tenantId,
        username: 'demo',
        passwordHash,
        nickname: '演示管理员',
        role: 'manager',
      });
      const supId = await insertUser(tx, {
        tenantId,
        username: 'demo-sup',
        passwordHash,
        nickname: '演示主管',
        role: 'subAdmin',
        superiorId: managerId,
      });
      for (const [i, name] of ['客服一号', '客服二号'].entries()) {
        await insertUser(tx, {
          tenantId,
          username: `demo-seat${i + 1}`,
          passwordHash,
          nickname: name,
          role: 'office',
          superiorId: supId,
          seatPrefix: `S${i + 1}`,
        });
      }
      const expiresAt = new Date(deps.now() + DEMO_PORT_DAYS * 86400_000);
      const prefix = tenantId.slice(0, 8).toUpperCase();
      const portIds = await insertPortRows(
        tx,
        Array.from({ length: DEMO_PORTS }, (_, i) => ({
          tenantId,
          code: `P-${prefix}-${String(i + 1).padStart(4, '0')}`,
          expiresAt,
        })),
      );
      // Every port a company holds came with an order, the demo's trial ports too.
      await insertOrder(tx, {
        tenantId,
        orderNumber: newOrderNumber('TR'),
        type: 'trial',
        preAmount: 0,
        changeAmount: 0,
        afterAmount: 0,
        portCount: DEMO_PORTS,
        portIds,
        remark: `${DEMO_PORT_DAYS}d`,
        userId: managerId,
        operatorName: 'demo',
      });
    });
    for (const [username, role] of [
      ['demo', 'manager'],
      ['demo-sup', 'subAdmin'],
      ['demo-seat1', 'office'],
      ['demo-seat2', 'office'],
    ] as const) {
      created.push({
        username,
        password,
        role,
        tenant: 'demo',
        source: config.demoPassword ? 'DEMO_PASSWORD' : 'generated',
      });
    }
  }
  return created;
}

/**
 * The first-start notice of the logins just created: generated passwords are shown (once),
 * passwords given through the environment are not, only the setting they came from.
 */
export function createdLoginsText(created: CreatedLogin[]): string {
  if (created.length === 0) return '';
  const lines = created.map((c) => {
    const password = c.source === 'generated' ? c.password : `(${c.source})`;
    const role = `${c.role}${c.tenant ? ` (${c.tenant})` : ''}`;
    return `  ${c.username.padEnd(12)} ${password.padEnd(16)} ${role}`;
  });
  const head = `  ${'username'.padEnd(12)} ${'password'.padEnd(16)} role`;
  return `\nLogins created on first start (generated passwords shown once):\n${head}\n${lines.join('\n')}\n\n`;
}

/** The demo tenant's id, when it exists. */
export async function demoTenantId(deps: Deps): Promise<string | null> {
  return tenantOfUsername(deps.db, 'demo');
}
