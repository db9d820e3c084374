import { createHash, randomInt } from 'node:crypto';
import {
  VERIFY_CODE_INTERVAL_MS,
  VERIFY_CODE_TTL_MS,
  VERIFY_CODES_PER_DAY,
  type SendVerifyCodeBody,
  type SendVerifyCodeResult,
  type VerifyScene,
} from '@cst/shared';
import type { DbOrTx } from '../../platform/db.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { enforceLimits } from '../../platform/rate-limit.ts';
import * as authRepo from './auth.repository.ts';
import * as repo from './verify-code.repository.ts';

/** Guesses (right or wrong) a code allows; after them it is dead and a new one must be asked for. */
export const VERIFY_CODE_MAX_ATTEMPTS = 5;

/** Delivers a verification code to a mobile number or email address. */
export interface CodeSender {
  send(target: string, scene: VerifyScene, code: string): Promise<void>;
}

/** The sender used when no mail/SMS sender is configured: the code goes to the server log. */
export function logCodeSender(deps: Deps): CodeSender {
  return {
    send: async (target, scene, code) => {
      deps.log.info({ target, scene, code }, 'verification code (no sender configured)');
    },
  };
}

/** The stored form of a target: emails are compared case-insensitively. */
export function normalizeTarget(target: string): string {
  return target.includes('@') ? target.toLowerCase() : target;
}

const hashCode = (target: string, scene: string, code: string) =>
  createHash('sha256').update(`${target}\n${scene}\n${code}`).digest('hex');

/** Sends per address and hour, whatever the target (the per-target limits are above). */
export const CODE_SENDS_PER_ADDRESS_HOUR = 10;

/** Verification codes: issue with rate limits, check once. */
export class VerifyCodeService {
  constructor(
    private readonly deps: Deps,
    private readonly sender: CodeSender = logCodeSender(deps),
  ) {}

  /**
   * Issues a new code for a scene; at most one a minute and ten a day per target, ten an hour
   * per address. The answer is the same whether or not the target has an account: the code is
   * stored and counted either way, and delivered only where the scene can use it (a free target
   * for `register`, a known one for `forget`), after the answer's work is done.
   */
  async send(body: SendVerifyCodeBody, ip: string): Promise<SendVerifyCodeResult> {
    const target = normalizeTarget(body.target);
    const now = this.deps.now();
    await enforceLimits(
      this.deps.db,
      [
        {
          key: `code:ip:${ip}`,
          limit: { max: CODE_SENDS_PER_ADDRESS_HOUR, windowMs: 3600_000 },
        },
      ],
      now,
    );
    const owner = await authRepo.findUserByContact(this.deps.db, target);
    const deliver = body.scene === 'register' ? !owner : Boolean(owner);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = now + VERIFY_CODE_TTL_MS;
    await this.deps.db.transaction(async (tx) => {
      await repo.lockTarget(tx, target);
      const stats = await repo.codeStats(tx, target, new Date(now - 86400_000));
      if (stats.latest !== null && stats.latest > now - VERIFY_CODE_INTERVAL_MS) {
        // The wait is said and given (`retryAfter`): the form counts it down on its button.
        throw codeTooSoon(stats.latest + VERIFY_CODE_INTERVAL_MS - now);
      }
      if (stats.count >= VERIFY_CODES_PER_DAY) throw fail.tooMany('codeDailyLimit');
      await repo.insertCode(tx, {
        target,
        scene: body.scene,
        codeHash: hashCode(target, body.scene, code),
        expiresAt: new Date(expiresAt),
        createdAt: new Date(now),
      });
    });
    if (deliver) {
      // Not awaited: how long a delivery takes must not tell whether the target has an account.
      void this.sender.send(target, body.scene, code).catch((err: unknown) => {
        this.deps.log.error({ err, scene: body.scene }, 'verification code not delivered');
      });
    }
    return { expiresAt, resendAt: now + VERIFY_CODE_INTERVAL_MS };
  }

  /**
   * Checks a guess against the newest live code of a target and scene and returns the code's id
   * when it matches (400 otherwise). Each check takes one of the code's
   * VERIFY_CODE_MAX_ATTEMPTS guesses atomically before comparing, whatever runs in parallel.
   * The caller then marks it used with `use`, in the transaction of what the code allows.
   */
  async check(rawTarget: string, scene: VerifyScene, code: string): Promise<string> {
    const target = normalizeTarget(rawTarget);
    const now = new Date(this.deps.now());
    const live = await repo.latestLiveCode(this.deps.db, target, scene, now);
    if (!live) throw fail.invalid('codeWrong');
    const taken = await repo.takeAttempt(this.deps.db, live.id, VERIFY_CODE_MAX_ATTEMPTS, now);
    if (!taken || taken.codeHash !== hashCode(target, scene, code)) throw fail.invalid('codeWrong');
    return live.id;
  }

  /** Marks a checked code used (once: a second use is 400). */
  async use(db: DbOrTx, id: string): Promise<void> {
    if (!(await repo.useCode(db, id, new Date(this.deps.now())))) throw fail.invalid('codeWrong');
  }
}

/** The refusal of a code asked for before the interval since the last one has passed. */
function codeTooSoon(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError('tooMany', 'codeTooOftenSeconds', { seconds }, { retryAfter: seconds });
}
