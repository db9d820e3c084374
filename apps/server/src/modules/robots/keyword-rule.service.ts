import type {
  KeywordRuleCreateBody,
  KeywordRuleFetchBody,
  KeywordRuleItem,
  KeywordRuleModifyBody,
  ListResult,
} from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Uses } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { convScopeOf, visibleAccountIn } from '../conversations/index.ts';
import { resolveMaterialMessages } from '../material/index.ts';
import { draftsOf, MAX_ROBOT_TEXT } from './robot-drafts.ts';
import { presentRule } from './robots.presenter.ts';
import * as repo from './robots.repository.ts';

/** The bus channel on which "the rules of tenant <id> changed" travels (every instance recompiles). */
export const RULES_CHANNEL = 'robot_rules';

function tenantOf(auth: AuthContext): string {
  if (!auth.tenantId) throw fail.forbidden();
  return auth.tenantId;
}

/**
 * Keyword auto-reply rules of a tenant (issue 15 §3). Rules belong to the tenant; a caller who
 * does not see the whole tenant may scope a rule only to accounts it sees.
 */
export class KeywordRuleService {
  constructor(private readonly deps: Uses<'media' | 'realtime' | 'runtime' | 'storage'>) {}

  /** A page of the tenant's rules, newest first. */
  async fetch(auth: AuthContext, body: KeywordRuleFetchBody): Promise<ListResult<KeywordRuleItem>> {
    const tenantId = tenantOf(auth);
    const { rows, total } = await repo.listRules(
      this.deps.db,
      tenantId,
      body.page,
      body.limit,
      body.keyword || undefined,
    );
    const ids = [...new Set(rows.flatMap((r) => r.accountIds))];
    const accounts = await repo.accountsByIds(this.deps.db, tenantId, ids);
    const wxidOf = new Map(accounts.map((a) => [a.id, a.wxid]));
    return { list: rows.map((r) => presentRule(r, wxidOf)), total };
  }

  /** Creates a rule; its id. */
  async create(auth: AuthContext, body: KeywordRuleCreateBody): Promise<{ id: string }> {
    const tenantId = tenantOf(auth);
    const values = await this.valuesOf(auth, tenantId, body);
    const id = await repo.insertRule(this.deps.db, tenantId, values);
    await this.changed(tenantId);
    return { id };
  }

  /** Replaces a rule's settings (its counters stay). */
  async modify(auth: AuthContext, body: KeywordRuleModifyBody): Promise<KeywordRuleItem> {
    const tenantId = tenantOf(auth);
    if (!(await repo.findRule(this.deps.db, tenantId, body.id))) {
      throw fail.notFound('keywordRuleNotFound');
    }
    const values = await this.valuesOf(auth, tenantId, body);
    if (!(await repo.updateRule(this.deps.db, tenantId, body.id, values))) {
      throw fail.notFound('keywordRuleNotFound');
    }
    await this.changed(tenantId);
    return this.item(tenantId, body.id);
  }

  /** Switches a rule on or off. */
  async setEnabled(auth: AuthContext, id: string, enabled: boolean): Promise<KeywordRuleItem> {
    const tenantId = tenantOf(auth);
    if (!(await repo.updateRule(this.deps.db, tenantId, id, { enabled }))) {
      throw fail.notFound('keywordRuleNotFound');
    }
    await this.changed(tenantId);
    return this.item(tenantId, id);
  }

  /** Deletes rules of the tenant (unknown ids are ignored). */
  async remove(auth: AuthContext, ids: string[]): Promise<{ deleted: number }> {
    const tenantId = tenantOf(auth);
    const deleted = await repo.deleteRules(this.deps.db, tenantId, [...new Set(ids)]);
    if (deleted > 0) await this.changed(tenantId);
    return { deleted };
  }

  private async item(tenantId: string, id: string): Promise<KeywordRuleItem> {
    const row = await repo.findRule(this.deps.db, tenantId, id);
    if (!row) throw fail.notFound('keywordRuleNotFound');
    const accounts = await repo.accountsByIds(this.deps.db, tenantId, row.accountIds);
    return presentRule(row, new Map(accounts.map((a) => [a.id, a.wxid])));
  }

  private async valuesOf(
    auth: AuthContext,
    tenantId: string,
    body: KeywordRuleCreateBody,
  ): Promise<repo.KeywordRuleValues> {
    const scope = await convScopeOf(this.deps.db, auth);
    const accountIds: string[] = [];
    for (const w of new Set(body.scope.workWxids)) {
      accountIds.push((await visibleAccountIn(this.deps.db, scope, w)).id);
    }
    const keywords = [...new Set(body.keywords.map((k) => k.trim()).filter(Boolean))];
    if (keywords.length === 0) throw fail.invalid('keywordTargetRequired');
    // Material refs become the messages of their items here: the rule keeps what it will send.
    const replies = await resolveMaterialMessages(this.deps, auth, body.replies, MAX_ROBOT_TEXT);
    return {
      keywords,
      matchMode: body.matchMode,
      accountIds,
      talkTypes: [...new Set(body.scope.talkTypes)],
      mentionOnly: body.scope.mentionOnly,
      replies,
      drafts: await draftsOf(this.deps, tenantId, replies),
      enabled: body.enabled,
      priority: body.priority,
      cooldownSec: body.cooldownSec,
    };
  }

  /** Tells every instance to recompile the tenant's matcher (after the commit). */
  private async changed(tenantId: string): Promise<void> {
    await this.deps.bus.publish(RULES_CHANNEL, tenantId);
  }
}
