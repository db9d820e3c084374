import {
  MSG_TYPE,
  type MessageKey,
  type TranslateAutoSettings,
  type TranslateLanguage,
  type TranslatePush,
} from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Uses } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import {
  presentConversation,
  type Outbox,
  visibleConversation,
  visibleMessage,
} from '../conversations/index.ts';
import { textOf } from '../sensitive/index.ts';
import * as repo from './translation.repository.ts';
import {
  TranslationError,
  type TranslationFailure,
  type TranslationProvider,
} from './translation.provider.ts';
import type { TranslationProviders } from './translation.settings.ts';

const LANGUAGES_CACHE_MS = 10 * 60_000;

/** The message of each reason a provider failed, in the user's language. */
const FAILURE_MESSAGES: Record<TranslationFailure, MessageKey> = {
  unreachable: 'translateUnreachable',
  timeout: 'translateTimeout',
  refused: 'translateRefused',
  auth: 'translateAuthFailed',
  quota: 'translateQuota',
  language: 'translatePairUnsupported',
  failed: 'translateFailed',
};

/** Who asks: the tenant whose provider translates. */
type Caller = Pick<AuthContext, 'tenantId'>;

/** The translation assistant: on-demand translation of messages and of what the operator sends. */
export class TranslationService {
  /** Language lists by provider instance (a tenant's new settings build a new one). */
  private readonly languageLists = new WeakMap<
    TranslationProvider,
    { list: TranslateLanguage[]; at: number }
  >();

  constructor(
    private readonly deps: Uses<'realtime'>,
    private readonly providers: Pick<TranslationProviders, 'providerFor'>,
    private readonly outbox: Outbox,
  ) {}

  /** Whether the caller's tenant has a provider (the SPA greys translation out otherwise). */
  async capability(auth: Caller): Promise<{ enabled: boolean }> {
    return { enabled: (await this.providers.providerFor(auth.tenantId)) !== null };
  }

  private async need(auth: Caller): Promise<TranslationProvider> {
    const provider = await this.providers.providerFor(auth.tenantId);
    if (!provider) throw fail.notFound('translationDisabled');
    return provider;
  }

  /** The provider's languages (cached ten minutes). */
  async languages(auth: Caller): Promise<{ list: TranslateLanguage[] }> {
    return { list: await this.languagesOf(await this.need(auth)) };
  }

  private async languagesOf(provider: TranslationProvider): Promise<TranslateLanguage[]> {
    const kept = this.languageLists.get(provider);
    if (kept && this.deps.now() - kept.at < LANGUAGES_CACHE_MS) return kept.list;
    try {
      const list = await provider.languages();
      this.languageLists.set(provider, { list, at: this.deps.now() });
      return list;
    } catch (err) {
      throw this.failure(err);
    }
  }

  /** A provider's failure as a 409 in the user's language (never a 500). */
  failure(err: unknown) {
    if (err instanceof TranslationError) {
      this.deps.log.warn({ err: err.message, reason: err.reason }, 'translation failed');
      return fail.conflict(FAILURE_MESSAGES[err.reason]);
    }
    return err;
  }

  /**
   * Translates a text with the caller's provider: checks the target against its languages, then
   * answers from the translation cache or asks the provider once and keeps the answer.
   */
  private async run(auth: Caller, text: string, target: string, source = 'auto') {
    const provider = await this.need(auth);
    const list = await this.languagesOf(provider);
    if (list.length > 0 && !list.some((l) => l.code === target)) {
      throw fail.invalid('translateLanguageUnknown');
    }
    const from = source || 'auto';
    const key = auth.tenantId
      ? { tenantId: auth.tenantId, provider: provider.id, source: from, target, text }
      : null;
    const hit = key ? await repo.cachedText(this.deps.db, key) : null;
    if (hit)
      return { text: hit.text, source: hit.detected || (from === 'auto' ? '' : from), target };
    let out: { text: string; source: string };
    try {
      out = await provider.translate(text, from, target);
    } catch (err) {
      throw this.failure(err);
    }
    if (key) {
      await repo.keepText(this.deps.db, key, out.text, out.source === 'auto' ? '' : out.source);
    }
    return { text: out.text, source: out.source, target };
  }

  /** Tests a provider not saved yet: its languages and one sample translation (测试连接). */
  async test(provider: TranslationProvider): Promise<{ languages: number; sample: string }> {
    let list: TranslateLanguage[];
    try {
      list = await provider.languages();
    } catch (err) {
      throw this.failure(err);
    }
    const codes = list.map((l) => l.code);
    const target =
      ['en', 'EN-US', 'EN-GB', 'en-US', 'EN'].find((c) => codes.includes(c)) ?? codes[0] ?? 'en';
    try {
      const out = await provider.translate('你好，世界', 'auto', target);
      return { languages: list.length, sample: out.text };
    } catch (err) {
      throw this.failure(err);
    }
  }

  /** Translates a message the caller sees; the result is also pushed (`translate`) to the caller. */
  async translateMessage(
    auth: AuthContext,
    messageId: string | number,
    target: string,
    source?: string,
  ) {
    await this.need(auth);
    const { row, conv } = await visibleMessage(this.deps.db, auth, messageId);
    const text = row.revoked ? null : textOf(row.msgType, row.content);
    if (!text?.trim()) throw fail.invalid('translateNothing');
    const kept = source
      ? undefined
      : (await repo.cachedTranslations(this.deps.db, row.tenantId, [row.id], target)).get(row.id);
    const out =
      kept !== undefined
        ? { text: kept, source: '', target }
        : await this.run(auth, text, target, source);
    if (kept === undefined && !source) await this.keep(row.tenantId, row.id, target, out);
    await this.pushTranslations(row.tenantId, auth.userId, presentConversation(conv).index_name, [
      { messageId: String(row.id), text: out.text, target },
    ]);
    return out;
  }

  private async keep(
    tenantId: string,
    messageId: number,
    target: string,
    out: { text: string; source: string },
  ): Promise<void> {
    await repo.storeTranslation(this.deps.db, {
      tenantId,
      messageId,
      target,
      text: out.text,
      source: out.source,
    });
  }

  /** websocket `translate` to the user who asked (every tab of it shows the result). */
  private async pushTranslations(
    tenantId: string,
    userId: string,
    indexNameValue: string,
    list: { messageId: string; text: string; target: string }[],
  ): Promise<void> {
    if (list.length === 0) return;
    await this.deps.realtime.publish(
      tenantId,
      list.map((t) => ({
        event: 'translate',
        userIds: [userId],
        data: { ...t, index_name: indexNameValue } satisfies TranslatePush,
      })),
    );
  }

  /**
   * Auto translation of arriving and loaded messages: the text ones among `ids` of a conversation
   * the caller sees, into `target`; kept translations are reused, new ones kept and pushed.
   */
  async translateMessages(
    auth: AuthContext,
    indexNameValue: string,
    ids: string[],
    target: string,
  ): Promise<{ list: TranslatePush[] }> {
    await this.need(auth);
    const { conv } = await visibleConversation(this.deps.db, auth, indexNameValue);
    const wanted = [...new Set(ids.map(Number))];
    const rows = await repo.messagesOfConversation(this.deps.db, conv.tenantId, conv.id, wanted);
    const kept = await repo.cachedTranslations(this.deps.db, conv.tenantId, wanted, target);
    const out: TranslatePush[] = [];
    const fresh: TranslatePush[] = [];
    for (const row of rows.sort((a, b) => a.id - b.id)) {
      const id = Number(row.id);
      const text = row.revoked ? null : textOf(row.msgType, row.content);
      if (!text?.trim()) continue;
      const have = kept.get(id);
      const item = { messageId: String(id), index_name: indexNameValue, target, text: '' };
      if (have !== undefined) {
        out.push({ ...item, text: have });
        continue;
      }
      const done = await this.run(auth, text, target);
      await this.keep(conv.tenantId, id, target, done);
      out.push({ ...item, text: done.text });
      fresh.push({ ...item, text: done.text });
    }
    await this.pushTranslations(conv.tenantId, auth.userId, indexNameValue, fresh);
    return { list: out };
  }

  /** The caller's auto translation of a conversation. */
  async autoSettings(auth: AuthContext, indexNameValue: string): Promise<TranslateAutoSettings> {
    const { conv } = await visibleConversation(this.deps.db, auth, indexNameValue);
    const row = await repo.autoSettingsOf(this.deps.db, auth.userId, conv.id);
    return row
      ? { enabled: true, seatLang: row.seatLang, peerLang: row.peerLang }
      : { enabled: false, seatLang: null, peerLang: null };
  }

  /** Turns the caller's auto translation of a conversation on (both languages needed) or off. */
  async setAutoSettings(
    auth: AuthContext,
    body: { index_name: string; enabled: boolean; seatLang?: string; peerLang?: string },
  ): Promise<TranslateAutoSettings> {
    const provider = await this.need(auth);
    const { conv } = await visibleConversation(this.deps.db, auth, body.index_name);
    const key = { tenantId: conv.tenantId, userId: auth.userId, conversationId: conv.id };
    if (!body.enabled) {
      await repo.saveAutoSettings(this.deps.db, key, null);
      return this.autoSettings(auth, body.index_name);
    }
    if (!body.seatLang || !body.peerLang) throw fail.invalid('translateLanguageRequired');
    const list = await this.languagesOf(provider);
    for (const code of [body.seatLang, body.peerLang]) {
      if (list.length > 0 && !list.some((l) => l.code === code)) {
        throw fail.invalid('translateLanguageUnknown');
      }
    }
    await repo.saveAutoSettings(this.deps.db, key, {
      seatLang: body.seatLang,
      peerLang: body.peerLang,
    });
    return this.autoSettings(auth, body.index_name);
  }

  /** Translates text the operator is about to send. */
  translateText(auth: Caller, text: string, target: string, source?: string) {
    return this.run(auth, text, target, source);
  }

  /** Auto translate: translates into the chosen language, then sends the translation as text. */
  async sendTranslated(
    auth: AuthContext,
    body: {
      workWxid: string;
      receiver_id: string;
      talkType: 1 | 2;
      content: string;
      sendingUUid: string;
      target: string;
      source?: string;
    },
  ) {
    await this.need(auth);
    const account = await this.outbox.onlineAccount(auth, body.workWxid, body);
    const out = await this.run(auth, body.content, body.target, body.source);
    const { rows } = await this.outbox.enqueue(
      auth,
      account,
      { talkType: body.talkType, peerId: body.receiver_id },
      [{ msgType: MSG_TYPE.text, content: out.text, sendingUuid: body.sendingUUid }],
    );
    return { messageId: String(rows[0]!.id), requestId: rows[0]!.requestId!, text: out.text };
  }
}
