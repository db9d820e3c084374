import {
  TRANSLATION_PROVIDER_FIELDS,
  type MessageKey,
  type TranslateSettings,
  type TranslateSettingsBody,
  type TranslationProviderId,
} from '@cst/shared';
import type { Uses } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { assertPublicHost, OutboundRefusedError } from '../../platform/outbound.ts';
import { settingsSecretBox } from '../../platform/secrets.ts';
import { aiChatOf } from '../ai/index.ts';
import {
  AiTranslationProvider,
  createProvider,
  LibreTranslateProvider,
  type ProviderSettings,
} from './providers/index.ts';
import type { ProviderContext, TranslationProvider } from './translation.provider.ts';
import * as repo from './translation.repository.ts';

type Row = repo.TranslationSettingsRow;

/** The sealing context of a tenant's translation key. */
export const keyContext = (tenantId: string) => `tenant:${tenantId}:translation.apiKey`;

/** What the console shows of a key: its first 3 and last 4 characters (less when short). */
export function maskKey(key: string): string {
  if (key.length >= 12) return `${key.slice(0, 3)}****${key.slice(-4)}`;
  if (key.length >= 6) return `****${key.slice(-2)}`;
  return '****';
}

const REQUIRED_KEY: Record<string, MessageKey> = {
  baseUrl: 'translateBaseUrlRequired',
  appId: 'translateAppIdRequired',
  apiKey: 'translateKeyRequired',
  model: 'translateModelRequired',
};

/**
 * The tenants' translation providers: the tenant's own (translation_settings, key sealed) or the
 * platform default (TRANSLATE_URL, a LibreTranslate service the operator runs).
 */
export class TranslationProviders {
  private readonly platform: TranslationProvider | null;
  /** Built providers by tenant, rebuilt when the settings row changes. */
  private readonly built = new Map<string, { stamp: number; provider: TranslationProvider }>();

  constructor(private readonly deps: Uses<'ai'>) {
    const url = deps.config.translateUrl;
    // The operator's own service (often beside the server on a private network): the guard's
    // timeouts and size cap apply, its private-address refusal does not.
    this.platform = url
      ? new LibreTranslateProvider(url, {
          ...this.context(),
          outbound: { allowPrivateNetwork: true },
        })
      : null;
  }

  private context(): ProviderContext {
    return {
      outbound: this.deps.config,
      timeoutMs: 15_000,
      now: () => new Date(this.deps.now()),
    };
  }

  private row(tenantId: string): Promise<Row | null> {
    return repo.settingsRow(this.deps.db, tenantId);
  }

  private async openKey(row: Row): Promise<string | null> {
    if (!row.keySealed) return null;
    const box = await settingsSecretBox(this.deps.db);
    return box.open(row.keySealed, keyContext(row.tenantId));
  }

  /** The tenant's provider (its own, else the platform's), or null when there is none. */
  async providerFor(tenantId: string | null): Promise<TranslationProvider | null> {
    if (!tenantId) return this.platform;
    const row = await this.row(tenantId);
    if (!row) return this.platform;
    if (row.provider === 'ai') return this.aiProvider(tenantId);
    const stamp = row.updatedAt.getTime();
    const have = this.built.get(tenantId);
    if (have && have.stamp === stamp) return have.provider;
    const provider = createProvider(
      { ...row, provider: row.provider as TranslationProviderId, apiKey: await this.openKey(row) },
      this.context(),
    );
    this.built.set(tenantId, { stamp, provider });
    return provider;
  }

  /** The tenant's AI provider as a translator (docs/ai.md), or null while it has none. */
  private async aiProvider(tenantId: string): Promise<TranslationProvider | null> {
    const ai = await aiChatOf(this.deps, tenantId, 'translate');
    return ai ? new AiTranslationProvider(ai.chat, ai.model) : null;
  }

  /** The tenant's settings as the console shows them. */
  async settings(tenantId: string): Promise<TranslateSettings> {
    const row = await this.row(tenantId);
    return {
      provider: (row?.provider as TranslationProviderId | undefined) ?? null,
      baseUrl: row?.baseUrl ?? null,
      appId: row?.appId ?? null,
      model: row?.model ?? null,
      region: row?.region ?? null,
      keyHint: row?.keyHint ?? null,
      platformDefault: this.platform !== null,
    };
  }

  /**
   * Checks settings entered in the console and completes them with the stored key when none was
   * entered for the same provider: 400 with the missing or wrong field.
   */
  async resolve(tenantId: string, body: TranslateSettingsBody): Promise<ProviderSettings> {
    const need = TRANSLATION_PROVIDER_FIELDS[body.provider];
    const s: ProviderSettings = { provider: body.provider };
    for (const f of ['baseUrl', 'appId', 'model', 'region'] as const) {
      const v = need[f] === undefined ? '' : (body[f] ?? '');
      s[f] = v || null;
    }
    s.apiKey = body.apiKey || null;
    if (!s.apiKey && need.apiKey !== undefined) {
      const row = await this.row(tenantId);
      if (row && row.provider === body.provider) s.apiKey = await this.openKey(row);
    }
    for (const [f, required] of Object.entries(need)) {
      if (required && !s[f as keyof ProviderSettings]) throw fail.invalid(REQUIRED_KEY[f]!);
    }
    if (s.baseUrl) {
      let url: URL;
      try {
        url = new URL(s.baseUrl);
      } catch {
        throw fail.invalid('translateBaseUrlInvalid');
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw fail.invalid('translateBaseUrlInvalid');
      }
      try {
        await assertPublicHost(url.hostname, this.deps.config);
      } catch (err) {
        if (err instanceof OutboundRefusedError) throw fail.invalid('translateRefused');
        // A name that does not resolve now is judged when it is used.
      }
    }
    return s;
  }

  /** Saves the tenant's provider (key sealed); its cached translations are dropped. */
  async save(tenantId: string, body: TranslateSettingsBody): Promise<TranslateSettings> {
    const s = await this.resolve(tenantId, body);
    const box = await settingsSecretBox(this.deps.db);
    const values = {
      provider: s.provider,
      baseUrl: s.baseUrl ?? null,
      appId: s.appId ?? null,
      model: s.model ?? null,
      region: s.region ?? null,
      keySealed: s.apiKey ? box.seal(s.apiKey, keyContext(tenantId)) : null,
      keyHint: s.apiKey ? maskKey(s.apiKey) : null,
      updatedAt: new Date(this.deps.now()),
    };
    await repo.replaceSettings(this.deps.db, tenantId, values);
    this.built.delete(tenantId);
    return this.settings(tenantId);
  }

  /** Back to the platform default. */
  async reset(tenantId: string): Promise<TranslateSettings> {
    await repo.replaceSettings(this.deps.db, tenantId, null);
    this.built.delete(tenantId);
    return this.settings(tenantId);
  }

  /** A provider for settings not saved yet (测试连接). */
  async trial(tenantId: string, body: TranslateSettingsBody): Promise<TranslationProvider> {
    const s = await this.resolve(tenantId, body);
    if (s.provider === 'ai') {
      const ai = await this.aiProvider(tenantId);
      if (!ai) throw fail.conflict('aiNotConfigured');
      return ai;
    }
    return createProvider(s, this.context());
  }
}
