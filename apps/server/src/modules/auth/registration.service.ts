import type { ForgetBody, RegisterBody, RegisterResult } from '@cst/shared';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { enforceLimits } from '../../platform/rate-limit.ts';
import { BillingService } from '../billing/index.ts';
import {
  usernameTaken as usersRepoUsernameTaken,
  insertTenantWithManager as usersRepoInsertTenantWithManager,
  audit as usersRepoAudit,
  violatedUnique as usersRepoViolatedUnique,
} from '../users/index.ts';
import * as repo from './auth.repository.ts';
import { normalizeTarget, type VerifyCodeService } from './verify-code.service.ts';

/** Register or forget requests per address, and per target, in an hour. */
export const SIGNUP_REQUESTS_PER_HOUR = 10;

/** Self-service registration (a new tenant) and password recovery, both by verification code. */
export class RegistrationService {
  constructor(
    private readonly deps: Deps,
    private readonly codes: VerifyCodeService,
  ) {}

  /** Counts a request of a scene against its address and target limits (429 over). */
  private async limit(scene: 'register' | 'forget', ip: string, target: string): Promise<void> {
    const limit = { max: SIGNUP_REQUESTS_PER_HOUR, windowMs: 3600_000 };
    await enforceLimits(
      this.deps.db,
      [
        { key: `${scene}:ip:${ip}`, limit },
        { key: `${scene}:target:${target}`, limit },
      ],
      this.deps.now(),
    );
  }

  /**
   * Creates a tenant whose manager is the registering user (the target's code proves the
   * contact), with the trial ports the platform admin allows, so it can add an account at once.
   * The code is checked first: only its holder learns whether the username is taken. A refused
   * registration leaves the code usable (its guesses still count).
   */
  async register(body: RegisterBody, ip: string): Promise<RegisterResult> {
    const db = this.deps.db;
    const target = normalizeTarget(body.target);
    await this.limit('register', ip, target);
    const codeId = await this.codes.check(target, 'register', body.code);
    const passwordHash = await hashPassword(body.password);
    try {
      return await db.transaction(async (tx) => {
        await this.codes.use(tx, codeId);
        if (await usersRepoUsernameTaken(tx, body.username)) throw fail.conflict('accountTaken');
        if (await repo.findUserByContact(tx, target)) throw fail.conflict('targetTaken');
        const ids = await usersRepoInsertTenantWithManager(tx, body.tenantName, {
          username: body.username,
          passwordHash,
          nickname: body.nickname,
          contact: target,
        });
        await usersRepoAudit(tx, {
          tenantId: ids.tenantId,
          userId: ids.uid,
          action: 'tenant.register',
          target: ids.uid,
          detail: { tenantName: body.tenantName, username: body.username },
        });
        await new BillingService(this.deps).grantTrial(tx, ids.tenantId, ids.uid, body.nickname);
        return ids;
      });
    } catch (err) {
      // Someone took the name or the contact between the check and the insert.
      const constraint = usersRepoViolatedUnique(err);
      if (constraint === 'users_contact') throw fail.conflict('targetTaken');
      if (constraint !== null) throw fail.conflict('accountTaken');
      throw err;
    }
  }

  /** Sets a new password for the user of a target once its code checks out; signs it out everywhere. */
  async forget(body: ForgetBody, ip: string): Promise<null> {
    const db = this.deps.db;
    const target = normalizeTarget(body.target);
    await this.limit('forget', ip, target);
    const codeId = await this.codes.check(target, 'forget', body.code);
    // No code is delivered for a target without an account, so this is only a race with a change.
    const user = await repo.findUserByContact(db, target);
    if (!user) throw fail.invalid('codeWrong');
    const passwordHash = await hashPassword(body.password);
    await db.transaction(async (tx) => {
      await this.codes.use(tx, codeId);
      await repo.setPasswordHash(tx, user.id, passwordHash);
      await repo.revokeUserTokens(tx, user.id, new Date(this.deps.now()));
      await usersRepoAudit(tx, {
        tenantId: user.tenantId,
        userId: user.id,
        action: 'user.forgetPassword',
        target: user.id,
      });
    });
    return null;
  }
}
