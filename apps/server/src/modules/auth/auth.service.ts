import { createHash } from 'node:crypto';
import type { CaptchaResult, LoginBody, LoginResult, SessionUser } from '@cst/shared';
import { hashToken, newToken, type AuthContext } from '../../platform/auth-context.ts';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import * as repo from './auth.repository.ts';
import { presentSessionUser } from './auth.presenter.ts';
import { enforceLimits, tooManyWait } from '../../platform/rate-limit.ts';
import { makeCaptcha, randomCaptchaText } from './captcha.ts';

/** Failed logins (per username or address, 15 minutes) after which a captcha is required. */
export const CAPTCHA_AFTER_FAILURES = 3;
/** Login attempts a minute per address before 429. */
export const LOGIN_ATTEMPTS_PER_MINUTE = 10;
const CAPTCHA_WINDOW_MS = 15 * 60_000;
const CAPTCHA_TTL_MS = 5 * 60_000;
/** New captchas per address and minute (each is a stored row). */
export const CAPTCHAS_PER_MINUTE = 30;

/**
 * Per-username back-off, whatever the address: after this many wrong passwords (since the last
 * good sign-in, within a day) each attempt waits from the last failure, doubling per failure.
 */
export const BACKOFF_AFTER_FAILURES = 5;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 30 * 60_000;
const BACKOFF_WINDOW_MS = 86400_000;

/** The wait after `failures` wrong passwords in a row (0 below the threshold). */
export function backoffMs(failures: number): number {
  if (failures < BACKOFF_AFTER_FAILURES) return 0;
  const steps = Math.min(failures - BACKOFF_AFTER_FAILURES, 16);
  return Math.min(BACKOFF_BASE_MS * 2 ** steps, BACKOFF_MAX_MS);
}

/** Where a request comes from. */
export interface Origin {
  ip: string;
  agent: string;
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/** Sign-in, captcha and session. */
export class AuthService {
  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.db;
  }

  /** Whether the next login for a username or address must carry a captcha. */
  async captchaRequired(username: string | null, ip: string): Promise<boolean> {
    const since = new Date(this.deps.now() - CAPTCHA_WINDOW_MS);
    return (await repo.countFailures(this.db, username, ip, since)) >= CAPTCHA_AFTER_FAILURES;
  }

  /** A new captcha; `captchaEnabled` says whether the login form must show it. */
  async captcha(username: string | null, ip: string): Promise<CaptchaResult> {
    await enforceLimits(
      this.db,
      [{ key: `captcha:ip:${ip}`, limit: { max: CAPTCHAS_PER_MINUTE, windowMs: 60_000 } }],
      this.deps.now(),
    );
    const { code, img } = makeCaptcha((this.deps.captchaText ?? randomCaptchaText)());
    const id = await repo.insertCaptcha(
      this.db,
      sha(code.toUpperCase()),
      new Date(this.deps.now() + CAPTCHA_TTL_MS),
    );
    return { captchaEnabled: await this.captchaRequired(username, ip), uuid: id, img };
  }

  /** Consumes a captcha; true when the code matches and it has not expired. */
  private async checkCaptcha(uuid: string | undefined, code: string | undefined): Promise<boolean> {
    if (!uuid || !code || !/^[0-9a-f-]{36}$/i.test(uuid)) return false;
    const codeHash = await repo.takeCaptcha(this.db, uuid, new Date(this.deps.now()));
    return codeHash === sha(code.toUpperCase());
  }

  /** Signs a user in; every attempt is recorded. */
  async login(body: LoginBody, origin: Origin): Promise<LoginResult> {
    const now = this.deps.now();
    const attempts = await repo.countAttemptsByIp(this.db, origin.ip, new Date(now - 60_000));
    if (attempts >= LOGIN_ATTEMPTS_PER_MINUTE) throw fail.tooMany('loginTooOften');

    const record = async (
      success: boolean,
      reason: string,
      user?: { id: string; tenantId: string | null },
    ) =>
      repo.insertLoginRecord(this.db, {
        userId: user?.id ?? null,
        tenantId: user?.tenantId ?? null,
        username: body.username.slice(0, 64),
        ip: origin.ip,
        agent: origin.agent.slice(0, 512),
        address: addressOf(origin.ip),
        success,
        reason,
        createdAt: new Date(now),
      });

    const recent = await repo.passwordFailures(
      this.db,
      body.username,
      new Date(now - BACKOFF_WINDOW_MS),
    );
    const waitMs = recent.last === null ? 0 : recent.last + backoffMs(recent.count) - now;
    if (waitMs > 0) {
      await record(false, 'backoff');
      throw tooManyWait(waitMs, 'login');
    }
    if (await this.captchaRequired(body.username, origin.ip)) {
      if (!body.code) {
        await record(false, 'captcha required');
        throw fail.invalid('captchaRequired', undefined, { captchaEnabled: true });
      }
      if (!(await this.checkCaptcha(body.uuid, body.code))) {
        await record(false, 'wrong captcha');
        throw fail.invalid('captchaWrong', undefined, { captchaEnabled: true });
      }
    }

    const found = await repo.findUserForLogin(this.db, body.username);
    const ok = found ? await verifyPassword(found.user.passwordHash, body.password) : false;
    if (!found || !ok) {
      await record(false, 'wrong credentials', found?.user);
      throw fail.invalid('badCredentials', undefined, {
        captchaEnabled: await this.captchaRequired(body.username, origin.ip),
      });
    }
    const { user } = found;
    if (user.status !== 'enabled') {
      await record(false, 'user disabled', user);
      throw fail.forbidden('userDisabled');
    }
    if (found.tenantStatus === 'disabled') {
      await record(false, 'tenant disabled', user);
      throw fail.forbidden('tenantDisabled');
    }
    if (user.twoStepHash) {
      if (!body.twoStepPassword) {
        throw fail.invalid('twoStepRequired', undefined, { twoStepRequired: true });
      }
      if (!(await verifyPassword(user.twoStepHash, body.twoStepPassword))) {
        await record(false, 'wrong two-step password', user);
        throw fail.invalid('twoStepWrong', undefined, { twoStepRequired: true });
      }
    }
    const token = newToken();
    const expiresAt = now + this.deps.config.tokenTtlMs;
    await repo.insertToken(this.db, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(expiresAt),
      ip: origin.ip,
      agent: origin.agent.slice(0, 512),
    });
    await record(true, 'login', user);
    return {
      token,
      expiresAt,
      user: presentSessionUser(user, found.tenantName, found.rolePermissions),
    };
  }

  /** Revokes the caller's token. */
  async logout(auth: AuthContext): Promise<void> {
    await repo.revokeToken(this.db, auth.tokenId, new Date(this.deps.now()));
  }

  /** The caller as the session user. */
  async me(auth: AuthContext): Promise<SessionUser> {
    const found = await repo.findUserById(this.db, auth.userId);
    if (!found) throw fail.unauthenticated();
    return presentSessionUser(found.user, found.tenantName, found.rolePermissions);
  }
}

/** A readable place for an address; loopback and private ranges are named, others shown as is. */
export function addressOf(ip: string): string {
  if (ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1') return 'localhost';
  if (/^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(ip.replace('::ffff:', ''))) {
    return 'LAN';
  }
  return ip;
}
