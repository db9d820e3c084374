import { createHash, randomInt } from 'node:crypto';
import {
  VERIFY_CODE_INTERVAL_MS,
  VERIFY_CODE_TTL_MS,
  VERIFY_CODES_PER_DAY,
  type SendVerifyCodeBody,
  type SendVerifyCodeResult,
  type VerifyScene,
} from '@cst/shared';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import * as authRepo from './auth.repository.ts';
import * as repo from './verify-code.repository.ts';

/** Wrong guesses after which a code is dead and a new one must be asked for. */
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

/** Verification codes: issue with rate limits, check once. */
export class VerifyCodeService {
  constructor(
    private readonly deps: Deps,
    private readonly sender: CodeSender = logCodeSender(deps),
  ) {}

  /** Sends a new code for a scene; at most one a minute and ten a day per target. */
  async send(body: SendVerifyCodeBody): Promise<SendVerifyCodeResult> {
    const target = normalizeTarget(body.target);
    const owner = await authRepo.findUserByContact(this.deps.db, target);
    if (body.scene === 'register' && owner) throw fail.conflict('targetTaken');
    if (body.scene === 'forget' && !owner) throw fail.invalid('targetUnknown');

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = this.deps.now();
    const expiresAt = now + VERIFY_CODE_TTL_MS;
    await this.deps.db.transaction(async (tx) => {
      await repo.lockTarget(tx, target);
      const stats = await repo.codeStats(tx, target, new Date(now - 86400_000));
      if (stats.latest !== null && stats.latest > now - VERIFY_CODE_INTERVAL_MS) {
        throw fail.tooMany('codeTooOften');
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
    await this.sender.send(target, body.scene, code);
    return { expiresAt, resendAt: now + VERIFY_CODE_INTERVAL_MS };
  }

  /** Uses up the newest live code of a target and scene; 400 when it does not match. */
  async consume(rawTarget: string, scene: VerifyScene, code: string): Promise<void> {
    const target = normalizeTarget(rawTarget);
    const now = new Date(this.deps.now());
    const live = await repo.latestLiveCode(this.deps.db, target, scene, now);
    if (!live || live.attempts >= VERIFY_CODE_MAX_ATTEMPTS) throw fail.invalid('codeWrong');
    if (live.codeHash !== hashCode(target, scene, code)) {
      await repo.addAttempt(this.deps.db, live.id);
      throw fail.invalid('codeWrong');
    }
    if (!(await repo.useCode(this.deps.db, live.id, now))) throw fail.invalid('codeWrong');
  }
}
