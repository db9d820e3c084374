import type { ChangePwdBody, TwoStepBody } from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import * as repo from './auth.repository.ts';

/** The caller's own credentials: password and two-step password. */
export class AccountService {
  constructor(private readonly deps: Deps) {}

  private async self(auth: AuthContext) {
    const found = await repo.findUserById(this.deps.db, auth.userId);
    if (!found) throw fail.unauthenticated();
    return found.user;
  }

  /** Changes the password (the old one is required) and signs out the caller's other sessions. */
  async changePassword(auth: AuthContext, body: ChangePwdBody): Promise<null> {
    const user = await this.self(auth);
    if (!(await verifyPassword(user.passwordHash, body.oldPassword))) {
      throw fail.invalid('oldPasswordWrong');
    }
    if (body.newPassword === body.oldPassword) throw fail.invalid('samePassword');
    const passwordHash = await hashPassword(body.newPassword);
    await this.deps.db.transaction(async (tx) => {
      await repo.setPasswordHash(tx, user.id, passwordHash);
      await repo.revokeUserTokens(tx, user.id, new Date(this.deps.now()), auth.tokenId);
    });
    return null;
  }

  /**
   * Sets the two-step password (asked at every login after the account password), or clears it
   * with an empty value. The account password confirms the change.
   */
  async setTwoStep(auth: AuthContext, body: TwoStepBody): Promise<{ twoStepEnabled: boolean }> {
    const user = await this.self(auth);
    if (!(await verifyPassword(user.passwordHash, body.password))) {
      throw fail.invalid('passwordWrong');
    }
    if (body.twoStepPassword === '') {
      await repo.setTwoStepHash(this.deps.db, user.id, null);
      return { twoStepEnabled: false };
    }
    if (body.twoStepPassword === body.password) throw fail.invalid('twoStepSameAsPassword');
    await repo.setTwoStepHash(this.deps.db, user.id, await hashPassword(body.twoStepPassword));
    return { twoStepEnabled: true };
  }
}
