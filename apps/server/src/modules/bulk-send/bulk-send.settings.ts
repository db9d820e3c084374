import type { BulkSettingsResult, BulkSettingsSaveBody } from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Uses } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { platformPacing } from '../accounts/index.ts';
import { convScopeOf, visibleAccountIn } from '../conversations/index.ts';
import { toSettings } from './bulk-send.presenter.ts';
import * as repo from './bulk-send.repository.ts';

/**
 * Mass-send settings (SPEC §9, `/grouphelper/set`): the tenant's defaults and, per work account,
 * an override. The scheduler reads them at each claim, so a change paces the next round.
 */
export class BulkSettingsService {
  constructor(private readonly deps: Uses<'realtime' | 'runtime'>) {}

  /**
   * The defaults (the tenant's, else the platform's human pacing), or an account's settings (its
   * override, else the defaults, `inherited`).
   */
  async get(auth: AuthContext, workWxid?: string): Promise<BulkSettingsResult> {
    const scope = await convScopeOf(this.deps.db, auth);
    const defaults = toSettings(
      await repo.findSettings(this.deps.db, scope.tenantId, null),
      platformPacing(this.deps)?.defaults,
    );
    if (!workWxid) return { ...defaults, inherited: false };
    const account = await visibleAccountIn(this.deps.db, scope, workWxid);
    const own = await repo.findSettings(this.deps.db, scope.tenantId, account.id);
    return own
      ? { ...toSettings(own), workWxid, inherited: false }
      : { ...defaults, workWxid, inherited: true };
  }

  /** Saves the defaults, or an account's override (or drops it: `inherit`). */
  async save(auth: AuthContext, body: BulkSettingsSaveBody): Promise<BulkSettingsResult> {
    const scope = await convScopeOf(this.deps.db, auth);
    let accountId: string | null = null;
    if (body.workWxid) {
      accountId = (await visibleAccountIn(this.deps.db, scope, body.workWxid)).id;
      if (body.inherit) {
        await repo.dropSettings(this.deps.db, scope.tenantId, accountId);
        return this.get(auth, body.workWxid);
      }
    } else if (scope.accountIds !== 'all') {
      // The tenant's defaults pace every account: a manager's to set.
      throw fail.forbidden();
    }
    await repo.saveSettings(this.deps.db, {
      tenantId: scope.tenantId,
      workAccountId: accountId,
      channel: body.channel,
      dailyCap: body.dailyCapPerAccount,
      messageIntervalSec: body.messageIntervalSec,
      fanIntervalSec: body.fanIntervalSec,
      perRoundCount: body.perRoundCount,
      groupIntervalSec: body.groupIntervalSec,
      groupDailyCap: body.groupDailyCap,
      jitterSec: body.jitterSec,
      quietStart: body.quietHours?.start ?? null,
      quietEnd: body.quietHours?.end ?? null,
    });
    return this.get(auth, body.workWxid);
  }
}
