import { FRIEND_REQUEST_STATUS, type FriendRequestStatus } from '@cst/shared';
import type { ContactsChangedEvent, FriendRequestAnsweredEvent } from '../../gateway/index.ts';
import type { Uses } from '../../platform/deps.ts';
import type { AccountRef } from '../accounts/index.ts';
import { callHolder } from '../conversations/index.ts';
import { addLinks, contactsOfTargets } from '../tags/index.ts';
import { fanPushes } from './fan-task.push.ts';
import { settleRows } from './fan-task-rows.repository.ts';

/**
 * Answers of people to requests a task sent: the rows settle (3 added, 2 refused with the
 * person's reason), a row's remark and tags are set on the new friend, and the tasks' progress is
 * pushed.
 * (The friend's source `task` is set by the friend-requests module from the sent request's origin.)
 */
export class FanTaskEvents {
  constructor(private readonly deps: Uses<'realtime' | 'runtime' | 'taskTimers'>) {}

  /** A person answered a request the account sent. */
  async onAnswered(ev: FriendRequestAnsweredEvent, account: AccountRef): Promise<void> {
    if (ev.accepted) await this.settle(account, [ev.wxid], FRIEND_REQUEST_STATUS.succeeded, '');
    else await this.settle(account, [ev.wxid], FRIEND_REQUEST_STATUS.failed, ev.reason);
  }

  /** New friends settle the rows sent to them, whoever accepted. */
  async onContactsChanged(ev: ContactsChangedEvent, account: AccountRef): Promise<void> {
    const wxids = ev.added.map((c) => c.wxid);
    if (wxids.length > 0) await this.settle(account, wxids, FRIEND_REQUEST_STATUS.succeeded, '');
  }

  private async settle(
    account: AccountRef,
    wxids: string[],
    status: FriendRequestStatus,
    reason: string,
  ): Promise<void> {
    const now = this.deps.now();
    const settled = await this.deps.db.transaction((tx) =>
      settleRows(tx, account.tenantId, account.id, wxids, status, reason, now),
    );
    if (settled.taskIds.length === 0) return;
    if (status === FRIEND_REQUEST_STATUS.succeeded) {
      await this.tagNewFriends(account, settled.tags);
      for (const r of settled.remarks) {
        await callHolder(this.deps, account.wxid, {
          name: 'setRemark',
          wxid: r.wxid,
          remark: r.remark,
        }).catch((err: unknown) => this.deps.log.warn({ err }, 'remark of a task friend'));
      }
    }
    for (const id of settled.taskIds) fanPushes.progressSoon(this.deps, account.tenantId, id);
  }

  /**
   * The rows' tags on the new friends (the contact rows exist: the accounts module stores new
   * friends before features see the event). Tags deleted since the task was made are skipped.
   */
  private async tagNewFriends(
    account: AccountRef,
    rows: { wxid: string; tagIds: string[] }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    const found = await contactsOfTargets(
      this.deps.db,
      { tenantId: account.tenantId, accountIds: [account.id] },
      rows.map((r) => ({ workWxid: account.wxid, friendWxid: r.wxid })),
    );
    const idOf = new Map(found.map((c) => [c.wxid, c.id]));
    for (const r of rows) {
      const contactId = idOf.get(r.wxid);
      if (contactId) await addLinks(this.deps.db, account.tenantId, [contactId], r.tagIds);
    }
  }
}
