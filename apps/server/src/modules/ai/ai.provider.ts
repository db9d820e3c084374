import { translate, type AiCapability, type AiFeature, type Language } from '@cst/shared';
import type { DbOrTx } from '../../platform/db.ts';
import type { Deps, Uses } from '../../platform/deps.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { settingsSecretBox } from '../../platform/secrets.ts';
import {
  AiError,
  chatCompletion,
  transcribe,
  type AiProvider,
  type ChatMessage,
  type ChatOptions,
  type ChatResult,
} from './ai.client.ts';
import * as repo from './ai.repository.ts';

/** The sealing context of a tenant's provider key. */
export const keyContext = (tenantId: string) => `tenant:${tenantId}:ai.apiKey`;

/** The month usage is counted in (UTC). */
export const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);

/** A tenant's provider as resolved: which, from where; or why there is none. */
export type Resolved =
  | { provider: AiProvider; source: 'platform' | 'tenant'; budget: number | null }
  | { provider: null; why: 'aiNotConfigured' | 'aiDisabled' };

/**
 * The AI provider seam of a server instance: resolves a tenant's provider (its own settings, else
 * the platform's AI_* default), keeps its monthly token budget, counts usage per feature, and
 * turns provider failures into the console's messages.
 */
export class AiProviders {
  constructor(private readonly deps: Deps) {}

  /**
   * Whether a tenant has a provider ({@link resolve} would find one), read through `db` (a caller
   * inside a transaction passes it) and without opening the tenant's key.
   */
  async available(tenantId: string, db: DbOrTx = this.deps.db): Promise<boolean> {
    const row = await repo.settingsOf(db, tenantId);
    if (row && !row.enabled) return false;
    return Boolean((row?.baseUrl && row.model) || this.deps.config.ai);
  }

  /** The provider a tenant's AI calls go to. */
  async resolve(tenantId: string): Promise<Resolved> {
    const row = await repo.settingsOf(this.deps.db, tenantId);
    if (row && !row.enabled) return { provider: null, why: 'aiDisabled' };
    const budget = row?.monthlyTokenBudget ?? null;
    if (row?.baseUrl && row.model) {
      let apiKey = '';
      if (row.apiKeySealed) {
        apiKey = (await settingsSecretBox(this.deps.db)).open(
          row.apiKeySealed,
          keyContext(tenantId),
        );
      }
      return {
        provider: { baseUrl: row.baseUrl, apiKey, model: row.model, sttModel: row.sttModel },
        source: 'tenant',
        budget,
      };
    }
    const platform = this.deps.config.ai;
    if (!platform) return { provider: null, why: 'aiNotConfigured' };
    return { provider: platform, source: 'platform', budget };
  }

  /** What the console shows: whether AI works for the tenant, and why not. */
  async capability(tenantId: string, lang: Language): Promise<AiCapability> {
    const r = await this.resolve(tenantId);
    if (!r.provider) {
      return { configured: false, source: null, stt: false, reason: translate(r.why, lang) };
    }
    if (r.budget !== null && (await this.used(tenantId)) >= r.budget) {
      return {
        configured: false,
        source: r.source,
        stt: false,
        reason: translate('aiBudgetSpent', lang),
      };
    }
    return { configured: true, source: r.source, stt: Boolean(r.provider.sttModel), reason: null };
  }

  private used(tenantId: string): Promise<number> {
    return repo.tokensUsed(this.deps.db, tenantId, monthOf(this.deps.now()));
  }

  /** The tenant's provider, or 409 (not configured, turned off, budget spent). */
  async need(tenantId: string): Promise<AiProvider> {
    const r = await this.resolve(tenantId);
    if (!r.provider) throw fail.conflict(r.why);
    if (r.budget !== null && (await this.used(tenantId)) >= r.budget) {
      throw fail.conflict('aiBudgetSpent');
    }
    return r.provider;
  }

  /** A chat completion for a tenant's feature: budget checked, usage counted, errors mapped. */
  async chat(
    tenantId: string,
    feature: AiFeature,
    messages: ChatMessage[],
    opts: Partial<ChatOptions> = {},
  ): Promise<ChatResult> {
    const provider = await this.need(tenantId);
    const out = await this.call(provider, messages, opts);
    await repo.addUsage(this.deps.db, {
      tenantId,
      month: monthOf(this.deps.now()),
      feature,
      prompt: out.usage.promptTokens,
      completion: out.usage.completionTokens,
    });
    return out;
  }

  /** One completion on a given provider (the connection test); errors mapped. */
  async call(
    provider: AiProvider,
    messages: ChatMessage[],
    opts: Partial<ChatOptions> = {},
  ): Promise<ChatResult> {
    try {
      return await chatCompletion(
        provider,
        messages,
        { timeoutMs: this.deps.config.aiTimeoutMs, ...opts },
        this.deps.config,
      );
    } catch (err) {
      throw this.mapped(err);
    }
  }

  /** A voice file to text for a tenant (usage counted as `transcribe`, by the audio's size). */
  async transcribe(
    tenantId: string,
    audio: { data: Buffer; fileName: string; mime: string },
  ): Promise<string> {
    const provider = await this.need(tenantId);
    if (!provider.sttModel) throw fail.conflict('aiNoSttModel');
    let text: string;
    try {
      text = await transcribe(
        provider,
        audio,
        { timeoutMs: this.deps.config.aiTimeoutMs },
        this.deps.config,
      );
    } catch (err) {
      throw this.mapped(err);
    }
    await repo.addUsage(this.deps.db, {
      tenantId,
      month: monthOf(this.deps.now()),
      feature: 'transcribe',
      prompt: 0,
      completion: Math.ceil(text.length / 2),
    });
    return text;
  }

  /** A provider failure as the console's message (logged with its detail). */
  mapped(err: unknown): unknown {
    if (!(err instanceof AiError)) return err;
    this.deps.log.warn(
      { kind: err.kind, status: err.status, reason: err.reason },
      'ai request failed',
    );
    switch (err.kind) {
      case 'timeout':
        return fail.conflict('aiProviderTimeout');
      case 'busy':
        return fail.conflict('aiProviderBusy');
      case 'auth':
        return fail.conflict('aiProviderAuth');
      case 'private':
        return fail.conflict('aiProviderPrivate');
      case 'unreachable':
        return fail.conflict('aiProviderUnreachable', { reason: err.reason });
      case 'failed':
        return fail.conflict('aiProviderFailed', { reason: err.reason });
    }
  }
}

/** The message of an error in a language (the stream's `error` frame). */
export function messageOf(err: unknown, lang: Language): string {
  if (err instanceof AppError) return translate(err.key, lang, err.params);
  return translate('aiProviderFailed', lang, { reason: 'internal error' });
}

/**
 * The tenant's chat model for another module (translation's provider `ai`): its name and a chat
 * counted as `feature` (budget checked, errors as the AI 409s); null while it has no provider.
 */
export async function aiChatOf(
  deps: Uses<'ai'>,
  tenantId: string,
  feature: AiFeature,
): Promise<{ model: string; chat: (messages: ChatMessage[]) => Promise<ChatResult> } | null> {
  const r = await deps.ai.resolve(tenantId);
  if (!r.provider) return null;
  return {
    model: r.provider.model,
    chat: (messages) =>
      deps.ai.chat(tenantId, feature, messages, { temperature: 0, maxTokens: 2000 }),
  };
}

declare module '../../platform/deps.ts' {
  interface Services {
    /** The AI providers of a server instance. */
    ai: AiProviders;
  }
}
