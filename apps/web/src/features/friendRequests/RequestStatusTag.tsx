import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FRIEND_REQUEST_STATUS, type FriendRequestItem } from '@cst/shared';

/** Props of {@link RequestStatusTag}. */
export interface RequestStatusTagProps {
  item: Pick<FriendRequestItem, 'status' | 'direction' | 'reason'>;
}

/** SPEC §4 friend request status as a tag; a failure shows its reason beside it. */
export function RequestStatusTag({ item }: RequestStatusTagProps) {
  const { t } = useTranslation();
  const { status, direction, reason } = item;
  if (status === FRIEND_REQUEST_STATUS.requested) {
    return (
      <Tag color={direction === 'in' ? 'processing' : 'gold'} data-status={status}>
        {t(`friendRequests.statuses.${direction === 'in' ? 'inPending' : 'outPending'}`)}
      </Tag>
    );
  }
  if (status === FRIEND_REQUEST_STATUS.succeeded) {
    return (
      <Tag color="success" data-status={status}>
        {t('friendRequests.statuses.added')}
      </Tag>
    );
  }
  if (status === FRIEND_REQUEST_STATUS.alreadyFriend) {
    return <Tag data-status={status}>{t('friendRequests.statuses.alreadyFriend')}</Tag>;
  }
  return (
    <span className="fr-status-failed">
      <Tag color="error" data-status={status}>
        {t(`friendRequests.statuses.${direction === 'in' ? 'declined' : 'failed'}`)}
      </Tag>
      {reason && direction === 'out' && (
        <Typography.Text type="secondary" className="fr-reason" data-testid="fr-reason">
          {reason}
        </Typography.Text>
      )}
    </span>
  );
}
