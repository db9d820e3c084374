import { indexName, type ServiceLogItem, type TransferItem } from '@cst/shared';
import type { serviceLogOf, TransferListRow } from './service.repository.ts';

/** A transfer as the list and the `serviceTransfer` push show it. */
export function presentTransfer(r: TransferListRow): TransferItem {
  const chat = r.conversationId !== null && r.convTalkType !== null && r.convPeerId !== null;
  return {
    id: r.id,
    scope: r.scope,
    state: r.state,
    workWxid: r.workWxid,
    workNickname: r.workNickname,
    index_name: chat ? indexName(r.convTalkType!, r.convPeerId!, r.workWxid) : null,
    conversationName: chat ? r.convName : null,
    from: { uid: r.fromUserId, username: r.fromUsername, nickname: r.fromNickname },
    to: { uid: r.toUserId, username: r.toUsername, nickname: r.toNickname },
    note: r.note,
    createdAt: r.createdAt.getTime(),
    decidedAt: r.decidedAt ? r.decidedAt.getTime() : null,
  };
}

/** A stretch of the service log. */
export function presentLog(r: Awaited<ReturnType<typeof serviceLogOf>>[number]): ServiceLogItem {
  return {
    seat: { uid: r.userId, username: r.username, nickname: r.nickname },
    from: r.startedAt.getTime(),
    to: r.endedAt ? r.endedAt.getTime() : null,
    transferId: r.transferId,
  };
}
