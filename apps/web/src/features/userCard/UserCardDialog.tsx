import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Descriptions, Divider, Modal, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FriendInfo } from '@cst/shared';
import { useCan } from '../../lib/session/sessionStore.ts';
import { InboxAvatar } from '../conversations/InboxAvatar.tsx';
import { ContactTags } from '../tags/ContactTags.tsx';
import { AddFriendForm } from './AddFriendForm.tsx';
import { userCardApi } from './api.ts';
import { RemarkEditor } from './RemarkEditor.tsx';
import { useUserCard, type UserCardTarget } from './userCardStore.ts';
import './userCard.css';
import { usePlatformCapabilities } from '../accounts/CapabilityGate.tsx';
import { avatarSrc } from '../bubbles/media.ts';

const cardKey = (t: UserCardTarget) => ['userCard', t.workWxid, t.wxid, t.chatRoom ?? ''];

function Flag({ on, testId }: { on: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={on ? 'blue' : undefined} data-testid={testId} data-on={on}>
      {on ? t('userCard.yes') : t('userCard.no')}
    </Tag>
  );
}

/** The card's body once loaded: who it is, and for friends the flags and the remark. */
function CardBody({ info, target }: { info: FriendInfo; target: UserCardTarget }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canManage = useCan('contact.manage');
  const canTag = useCan('customer.manage') || canManage;
  const platform = usePlatformCapabilities();
  const region = [info.province, info.city].filter(Boolean).join(' ');
  const items: { key: string; label: string; children: ReactNode }[] = [
    { key: 'account', label: t('userCard.account'), children: info.alias || info.wxid },
    { key: 'region', label: t('userCard.region'), children: region || '—' },
    { key: 'nickname', label: t('userCard.nickname'), children: info.name || '—' },
    { key: 'gender', label: t('userCard.gender'), children: t(`userCard.genders.${info.sex}`) },
  ];
  if (info.signature) {
    items.push({ key: 'signature', label: t('userCard.signature'), children: info.signature });
  }
  if (info.isFriend) {
    items.push(
      {
        key: 'remark',
        label: t('userCard.remark'),
        children: (
          <RemarkEditor
            workWxid={info.workWxid}
            wxid={info.wxid}
            remark={info.remark}
            editable={canManage && platform.can('setRemark')}
            onSaved={(remark) =>
              queryClient.setQueryData<FriendInfo>(cardKey(target), (old) =>
                old ? { ...old, remark } : old,
              )
            }
          />
        ),
      },
      {
        key: 'tags',
        label: t('friends.tags'),
        children: (
          <ContactTags
            target={{ workWxid: info.workWxid, friendWxid: info.wxid }}
            editable={canTag}
          />
        ),
      },
    );
    // Flags the platform has (WhatsApp: the blacklist, no star or pin).
    if (platform.can('updateFriendInfo')) {
      items.push(
        {
          key: 'pinned',
          label: t('userCard.pinned'),
          children: <Flag on={info.topChat} testId="card-pinned" />,
        },
        {
          key: 'starred',
          label: t('userCard.starred'),
          children: <Flag on={info.star} testId="card-starred" />,
        },
      );
    }
    if (platform.can('blacklist')) {
      items.push({
        key: 'blacklisted',
        label: t('userCard.blacklisted'),
        children: <Flag on={info.blacklist} testId="card-blacklisted" />,
      });
    }
  }
  return (
    <>
      <div className="user-card-head">
        <InboxAvatar
          src={avatarSrc(info.smallHeadImage)}
          name={info.remark || info.name || info.wxid}
          size={56}
        />
        <div className="user-card-names">
          <Typography.Text strong className="user-card-name" data-testid="card-name">
            {info.remark || info.name || info.wxid}
          </Typography.Text>
          <Space size={4}>
            <Tag color={info.isFriend ? 'green' : 'default'} data-testid="card-friendship">
              {info.isFriend ? t('userCard.friend') : t('userCard.notFriend')}
            </Tag>
            {info.remark && info.name && (
              <Typography.Text type="secondary">{info.name}</Typography.Text>
            )}
          </Space>
        </div>
      </div>
      <Descriptions size="small" column={1} bordered items={items} data-testid="card-fields" />
      {!info.isFriend && canManage && platform.can('addFriend') && (
        <>
          <Divider titlePlacement="start" plain>
            {t('userCard.addFriend')}
          </Divider>
          <AddFriendForm info={info} chatRoom={target.chatRoom} />
        </>
      )}
    </>
  );
}

/** The user card dialog (SPEC §2): account, region, nickname, gender; flags and remark of friends. */
export function UserCardDialog({
  target,
  onClose,
}: {
  target: UserCardTarget;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { data, error, isPending } = useQuery({
    queryKey: cardKey(target),
    queryFn: () =>
      userCardApi.info({
        wxid: target.workWxid,
        friendWxid: target.wxid,
        chatRoom: target.chatRoom,
      }),
    staleTime: 0,
    retry: false,
  });
  return (
    <Modal
      open
      title={t('userCard.title')}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={440}
      className="user-card"
    >
      <div data-testid="user-card">
        {isPending ? (
          <Skeleton avatar active />
        ) : error ? (
          <Alert
            type="error"
            showIcon
            data-testid="card-error"
            message={t('userCard.loadFailed', { reason: error.message })}
          />
        ) : (
          <CardBody info={data} target={target} />
        )}
      </div>
    </Modal>
  );
}

/** Shows the user card a `UserCardTrigger` opened; mounted once by the inbox. */
export function UserCardHost() {
  const target = useUserCard((s) => s.target);
  const close = useUserCard((s) => s.close);
  // The card belongs to the page that opened it: leaving the page closes it, so it does not
  // reappear when a page with a host is opened again.
  useEffect(() => close, [close]);
  if (!target) return null;
  return (
    <UserCardDialog
      key={`${target.workWxid}|${target.wxid}|${target.chatRoom ?? ''}`}
      target={target}
      onClose={close}
    />
  );
}
