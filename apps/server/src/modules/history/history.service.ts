import type { HistorySearchBody, MessageWithConversation } from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Deps } from '../../platform/deps.ts';
import {
  presentConversation,
  presentMessage,
  convScopeOf,
  visibleAccountIn,
  visibleMessage,
} from '../conversations/index.ts';
import * as repo from './history.repository.ts';

/** History messages (`/history`): search across the visible accounts, open a conversation at a message. */
export class HistoryService {
  constructor(private readonly deps: Deps) {}

  /** `poly-message-his`: messages by keyword, account, contact and time, newest first. */
  async search(auth: AuthContext, body: HistorySearchBody) {
    const scope = await convScopeOf(this.deps.db, auth);
    const filter: repo.HistoryFilter = {
      keyword: body.keyword || undefined,
      peerId: body.receiver_id || undefined,
      talkType: body.talkType,
      msgType: body.msgType,
      startTime: body.startTime,
      endTime: body.endTime,
    };
    if (body.workWxid) {
      filter.workAccountId = (await visibleAccountIn(this.deps.db, scope, body.workWxid)).id;
    }
    const { rows, total } = await repo.search(
      this.deps.db,
      scope,
      filter,
      body.page,
      body.pageSize,
    );
    const list: MessageWithConversation[] = rows.map(({ m, conv }) => {
      const item = presentConversation(conv);
      return {
        ...presentMessage(m, conv),
        conversationName: item.name,
        conversationAvatar: item.avatar,
      };
    });
    return { list, total };
  }

  /** `cst/message-list`: a message with those around it, oldest first, and its conversation. */
  async around(auth: AuthContext, messageId: string | number, before: number, after: number) {
    const { row, conv } = await visibleMessage(this.deps.db, auth, messageId);
    const [older, newer] = await Promise.all([
      repo.neighbours(this.deps.db, conv.id, row.id, 'before', before + 1),
      repo.neighbours(this.deps.db, conv.id, row.id, 'after', after + 1),
    ]);
    const list = [...older.slice(0, before).reverse(), row, ...newer.slice(0, after)];
    return {
      conv: presentConversation(conv),
      list: list.map((m) => presentMessage(m, conv)),
      messageId: String(row.id),
      hasBefore: older.length > before,
      hasAfter: newer.length > after,
    };
  }
}
