import { FRIEND_REQUEST_STATUS, type FriendRequestStatus, type MessageKey } from '@cst/shared';
import type {
  ChatGateway,
  ContactsChangedEvent,
  FriendRequestAnsweredEvent,
  FriendRequestDto,
  FriendRequestEvent,
} from '../../gateway/index.ts';
import type { Uses } from '../../platform/deps.ts';
import type { AccountRef } from '../accounts/index.ts';
import { publishRequests, recordRequestEvents } from './friend-request.push.ts';
import * as repo from './friend-request.repository.ts';

/** SPEC §4 status (and the console's reason) of a received request's platform state. */
function statusOf(s: FriendRequestDto['status']): {
  status: FriendRequestStatus;
  reasonKey: MessageKey | null;
} {
  switch (s) {
    case 'pending':
      return { status: FRIEND_REQUEST_STATUS.requested, reasonKey: null };
    case 'accepted':
      return { status: FRIEND_REQUEST_STATUS.succeeded, reasonKey: null };
    case 'declined':
      return { status: FRIEND_REQUEST_STATUS.failed, reasonKey: 'friendRequestDeclined' };
    case 'expired':
      return { status: FRIEND_REQUEST_STATUS.failed, reasonKey: 'friendRequestExpired' };
  }
}

/** Gateway events → friend_requests rows and `friendRequest` pushes. */
export class FriendRequestEvents {
  constructor(private readonly deps: Uses<'realtime'>) {}

  /** A request arrived (or the platform repeated one): stored once by its platform id. */
  async onFriendRequest(ev: FriendRequestEvent, account: AccountRef): Promise<void> {
    const id = await this.store(ev.request, account);
    await publishRequests(this.deps, account.tenantId, [id]);
  }

  /** Stores a received request; a new pending one records `friend.request` in the same commit. */
  private store(r: FriendRequestDto, account: AccountRef): Promise<string> {
    return this.deps.db.transaction(async (tx) => {
      const row = await repo.upsertReceivedRow(tx, this.received(r, account));
      if (row.inserted && r.status === 'pending') {
        await recordRequestEvents(tx, account.tenantId, [row.id]);
      }
      return row.id;
    });
  }

  /**
   * When an account comes online (a login, a resume, a reconnect): the requests the platform
   * holds for it, including those that came while it was offline or while no instance held it
   * (no event reached the console for them), stored like arrived ones; the pending are pushed.
   */
  async pullReceived(gateway: ChatGateway, account: AccountRef): Promise<void> {
    const list = await gateway.listFriendRequests(account.wxid);
    const pending: string[] = [];
    for (const r of list) {
      const id = await this.store(r, account);
      if (r.status === 'pending') pending.push(id);
    }
    if (pending.length > 0) await publishRequests(this.deps, account.tenantId, pending);
  }

  private received(r: FriendRequestDto, account: AccountRef): repo.ReceivedInput {
    return {
      tenantId: account.tenantId,
      workAccountId: account.id,
      platformRequestId: r.requestId,
      wxid: r.fromWxid,
      nickname: r.nickname,
      avatar: r.avatar,
      verifyContent: r.verifyContent,
      source: r.source,
      ...statusOf(r.status),
      createdAt: new Date(r.createdAt || this.deps.now()),
    };
  }

  /** A person answered a request the account sent. */
  async onAnswered(ev: FriendRequestAnsweredEvent, account: AccountRef): Promise<void> {
    if (ev.accepted) {
      await this.added(account, [ev.wxid]);
      return;
    }
    const id = await repo.settleRefused(
      this.deps.db,
      account.tenantId,
      account.id,
      ev.wxid,
      ev.reason,
    );
    if (id) await publishRequests(this.deps, account.tenantId, [id]);
  }

  /** New friends settle the pending requests with them, whoever accepted and wherever. */
  async onContactsChanged(ev: ContactsChangedEvent, account: AccountRef): Promise<void> {
    await this.added(
      account,
      ev.added.map((c) => c.wxid),
    );
  }

  private async added(account: AccountRef, wxids: string[]): Promise<void> {
    if (wxids.length === 0) return;
    const changed = await this.deps.db.transaction(async (tx) => {
      const rows = await repo.settleAdded(tx, account.tenantId, account.id, wxids);
      const sources = rows.flatMap((r) => (r.origin ? [{ wxid: r.wxid, source: r.origin }] : []));
      await repo.setContactSources(tx, account.tenantId, account.id, sources);
      return rows;
    });
    if (changed.length > 0) {
      await publishRequests(
        this.deps,
        account.tenantId,
        changed.map((r) => r.id),
      );
    }
  }
}
