import { AI_DEFAULT_HANDOFF, type AiReplySaveBody, type AiReplySettings } from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Uses } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { convScopeOf, visibleAccountIn } from '../conversations/index.ts';
import * as repo from './ai.repository.ts';
import { AI_ROBOT_CHANNEL } from './ai-robot.ts';

/** An account's replies a day at most unless set. */
export const AI_DEFAULT_DAILY_CAP = 500;

const DEFAULTS: Omit<AiReplySettings, 'workWxids'> = {
  enabled: false,
  instructions: '',
  handoffKeywords: AI_DEFAULT_HANDOFF,
  maxRepliesPerConversation: 10,
  replyDelaySec: 0,
  libraries: ['phrases', 'materials'],
  dailyCap: AI_DEFAULT_DAILY_CAP,
};

function present(row: repo.AiRobotRow, workWxids: string[]): AiReplySettings {
  return {
    workWxids,
    enabled: row.enabled,
    instructions: row.instructions,
    handoffKeywords: row.handoffKeywords,
    maxRepliesPerConversation: row.maxRepliesPerConversation,
    replyDelaySec: row.replyDelaySec,
    libraries: row.libraries,
    dailyCap: row.dailyCap,
  };
}

/** The AI robot's settings per work account (`/task-api/ai-reply/*`). */
export class AiRobotService {
  constructor(
    private readonly deps: Uses<
      'ai' | 'aiRobot' | 'realtime' | 'runtime' | 'scheduler' | 'storage'
    >,
  ) {}

  /** Saves the same settings on each listed account the caller sees (409 without a provider). */
  async save(auth: AuthContext, body: AiReplySaveBody): Promise<AiReplySettings> {
    if (!auth.tenantId) throw fail.forbidden();
    const tenantId = auth.tenantId;
    await this.deps.ai.need(tenantId);
    const scope = await convScopeOf(this.deps.db, auth);
    const accounts: { id: string; wxid: string }[] = [];
    for (const w of new Set(body.workWxids)) {
      accounts.push(await visibleAccountIn(this.deps.db, scope, w));
    }
    const keywords = [...new Set(body.handoffKeywords.map((k) => k.trim()).filter(Boolean))];
    const values = {
      tenantId,
      enabled: body.enabled,
      instructions: body.instructions.trim(),
      handoffKeywords: keywords,
      maxRepliesPerConversation: body.maxRepliesPerConversation,
      replyDelaySec: body.replyDelaySec ?? 0,
      libraries: [...new Set(body.libraries ?? DEFAULTS.libraries)],
      dailyCap: body.dailyCap ?? AI_DEFAULT_DAILY_CAP,
    };
    await this.deps.db.transaction(async (tx) => {
      for (const a of accounts) await repo.saveRobot(tx, { ...values, workAccountId: a.id });
    });
    this.deps.aiRobot.forget();
    await this.deps.bus.publish(AI_ROBOT_CHANNEL, tenantId);
    return { ...DEFAULTS, ...values, workWxids: accounts.map((a) => a.wxid) };
  }

  /**
   * One account's robot (`workWxid`), or the tenant's: the accounts whose robot is on, with the
   * settings saved last.
   */
  async get(auth: AuthContext, workWxid?: string): Promise<AiReplySettings> {
    if (!auth.tenantId) throw fail.forbidden();
    await this.deps.ai.need(auth.tenantId);
    const scope = await convScopeOf(this.deps.db, auth);
    if (workWxid) {
      const a = await visibleAccountIn(this.deps.db, scope, workWxid);
      const row = await repo.robotOf(this.deps.db, a.id);
      return row ? present(row, row.enabled ? [a.wxid] : []) : { ...DEFAULTS, workWxids: [] };
    }
    const rows = (await repo.enabledRobots(this.deps.db, auth.tenantId)).filter(
      (r) => scope.accountIds === 'all' || scope.accountIds.includes(r.robot.workAccountId),
    );
    if (rows.length === 0) return { ...DEFAULTS, workWxids: [] };
    return present(
      rows[0]!.robot,
      rows.map((r) => r.wxid),
    );
  }
}
