import { MSG_TYPE, type TranslateLanguage } from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { realtimeOf } from '../../realtime/realtime.ts';
import { presentConversation } from '../conversations/conversation.presenter.ts';
import type { Outbox } from '../media/outbox.service.ts';
import { textOf } from '../sensitive/sensitive.service.ts';
import { visibleMessage } from '../talk/message-access.ts';
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
    const out = await this.run(text, target, source);
    await realtimeOf(this.deps).publish(row.tenantId, {
      event: 'translate',
      userIds: [auth.userId],
      data: {
        messageId: String(row.id),
        index_name: presentConversation(conv).index_name,
        text: out.text,
        target,
      },
    });
    return out;
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
