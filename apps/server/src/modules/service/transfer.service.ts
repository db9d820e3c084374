import {
  SEAT_MAX_WORK_ACCOUNTS,
  WS_EVENTS,
  type TransferCreateBody,
  type TransferListQuery,
} from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Tx } from '../../platform/db.ts';
import type { Uses } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import {
  accountViewers,
  seesWholeTenant,
  publishAccountsChangedTo,
  countDistributedTo as accountRepoCountDistributedTo,
  updateAccounts as accountRepoUpdateAccounts,
  tenantManagerIds as accountRepoTenantManagerIds,
  lockSeatCount,
} from '../accounts/index.ts';
import {
  conversationById,
  visibleAccount,
  convUpdatePush,
  type ConversationRow,
  visibleConversation,
} from '../conversations/index.ts';
import { presentLog, presentTransfer } from './service.presenter.ts';
import * as flowRepo from './assignment.repository.ts';
import * as repo from './service.repository.ts';

/** Seat transfers (SPEC §4: pending receipt → accepted | revoked) and the service log. */
export class TransferService {
  constructor(private readonly deps: Uses<'realtime'>) {}

  private get db() {
    return this.deps.db;
  }

  private tenantOf(auth: AuthContext): string {
    if (!auth.tenantId) throw fail.forbidden();
    return auth.tenantId;
  }

  /** Hands a conversation, or every conversation of a work account, to another seat. */
  async create(auth: AuthContext, body: TransferCreateBody): Promise<{ id: string }> {
    const tenantId = this.tenantOf(auth);
    if (!body.index_name === !body.workWxid) throw fail.invalid('transferTargetRequired');
    if (body.toUserId === auth.userId) throw fail.invalid('transferToSelf');
    const target = await repo.enabledTenantUser(this.db, tenantId, body.toUserId);
    if (!target) throw fail.notFound('transferSeatNotFound');
    let row: repo.NewTransfer;
    const base = { tenantId, fromUserId: auth.userId, toUserId: target.id, note: body.note ?? '' };
    if (body.index_name) {
      const { conv } = await visibleConversation(this.db, auth, body.index_name);
      if (conv.servedBy === target.id) throw fail.conflict('transferAlreadyServing');
      row = {
        ...base,
        scope: 'conversation',
        workAccountId: conv.workAccountId,
        conversationId: conv.id,
        state: 'pending',
      };
    } else {
      const { account } = await visibleAccount(this.db, auth, body.workWxid!);
      if (seesWholeTenant(target.role)) throw fail.invalid('transferAccountToManager');
      if (account.distributedTo === target.id) throw fail.conflict('transferAlreadyServing');
      row = { ...base, scope: 'account', workAccountId: account.id, state: 'pending' };
    }
    const stored = await repo.insertTransfer(this.db, { ...row, createdAt: this.now() });
    if (!stored) throw fail.conflict('transferPending');
    await this.announce(tenantId, stored.id);
    return { id: stored.id };
  }

  private now(): Date {
    return new Date(this.deps.now());
  }

  /** Transfers to or from the caller, newest first (a manager's `all`: the whole tenant's). */
  async list(auth: AuthContext, body: TransferListQuery) {
    const tenantId = this.tenantOf(auth);
    const wholeTenant = seesWholeTenant(auth.role) && body.direction === 'all';
    const { rows, total } = await repo.listTransfers(
      this.db,
      tenantId,
      {
        userId: wholeTenant ? undefined : auth.userId,
        direction: body.direction,
        state: body.state,
      },
      body.page,
      body.pageSize,
    );
    return { list: rows.map(presentTransfer), total };
  }

  /** The seats the caller may hand a conversation to (its tenant's enabled users but itself). */
  async seats(auth: AuthContext) {
    return { list: await repo.tenantSeats(this.db, this.tenantOf(auth), auth.userId) };
  }

  /** The assignee a transfer gives chats to: the receiving seat by name. */
  private async assigneeOf(tx: Tx, tenantId: string, uid: string) {
    return { uid, name: (await flowRepo.userName(tx, tenantId, uid)) ?? '' };
  }

  private async logAssigned(tx: Tx, rows: ConversationRow[], at: Date): Promise<void> {
    await flowRepo.logFlow(
      tx,
      rows.map((r) => ({
        tenantId: r.tenantId,
        conversationId: r.id,
        workAccountId: r.workAccountId,
        kind: 'assigned' as const,
        userId: r.assigneeUid,
        at: at.getTime(),
      })),
    );
  }

  /** The receiving seat accepts: the chat (or account) and its service log move to it. */
  async accept(auth: AuthContext, id: string): Promise<null> {
    const tenantId = this.tenantOf(auth);
    const at = this.now();
    const after = await this.deps.realtime.transaction(async (tx, push) => {
      const t = await this.decidable(tx, auth, id);
      if (t.toUserId !== auth.userId) throw fail.forbidden('transferNotForYou');
      const [account] = await repo.accountsByIds(tx, tenantId, [t.workAccountId]);
      if (!account) throw fail.notFound('transferNotFound');
      await repo.decideTransfer(tx, t.id, 'accepted', at);
      if (t.scope === 'conversation' && t.conversationId) {
        const before = await conversationById(tx, tenantId, t.conversationId);
        await repo.logHandOver(tx, {
          tenantId,
          workAccountId: account.id,
          conversationIds: [t.conversationId],
          previous: before?.servedBy ?? account.distributedTo ?? t.fromUserId,
          to: t.toUserId,
          transferId: t.id,
          at,
        });
        const [served] = await repo.setServedBy(
          tx,
          tenantId,
          { conversationId: t.conversationId },
          t.toUserId,
        );
        // The assignment follows the transfer.
        const [assigned] = await flowRepo.setAssignee(
          tx,
          tenantId,
          [t.conversationId],
          await this.assigneeOf(tx, tenantId, t.toUserId),
        );
        await this.logAssigned(tx, assigned ? [assigned] : [], at);
        const conv = assigned ?? served;
        if (conv) push(tenantId, convUpdatePush(conv));
        return { kind: 'conversation' as const, account };
      }
      await lockSeatCount(tx, t.toUserId);
      const held = await accountRepoCountDistributedTo(tx, tenantId, t.toUserId);
      if (held + 1 > SEAT_MAX_WORK_ACCOUNTS) {
        const seat = await repo.enabledTenantUser(tx, tenantId, t.toUserId);
        throw fail.conflict('seatFull', {
          max: SEAT_MAX_WORK_ACCOUNTS,
          name: seat?.nickname ?? '',
          count: held,
        });
      }
      await repo.logHandOver(tx, {
        tenantId,
        workAccountId: account.id,
        conversationIds: 'account',
        previous: account.distributedTo ?? t.fromUserId,
        to: t.toUserId,
        transferId: t.id,
        at,
      });
      await repo.setServedBy(tx, tenantId, { workAccountId: account.id }, null);
      await accountRepoUpdateAccounts(tx, tenantId, [account.id], { distributedTo: t.toUserId });
      // The account's chats assigned to the seat that handed it over go to the new holder.
      const moved = await flowRepo.moveAssignments(
        tx,
        tenantId,
        account.id,
        t.fromUserId,
        await this.assigneeOf(tx, tenantId, t.toUserId),
      );
      await this.logAssigned(tx, moved, at);
      if (moved.length > 0) push(tenantId, moved.map(convUpdatePush));
      return { kind: 'account' as const, account, previousHolder: account.distributedTo };
    });
    await this.announce(tenantId, id);
    if (after.kind === 'account') {
      // Everyone who saw the account before or sees it now refetches it (as a distribution does).
      const viewers = new Set(await accountRepoTenantManagerIds(this.db, tenantId));
      for (const set of (await accountViewers(this.db, tenantId, [after.account.id])).values()) {
        for (const u of set) viewers.add(u);
      }
      if (after.previousHolder) viewers.add(after.previousHolder);
      const t = await repo.transferWithNames(this.db, tenantId, id);
      if (t) viewers.add(t.fromUserId);
      await publishAccountsChangedTo(
        this.deps,
        tenantId,
        [...viewers],
        [after.account.wxid],
        'distributed',
      );
    }
    return null;
  }

  /** The sender takes a transfer back while it waits for the receiver. */
  async revoke(auth: AuthContext, id: string): Promise<null> {
    const tenantId = this.tenantOf(auth);
    await this.db.transaction(async (tx) => {
      const t = await this.decidable(tx, auth, id);
      if (t.fromUserId !== auth.userId) throw fail.forbidden('transferNotYours');
      await repo.decideTransfer(tx, t.id, 'revoked', this.now());
    });
    await this.announce(tenantId, id);
    return null;
  }

  /** A transfer the caller may see (its sender, receiver or a manager), locked and still pending. */
  private async decidable(tx: Tx, auth: AuthContext, id: string) {
    const t = await repo.lockTransfer(tx, this.tenantOf(auth), id);
    const mine = t && (t.toUserId === auth.userId || t.fromUserId === auth.userId);
    if (!t || !(mine || seesWholeTenant(auth.role))) throw fail.notFound('transferNotFound');
    if (t.state !== 'pending') throw fail.conflict('transferNotPending');
    return t;
  }

  /** Pushes a transfer's current state to its sender and receiver. */
  private async announce(tenantId: string, id: string): Promise<void> {
    const t = await repo.transferWithNames(this.db, tenantId, id);
    if (!t) return;
    await this.deps.realtime.publish(tenantId, {
      event: WS_EVENTS.serviceTransfer,
      userIds: [...new Set([t.fromUserId, t.toUserId])],
      data: presentTransfer(t),
    });
  }

  /** Who served a conversation, oldest first. */
  async log(auth: AuthContext, indexNameValue: string) {
    const { conv } = await visibleConversation(this.db, auth, indexNameValue);
    const rows = await repo.serviceLogOf(this.db, conv.tenantId, conv.id);
    return { list: rows.map(presentLog) };
  }

  /** Do not disturb for a conversation: no tone, no notification, not in unread totals. */
  async disturb(auth: AuthContext, indexNameValue: string, disturb: boolean): Promise<null> {
    const { conv } = await visibleConversation(this.db, auth, indexNameValue);
    await this.deps.realtime.transaction(async (tx, push) => {
      const updated = await repo.setDisturb(tx, conv.id, disturb);
      if (updated) push(conv.tenantId, convUpdatePush(updated));
    });
    return null;
  }
}
