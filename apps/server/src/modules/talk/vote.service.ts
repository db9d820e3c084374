import { appContent, votePercent, type VoteContent, type VoteRecord } from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Uses } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import {
  presentConversation,
  type MessageRow,
  convScopeOf,
  scopeHas,
  conversationById,
  visibleMessage,
  type VisibleMessage,
} from '../conversations/index.ts';
import * as repo from './talk.repository.ts';

function pollOf(row: MessageRow): VoteContent | null {
  try {
    const parsed = appContent.safeParse(JSON.parse(row.content));
    return parsed.success && parsed.data.vote ? parsed.data.vote : null;
  } catch {
    return null;
  }
}

/** The options of a vote: split on commas, trimmed, without blanks or repeats. */
export function voteOptionsOf(value: string): string[] {
  return [
    ...new Set(
      value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * The vote flow of SPEC §4 on poll messages: the record with counts and percent per option,
 * and voting as the message's work account (at least one option; one in single mode).
 */
export class VoteService {
  constructor(private readonly deps: Uses<'realtime'>) {}

  private async poll(
    auth: AuthContext,
    recordId: string,
    messageId?: string | number,
  ): Promise<{ v: VisibleMessage; poll: VoteContent }> {
    if (messageId !== undefined) {
      let v: VisibleMessage;
      try {
        v = await visibleMessage(this.deps.db, auth, messageId);
      } catch {
        throw fail.notFound('voteNotFound');
      }
      const poll = pollOf(v.row);
      if (!poll || poll.record_id !== recordId) throw fail.notFound('voteNotFound');
      return { v, poll };
    }
    const scope = await convScopeOf(this.deps.db, auth);
    for (const row of await repo.pollsByRecord(this.deps.db, scope.tenantId, recordId)) {
      const poll = pollOf(row);
      if (!poll || poll.record_id !== recordId || !scopeHas(scope, row.workAccountId)) continue;
      const conv = await conversationById(this.deps.db, scope.tenantId, row.conversationId);
      if (conv) return { v: { row, conv, scope }, poll };
    }
    throw fail.notFound('voteNotFound');
  }

  private record(v: VisibleMessage, poll: VoteContent, vote: repo.VoteRow | null): VoteRecord {
    const mine = vote ? voteOptionsOf(vote.options) : [];
    const counts = new Map(poll.statistics.options.map((o) => [o.key, o.count]));
    const users = [...poll.vote_users];
    let voters = poll.statistics.count;
    let answered = poll.detail.answered_num;
    if (vote && !users.includes(vote.workWxid)) {
      for (const k of mine) counts.set(k, (counts.get(k) ?? 0) + 1);
      voters += mine.length;
      answered += 1;
      users.push(vote.workWxid);
    }
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    return {
      record_id: poll.record_id,
      messageId: String(v.row.id),
      detail: { ...poll.detail, answered_num: answered },
      statistics: {
        count: Math.max(voters, total),
        options: poll.detail.answer_option.map((o) => {
          const count = counts.get(o.key) ?? 0;
          return { key: o.key, value: o.value, count, percent: votePercent(count, total) };
        }),
      },
      vote_users: users,
      voted: Boolean(vote) || users.includes(v.conv.workWxid),
      myOptions: mine,
    };
  }

  /** `/api/v1/talk/vote`: a poll's record. */
  async get(auth: AuthContext, recordId: string, messageId?: string | number) {
    const { v, poll } = await this.poll(auth, recordId, messageId);
    return this.record(v, poll, await repo.voteOf(this.deps.db, v.scope.tenantId, v.row.id));
  }

  /** `/api/v1/talk/vote/handle`: votes as the poll message's work account. */
  async vote(auth: AuthContext, recordId: string, options: string, messageId?: string | number) {
    const { v, poll } = await this.poll(auth, recordId, messageId);
    const keys = voteOptionsOf(options);
    if (keys.length === 0) throw fail.invalid('voteOptionRequired');
    if (poll.detail.answer_mode === 0 && keys.length > 1) throw fail.invalid('voteSingleOnly');
    const valid = new Set(poll.detail.answer_option.map((o) => o.key));
    if (keys.some((k) => !valid.has(k))) throw fail.invalid('voteOptionInvalid');
    if (poll.vote_users.includes(v.conv.workWxid)) throw fail.conflict('voteAlready');
    const row = await repo.insertVote(this.deps.db, {
      tenantId: v.scope.tenantId,
      messageId: v.row.id,
      recordId,
      workAccountId: v.row.workAccountId,
      workWxid: v.conv.workWxid,
      options: keys.join(','),
      userId: auth.userId,
    });
    if (!row) throw fail.conflict('voteAlready');
    const record = this.record(v, poll, row);
    await this.deps.realtime.publish(v.scope.tenantId, {
      event: 'voteUpdate',
      workAccountId: v.row.workAccountId,
      data: { index_name: presentConversation(v.conv).index_name, record },
    });
    return record;
  }
}
