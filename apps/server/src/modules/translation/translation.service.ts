import {
  MSG_TYPE,
  type TranslateAutoSettings,
  type TranslateLanguage,
  type TranslatePush,
} from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { realtimeOf } from '../../realtime/realtime.ts';
import { presentConversation } from '../conversations/conversation.presenter.ts';
import type { Outbox } from '../conversations/conversation.outbox.ts';
import { textOf } from '../sensitive/sensitive.service.ts';
import { visibleConversation, visibleMessage } from '../talk/message-access.ts';
import * as repo from './translation.repository.ts';
import { TranslationError, type TranslationProvider } from './translation.provider.ts';

const LANGUAGES_CACHE_MS = 10 * 60_000;

/** The translation assistant: on-demand translation of messages and of what the operator sends. */
export class TranslationService {
  private cached: { list: TranslateLanguage[]; at: number } | null = null;

  constructor(
    private readonly deps: Deps,
    private readonly provider: TranslationProvider | null,
    private readonly outbox: Outbox,
  ) {}

  /** Whether a provider is configured (the SPA hides translation otherwise). */
  capability(): { enabled: boolean } {
    return { enabled: this.provider !== null };
  }

  private need(): TranslationProvider {
    if (!this.provider) throw fail.notFound('translationDisabled');
    return this.provider;
  }

  /** The provider's languages (cached ten minutes). */
  async languages(): Promise<{ list: TranslateLanguage[] }> {
    const provider = this.need();
    if (this.cached && Date.now() - this.cached.at < LANGUAGES_CACHE_MS) {
      return { list: this.cached.list };
    }
    try {
      const list = await provider.languages();
      this.cached = { list, at: Date.now() };
      return { list };
    } catch (err) {
      throw this.failure(err);
    }
  }

  private failure(err: unknown) {
    if (err instanceof TranslationError) {
      this.deps.log.warn({ err }, 'translation failed');
      return fail.conflict('translateFailed');
    }
    return err;
  }

  private async run(text: string, target: string, source = 'auto') {
    const provider = this.need();
    const { list } = await this.languages();
    if (list.length > 0 && !list.some((l) => l.code === target)) {
      throw fail.invalid('translateLanguageUnknown');
    }
    try {
      const out = await provider.translate(text, source || 'auto', target);
      return { text: out.text, source: out.source, target };
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
    this.need();
    const { row, conv } = await visibleMessage(this.deps.db, auth, messageId);
    const text = row.revoked ? null : textOf(row.msgType, row.content);
    if (!text?.trim()) throw fail.invalid('translateNothing');
    const kept = source
      ? undefined
      : (await repo.cachedTranslations(this.deps.db, row.tenantId, [row.id], target)).get(row.id);
    const out =
      kept !== undefined
        ? { text: kept, source: '', target }
        : await this.run(text, target, source);
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
    await realtimeOf(this.deps).publish(
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
    this.need();
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
      const done = await this.run(text, target);
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
    this.need();
    const { conv } = await visibleConversation(this.deps.db, auth, body.index_name);
    const key = { tenantId: conv.tenantId, userId: auth.userId, conversationId: conv.id };
    if (!body.enabled) {
      await repo.saveAutoSettings(this.deps.db, key, null);
      return this.autoSettings(auth, body.index_name);
    }
    if (!body.seatLang || !body.peerLang) throw fail.invalid('translateLanguageRequired');
    const { list } = await this.languages();
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
  translateText(text: string, target: string, source?: string) {
    return this.run(text, target, source);
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
    this.need();
    const account = await this.outbox.onlineAccount(auth, body.workWxid, body);
    const out = await this.run(body.content, body.target, body.source);
    const { rows } = await this.outbox.enqueue(
      auth,
      account,
      { talkType: body.talkType, peerId: body.receiver_id },
      [{ msgType: MSG_TYPE.text, content: out.text, sendingUuid: body.sendingUUid }],
    );
    return { messageId: String(rows[0]!.id), requestId: rows[0]!.requestId!, text: out.text };
  }
}
