import {
  AI_SUMMARY_EVENT,
  indexName,
  translate,
  type AiCapability,
  type AiSettingsSaveBody,
  type AiSettingsView,
  type AiSummaryPush,
  type AiUsageView,
  type Language,
} from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Uses } from '../../platform/deps.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { settingsSecretBox } from '../../platform/secrets.ts';
import { type ConversationRow, visibleConversation } from '../conversations/index.ts';
import type { FlowEvent } from '../service/index.ts';
import type { AiProvider } from './ai.client.ts';
import { keyContext, monthOf } from './ai.provider.ts';
import { factsOf, parseDrafts, suggestPrompt, summaryPrompt } from './ai.prompts.ts';
import * as repo from './ai.repository.ts';
import { findConversationById } from './ai-conversations.repository.ts';
import { AI_ROBOT_CHANNEL } from './ai-robot.ts';

function tenantOf(auth: AuthContext): string {
  if (!auth.tenantId) throw fail.forbidden();
  return auth.tenantId;
}

/** The hint of a key the console shows: its start and last four characters. */
export function keyHint(key: string): string {
  if (key.length <= 8) return '••••';
  return `${key.slice(0, 3)}…${key.slice(-4)}`;
}

/** Reply drafts, summaries and the tenant's AI settings (API.md "AI"). */
export class AiService {
  constructor(private readonly deps: Uses<'ai' | 'realtime'>) {}

  private get providers() {
    return this.deps.ai;
  }

  capability(auth: AuthContext, lang: Language): Promise<AiCapability> {
    return this.providers.capability(tenantOf(auth), lang);
  }

  /** 1–3 drafts for the caller's next message; `onDelta` streams the answer as it comes. */
  async suggest(
    auth: AuthContext,
    index: string,
    onDelta?: (text: string) => void,
    signal?: AbortSignal,
  ): Promise<{ suggestions: string[] }> {
    const tenantId = tenantOf(auth);
    await this.providers.need(tenantId);
    const { conv } = await visibleConversation(this.deps.db, auth, index);
    const facts = await factsOf(this.deps.db, conv, {
      userId: auth.userId,
      phrases: true,
      materials: true,
    });
    if (facts.lines.length === 0) throw fail.conflict('aiNothingToSummarize');
    // The conversation's language as the seat set it (its auto translation), else the contact's.
    const language = auth.userId
      ? await repo.peerLanguageOf(this.deps.db, {
          tenantId,
          userId: auth.userId,
          conversationId: conv.id,
        })
      : null;
    const out = await this.providers.chat(tenantId, 'suggest', suggestPrompt(facts, language), {
      temperature: 0.7,
      maxTokens: 600,
      ...(onDelta ? { onDelta } : {}),
      ...(signal ? { signal } : {}),
    });
    const suggestions = parseDrafts(out.text);
    if (suggestions.length === 0) throw fail.conflict('aiProviderFailed', { reason: 'empty' });
    return { suggestions };
  }

  /** A summary of a conversation the caller sees. */
  async summary(auth: AuthContext, index: string, lang: Language): Promise<{ summary: string }> {
    const tenantId = tenantOf(auth);
    await this.providers.need(tenantId);
    const { conv } = await visibleConversation(this.deps.db, auth, index);
    return { summary: await this.summarize(conv, lang) };
  }

  private async summarize(conv: ConversationRow, lang: Language): Promise<string> {
    const facts = await factsOf(this.deps.db, conv, {
      userId: null,
      phrases: false,
      materials: false,
    });
    if (facts.lines.length === 0) throw fail.conflict('aiNothingToSummarize');
    const out = await this.providers.chat(conv.tenantId, 'summary', summaryPrompt(facts, lang), {
      temperature: 0.2,
      maxTokens: 500,
    });
    return out.text.trim();
  }

  /**
   * A chat assigned by someone to a seat (a transfer): the seat gets its summary (`aiSummary`),
   * when the tenant has AI. Failures are logged: the assignment stands either way.
   */
  async onAssigned(ev: FlowEvent): Promise<void> {
    const uid = ev.conv.assigneeUid;
    if (!uid || !ev.by || ev.by === uid) return;
    const r = await this.providers.resolve(ev.tenantId);
    if (!r.provider) return;
    const conv = await findConversationById(this.deps.db, ev.tenantId, ev.conv.index_name);
    if (!conv) return;
    try {
      const summary = await this.summarize(conv, 'zh-CN');
      const data: AiSummaryPush = {
        index_name: indexName(conv.talkType, conv.peerId, conv.workWxid),
        summary,
      };
      await this.deps.realtime.publish(ev.tenantId, {
        event: AI_SUMMARY_EVENT,
        data,
        userIds: [uid],
      });
    } catch (err) {
      if (err instanceof AppError) {
        this.deps.log.info({ key: err.key }, 'no summary for the assigned chat');
        return;
      }
      throw err;
    }
  }

  /** A month's usage by feature (this month when none is given). */
  private async usageOf(tenantId: string, month = monthOf(this.deps.now())) {
    const byFeature = await repo.usageOf(this.deps.db, tenantId, month);
    return {
      month,
      totalTokens: byFeature.reduce(
        (n, f) => n + Number(f.promptTokens) + Number(f.completionTokens),
        0,
      ),
      byFeature: byFeature.map((f) => ({
        feature: f.feature,
        calls: f.calls,
        promptTokens: Number(f.promptTokens),
        completionTokens: Number(f.completionTokens),
      })),
    };
  }

  /** A month's usage beside the bill, with the budget and whether AI works now. */
  async usage(auth: AuthContext, month?: string): Promise<AiUsageView> {
    const tenantId = tenantOf(auth);
    const row = await repo.settingsOf(this.deps.db, tenantId);
    const cap = await this.providers.capability(tenantId, 'zh-CN');
    return {
      ...(await this.usageOf(tenantId, month)),
      monthlyTokenBudget: row?.monthlyTokenBudget ?? null,
      configured: cap.configured || cap.source !== null,
    };
  }

  /** The tenant's settings as the console shows them (the key as a hint only). */
  async settings(auth: AuthContext): Promise<AiSettingsView> {
    const tenantId = tenantOf(auth);
    const row = await repo.settingsOf(this.deps.db, tenantId);
    const platform = this.deps.config.ai;
    return {
      enabled: row?.enabled ?? true,
      baseUrl: row?.baseUrl ?? null,
      model: row?.model ?? null,
      sttModel: row?.sttModel ?? null,
      apiKeyHint: row?.apiKeyHint ?? null,
      monthlyTokenBudget: row?.monthlyTokenBudget ?? null,
      platform: platform ? { model: platform.model, stt: Boolean(platform.sttModel) } : null,
      usage: await this.usageOf(tenantId),
    };
  }

  /** Saves the tenant's settings; the key is sealed, kept when absent, removed when `''`. */
  async saveSettings(auth: AuthContext, body: AiSettingsSaveBody): Promise<AiSettingsView> {
    const tenantId = tenantOf(auth);
    const row = await repo.settingsOf(this.deps.db, tenantId);
    const baseUrl = body.baseUrl === undefined ? (row?.baseUrl ?? null) : body.baseUrl || null;
    const model = body.model === undefined ? (row?.model ?? null) : body.model || null;
    if (baseUrl && !model) throw fail.invalid('aiModelRequired');
    let sealed = row?.apiKeySealed ?? null;
    let hint = row?.apiKeyHint ?? null;
    if (body.apiKey !== undefined) {
      if (body.apiKey === '') {
        sealed = null;
        hint = null;
      } else {
        sealed = (await settingsSecretBox(this.deps.db)).seal(body.apiKey, keyContext(tenantId));
        hint = keyHint(body.apiKey);
      }
    }
    await repo.saveSettings(this.deps.db, {
      tenantId,
      enabled: body.enabled,
      baseUrl,
      model,
      sttModel: body.sttModel === undefined ? (row?.sttModel ?? null) : body.sttModel || null,
      apiKeySealed: sealed,
      apiKeyHint: hint,
      monthlyTokenBudget:
        body.monthlyTokenBudget === undefined
          ? (row?.monthlyTokenBudget ?? null)
          : body.monthlyTokenBudget,
    });
    // The robots of every instance ask again whether the tenant has a provider.
    await this.deps.bus.publish(AI_ROBOT_CHANNEL, tenantId);
    return this.settings(auth);
  }

  /**
   * 测试连接: one tiny completion on the given provider (fields not given come from the saved
   * settings, then the platform's). Never counts against the budget; answers the error's message.
   */
  async test(
    auth: AuthContext,
    body: { baseUrl?: string; model?: string; apiKey?: string },
    lang: Language,
  ) {
    const tenantId = tenantOf(auth);
    const resolved = await this.providers.resolve(tenantId);
    const saved: Partial<AiProvider> = resolved.provider ?? {};
    const baseUrl = body.baseUrl || saved.baseUrl;
    const model = body.model || saved.model;
    if (!baseUrl) throw fail.conflict('aiNotConfigured');
    if (!model) throw fail.invalid('aiModelRequired');
    // A new address with no new key: the saved key goes only to the address it was saved for.
    const apiKey =
      body.apiKey ?? (body.baseUrl && body.baseUrl !== saved.baseUrl ? '' : (saved.apiKey ?? ''));
    const provider: AiProvider = { baseUrl, model, apiKey, sttModel: null };
    const started = Date.now();
    try {
      await this.providers.call(provider, [{ role: 'user', content: 'ping' }], {
        maxTokens: 1,
        timeoutMs: Math.min(this.deps.config.aiTimeoutMs, 20_000),
      });
      return { ok: true, model, latencyMs: Date.now() - started, message: null };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return {
        ok: false,
        model,
        latencyMs: Date.now() - started,
        message: translate(err.key, lang, err.params),
      };
    }
  }
}
