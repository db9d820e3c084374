import type { ForgetBody, RegisterBody, RegisterResult } from '@cst/shared';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { BillingService } from '../billing/billing.service.ts';
import * as usersRepo from '../users/users.repository.ts';
import * as repo from './auth.repository.ts';
import { normalizeTarget, type VerifyCodeService } from './verify-code.service.ts';

/** Self-service registration (a new tenant) and password recovery, both by verification code. */
export class RegistrationService {
  constructor(
    private readonly deps: Deps,
    private readonly codes: VerifyCodeService,
  ) {}

  /**
   * Creates a tenant whose manager is the registering user (the target's code proves the
   * contact), with the trial ports the platform admin allows, so it can add an account at once.
   */
  async register(body: RegisterBody): Promise<RegisterResult> {
    const db = this.deps.db;
    const target = normalizeTarget(body.target);
    if (await usersRepo.usernameTaken(db, body.username)) throw fail.conflict('accountTaken');
    if (await repo.findUserByContact(db, target)) throw fail.conflict('targetTaken');
    await this.codes.consume(target, 'register', body.code);
    const passwordHash = await hashPassword(body.password);
    try {
      return await db.transaction(async (tx) => {
        const ids = await usersRepo.insertTenantWithManager(tx, body.tenantName, {
          username: body.username,
          passwordHash,
          nickname: body.nickname,
          contact: target,
        });
        await usersRepo.audit(tx, {
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
      const constraint = usersRepo.violatedUnique(err);
      if (constraint === 'users_contact') throw fail.conflict('targetTaken');
      if (constraint !== null) throw fail.conflict('accountTaken');
      throw err;
    }
  }

  /** Sets a new password for the user of a target once its code checks out; signs it out everywhere. */
  async forget(body: ForgetBody): Promise<null> {
    const db = this.deps.db;
    const target = normalizeTarget(body.target);
    await this.codes.consume(target, 'forget', body.code);
    const user = await repo.findUserByContact(db, target);
    if (!user) throw fail.invalid('targetUnknown');
    const passwordHash = await hashPassword(body.password);
    await db.transaction(async (tx) => {
      await repo.setPasswordHash(tx, user.id, passwordHash);
      await repo.revokeUserTokens(tx, user.id, new Date(this.deps.now()));
      await usersRepo.audit(tx, {
        tenantId: user.tenantId,
        userId: user.id,
        action: 'user.forgetPassword',
        target: user.id,
      });
    });
    return null;
  }
}
