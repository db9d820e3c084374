import { Avatar, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { FRIEND_REQUEST_STATUS, type FriendRequestItem } from '@cst/shared';
import { CutText, RowButton, type ColumnSpec } from '../../components/listPage/index.ts';
import { RequestStatusTag } from './RequestStatusTag.tsx';
import { avatarSrc } from '../bubbles/media.ts';

/** Whether a row is a received request waiting for an answer. */
export const isPendingIn = (r: FriendRequestItem) =>
  r.direction === 'in' && r.status === FRIEND_REQUEST_STATUS.requested;

/** The person's name as the list shows it. */
export const personName = (r: FriendRequestItem) => r.nickname || r.wxid;

/** What the columns need from the page. */
export interface RequestColumnsOptions {
  accountName: (wxid: string) => string;
  /** The row being answered (its buttons spin). */
  busy: string | null;
  onAnswer: (row: FriendRequestItem, accept: boolean) => Promise<void>;
  /** Received requests have accept / decline; sent ones have nothing to do. */
  withActions: boolean;
}

const personCell = (r: FriendRequestItem) => (
  <Flex gap={8} align="center" className="fr-cell-person">
    <Avatar size={32} src={avatarSrc(r.avatar)}>
      {personName(r).slice(0, 1)}
    </Avatar>
    <Flex vertical className="fr-cell-text">
      <CutText text={personName(r)} />
      <CutText text={r.wxid} type="secondary" className="fr-wxid" />
    </Flex>
  </Flex>
);
const statusCell = (r: FriendRequestItem) => <RequestStatusTag item={r} />;

/** Columns of the request table: person, status (first in view at 1024 px), greeting, … */
export function useRequestColumns({
  accountName,
  busy,
  onAnswer,
  withActions,
}: RequestColumnsOptions): ColumnSpec<FriendRequestItem>[] {
  const { t } = useTranslation();
  const answerButtons = (r: FriendRequestItem) =>
    isPendingIn(r) && (
      <>
        <RowButton
          loading={busy === r.id}
          onClick={() => void onAnswer(r, true)}
          testId="fr-accept"
        >
          {t('friendRequests.accept')}
        </RowButton>
        <RowButton
          danger
          confirm={{
            title: t('friendRequests.declineConfirm', { name: personName(r) }),
            okTestId: 'fr-decline-ok',
          }}
          onClick={() => onAnswer(r, false)}
          testId="fr-decline"
        >
          {t('friendRequests.decline')}
        </RowButton>
      </>
    );
  const specs: ColumnSpec<FriendRequestItem>[] = [
    {
      kind: 'render',
      title: 'friendRequests.person',
      key: 'person',
      width: 200,
      render: personCell,
    },
    {
      kind: 'render',
      title: 'friendRequests.status',
      key: 'status',
      width: 170,
      render: statusCell,
    },
    {
      kind: 'text',
      title: 'friendRequests.greeting',
      field: 'verifyContent',
      width: 220,
      ellipsis: true,
      empty: 'friendRequests.noGreeting',
    },
    {
      kind: 'text',
      title: 'friendRequests.account',
      field: 'workWxid',
      width: 130,
      ellipsis: true,
      format: (r) => accountName(r.workWxid),
    },
    { kind: 'time', title: 'friendRequests.time', field: 'createdAt', width: 150 },
  ];
  if (withActions) specs.push({ kind: 'actions', width: 130, render: answerButtons });
  return specs;
}
