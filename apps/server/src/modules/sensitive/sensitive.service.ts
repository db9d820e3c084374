import {
  firstSensitiveMatch,
  indexName,
  MSG_TYPE,
  type SensitiveMode,
  type SensitiveRefusal,
  type SensitiveSendRules,
  SENSITIVE_WORDS_MAX,
  type SensitiveHighlight,
  type SensitiveRecordItem,
  type SensitiveWordItem,
} from '@cst/shared';
import type { InboundMessageEvent } from '../../gateway/index.ts';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { FreshCache } from '../../platform/fresh-cache.ts';
import {
  type GuardedSend,
  type ConversationRow,
  type MessageRow,
  convScopeOf,
  visibleAccountIn,
} from '../conversations/index.ts';
import { keysetRows } from '../../platform/xlsx-export.ts';
import type { AccountRef } from '../accounts/index.ts';
import * as repo from './sensitive.repository.ts';

/** The bus channel on which "a tenant's words changed" travels (every instance drops its cache). */
export const SENSITIVE_CHANNEL = 'sensitive_words';
const CACHE_MS = 30_000;
/** Most words recorded for one message. */
const MAX_HITS_PER_MESSAGE = 10;

/** The text of a text or quote message; null for other types. */
export function textOf(msgType: number, content: string): string | null {
  if (msgType === MSG_TYPE.text) return content;
  if (msgType !== MSG_TYPE.quote) return null;
  try {
    const v = JSON.parse(content) as { content?: unknown };
    return typeof v.content === 'string' ? v.content : content;
  } catch {
    return content;
  }
}

/** Every word a text contains (case-insensitive), in list order, at most 10. */
export function wordsIn(text: string, words: readonly string[]): string[] {
  const lower = text.toLowerCase();
  const out: string[] = [];
  for (const w of words) {
    if (w && lower.includes(w.toLowerCase())) out.push(w);
    if (out.length >= MAX_HITS_PER_MESSAGE) break;
  }
  return out;
}

function tenantOf(auth: AuthContext): string {
  if (!auth.tenantId) throw fail.forbidden();
  return auth.tenantId;
}

/** Sensitive words of a tenant and the record of messages that contained one. */
export class SensitiveService {
  private readonly cache = new FreshCache<string[]>(CACHE_MS);
  private readonly modes = new FreshCache<SensitiveMode>(CACHE_MS);

  constructor(private readonly deps: Deps) {}

  /** Drops the cached words of a tenant (on this instance). */
  forget(tenantId: string): void {
    this.cache.forget(tenantId);
    this.modes.forget(tenantId);
  }

  private mode(tenantId: string): Promise<SensitiveMode> {
    return this.modes.get(tenantId, () => repo.tenantMode(this.deps.db, tenantId));
  }

  /** The tenant's mode and, unless it only records, its words (the composer warns first). */
  async sendRules(auth: AuthContext): Promise<SensitiveSendRules> {
    const tenantId = tenantOf(auth);
    const mode = await this.mode(tenantId);
    return { mode, words: mode === 'record' ? [] : await this.words(tenantId) };
  }

  /** Sets the tenant's mode; every instance drops its cache. */
  async setMode(auth: AuthContext, mode: SensitiveMode): Promise<SensitiveSendRules> {
    const tenantId = tenantOf(auth);
    await repo.setTenantMode(this.deps.db, tenantId, mode);
    await this.changed(tenantId);
    return this.sendRules(auth);
  }

  /**
   * The check of a seat's text before it is stored: in mode `block` a text with a word is refused,
   * in mode `confirm` it is refused until the seat confirms (409, `data` names the word).
   */
  async guard(send: GuardedSend): Promise<void> {
    const mode = await this.mode(send.tenantId);
    if (mode === 'record' || (mode === 'confirm' && send.confirmed)) return;
    const hit = firstSensitiveMatch(send.text, await this.words(send.tenantId));
    if (!hit) return;
    const data: SensitiveRefusal = { mode, ...hit };
    const key = mode === 'block' ? 'sensitiveBlocked' : 'sensitiveConfirm';
    throw new AppError('conflict', key, { word: hit.word }, data);
  }

  private words(tenantId: string): Promise<string[]> {
    return this.cache.get(tenantId, () => repo.allWords(this.deps.db, tenantId));
  }

  private async changed(tenantId: string): Promise<void> {
    this.forget(tenantId);
    await this.deps.bus.publish(SENSITIVE_CHANNEL, tenantId);
  }

  /** A page of the tenant's words. */
  async list(auth: AuthContext, page: number, pageSize: number, keyword?: string) {
    const { rows, total } = await repo.listWords(
      this.deps.db,
      tenantOf(auth),
      page,
      pageSize,
      keyword,
    );
    const list: SensitiveWordItem[] = rows.map((r) => ({
      id: r.id,
      word: r.word,
      createdAt: r.createdAt.getTime(),
    }));
    return { list, total };
  }

  /** Adds words in bulk: blanks dropped, duplicates (in the list or already stored) ignored. */
  async add(auth: AuthContext, input: string[]) {
    const tenantId = tenantOf(auth);
    const seen = new Set<string>();
    const words: string[] = [];
    for (const raw of input) {
      const w = raw.trim();
      if (!w || seen.has(w.toLowerCase())) continue;
      seen.add(w.toLowerCase());
      words.push(w);
    }
    if (words.length === 0) throw fail.invalid('sensitiveWordRequired');
    const existing = await repo.countWords(this.deps.db, tenantId);
    if (existing + words.length > SENSITIVE_WORDS_MAX) {
      const stored = new Set(
        (await repo.allWords(this.deps.db, tenantId)).map((w) => w.toLowerCase()),
      );
      const fresh = words.filter((w) => !stored.has(w.toLowerCase())).length;
      if (existing + fresh > SENSITIVE_WORDS_MAX) {
        throw fail.conflict('sensitiveWordLimit', { max: SENSITIVE_WORDS_MAX });
      }
    }
    const added = await repo.addWords(this.deps.db, tenantId, words);
    if (added > 0) await this.changed(tenantId);
    return { added, ignored: input.length - added };
  }

  /** Deletes words. */
  async remove(auth: AuthContext, ids: string[]) {
    const tenantId = tenantOf(auth);
    const deleted = await repo.deleteWords(this.deps.db, tenantId, ids);
    if (deleted > 0) await this.changed(tenantId);
    return { deleted };
  }

  /** The words a subAdmin sees in red (SPEC §6); other roles get none. */
  async highlight(auth: AuthContext): Promise<SensitiveHighlight> {
    if (auth.role !== 'subAdmin' || !auth.tenantId) return { enabled: false, words: [] };
    return { enabled: true, words: await this.words(auth.tenantId) };
  }

  /** Records a received (or phone-sent) text message that contains words. */
  async onInbound(ev: InboundMessageEvent, account: AccountRef): Promise<void> {
    const text = textOf(ev.msgType, ev.content);
    if (!text) return;
    const found = wordsIn(text, await this.words(account.tenantId));
    if (found.length === 0) return;
    await repo.insertHits(
      this.deps.db,
      found.map((word) => ({
        tenantId: account.tenantId,
        workAccountId: account.id,
        workWxid: account.wxid,
        talkType: ev.talkType,
        peerId: ev.peerId,
        word,
        msgId: ev.msgId,
        content: text,
        sendSide: ev.fromSelf ? 1 : 2,
        msgTime: ev.msgTime,
      })),
    );
  }

  /** Records a console text message that contains words, once handed to the platform. */
  async onDispatched(row: MessageRow, conv: ConversationRow): Promise<void> {
    const text = textOf(row.msgType, row.content);
    if (!text) return;
    const found = wordsIn(text, await this.words(row.tenantId));
    if (found.length === 0) return;
    await repo.insertHits(
      this.deps.db,
      found.map((word) => ({
        tenantId: row.tenantId,
        workAccountId: row.workAccountId,
        workWxid: conv.workWxid,
        talkType: conv.talkType,
        peerId: conv.peerId,
        word,
        messageId: row.id,
        content: text,
        sendSide: 1,
        msgTime: row.msgTime,
      })),
    );
  }

  /** The recorded messages the caller may see (a seat: its accounts'), newest first. */
  async records(auth: AuthContext, page: number, pageSize: number, workWxid?: string) {
    const { scope, accountId } = await this.recordScope(auth, workWxid);
    const { rows, total } = await repo.listHits(this.deps.db, scope, accountId, page, pageSize);
    return { list: rows.map(presentHit), total };
  }

  /**
   * Every hit record under the filter, in the list's order, read in chunks that each continue
   * after the previous one (keyset): an export of many records never re-reads the ones before.
   */
  async *exportRecords(
    auth: AuthContext,
    workWxid?: string,
    chunk = 500,
  ): AsyncGenerator<SensitiveRecordItem> {
    const { scope, accountId } = await this.recordScope(auth, workWxid);
    const rows = keysetRows(
      (after: repo.HitCursor | null, size) =>
        repo.hitsAfter(this.deps.db, scope, accountId, after, size),
      ({ hit }) => ({ msgTime: hit.msgTime, id: hit.id }),
      chunk,
    );
    for await (const row of rows) yield presentHit(row);
  }

  /** The caller's scope and the visible account asked for; received hits linked to messages. */
  private async recordScope(auth: AuthContext, workWxid?: string) {
    const scope = await convScopeOf(this.deps.db, auth);
    let accountId: string | null = null;
    if (workWxid) {
      accountId = (await visibleAccountIn(this.deps.db, scope, workWxid)).id;
    }
    await repo.linkHits(this.deps.db, scope.tenantId);
    return { scope, accountId };
  }
}

type HitRow = Awaited<ReturnType<typeof repo.hitsAfter>>[number];

/** A hit record as the list and the export give it. */
function presentHit({
  hit,
  nickname,
  remark,
  senderName,
  accountName,
}: HitRow): SensitiveRecordItem {
  return {
    id: hit.id,
    word: hit.word,
    messageId: hit.messageId === null ? '' : String(hit.messageId),
    index_name: indexName(hit.talkType, hit.peerId, hit.workWxid),
    workWxid: hit.workWxid,
    content: hit.content,
    sendSide: hit.sendSide,
    createdAt: hit.msgTime,
    name: remark || nickname || hit.peerId,
    senderName: senderName ?? null,
    accountName: accountName ?? '',
  };
}
