import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Avatar, Button, Drawer, Flex, Space, Spin, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAX_GROUP_CARD_LENGTH,
  MAX_GROUP_NAME_LENGTH,
  groupCardBody,
  renameGroupBody,
  type GroupRef,
} from '@cst/shared';
import { ConfirmWordModal } from '../../components/listPage/index.ts';
import { useWorkAccounts } from '../../lib/workAccounts/workAccountStore.ts';
import { ContactPicker } from '../contactPicker/ContactPicker.tsx';
import { groupsApi, groupsKeys } from './api.ts';
import { EditTextModal } from './EditTextModal.tsx';
import { GroupMembers } from './GroupMembers.tsx';
import { GroupNotices } from './GroupNotices.tsx';
import { RoleTag } from './RoleTag.tsx';
import { friendsOf } from './pickFriends.ts';
import { CapabilityGate } from '../accounts/CapabilityGate.tsx';
import { avatarSrc } from '../bubbles/media.ts';

type Dialog = 'rename' | 'card' | 'invite' | 'leave' | null;

/** The two one-field dialogs of the panel: the group's name and my card in it. */
const TEXT_DIALOGS = {
  rename: {
    title: 'groupPanel.rename',
    label: 'groupPanel.groupName',
    extra: undefined,
    schema: renameGroupBody.shape.name,
    maxLength: MAX_GROUP_NAME_LENGTH,
    testId: 'rename-input',
    done: 'groupPanel.renamed',
  },
  card: {
    title: 'groupPanel.setCard',
    label: 'groupPanel.myCard',
    extra: 'groupPanel.cardHint',
    schema: groupCardBody.shape.card,
    maxLength: MAX_GROUP_CARD_LENGTH,
    testId: 'card-input',
    done: 'groupPanel.cardSaved',
  },
} as const;

/** Props of {@link GroupPanel}. */
export interface GroupPanelProps {
  groupRef: GroupRef | null;
  onClose: () => void;
}

/** A group's panel: header with its actions, members and the announcement history. */
export function GroupPanel({ groupRef, onClose }: GroupPanelProps) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [dialog, setDialog] = useState<Dialog>(null);
  const account = useWorkAccounts((s) => s.accounts.find((a) => a.wxid === groupRef?.workWxid));
  const { data: group, isFetching } = useQuery({
    queryKey: groupRef ? groupsKeys.detail(groupRef) : ['groups', 'detail', 'none'],
    queryFn: () => groupsApi.detail(groupRef!),
    enabled: Boolean(groupRef),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: groupsKeys.all });
  /** Runs a command; on success closes the dialog, says so and refreshes the page. */
  const run = async (call: () => Promise<unknown>, done: string) => {
    await call();
    setDialog(null);
    void message.success(done);
    await refresh();
  };
  const offline = account && account.status !== 'online';

  return (
    <Drawer
      open={Boolean(groupRef)}
      onClose={onClose}
      width="min(760px, 100vw)"
      destroyOnHidden
      title={
        group ? (
          <Space>
            <Avatar shape="square" src={avatarSrc(group.avatar)}>
              {group.name.slice(0, 1)}
            </Avatar>
            <span data-testid="panel-name">{group.name}</span>
            <RoleTag role={group.myRole} />
          </Space>
        ) : null
      }
      data-testid="group-panel"
    >
      {!group ? (
        <Spin spinning={isFetching} />
      ) : (
        <>
          {offline && <Alert type="warning" showIcon message={t('groupPanel.offline')} />}
          <Flex justify="space-between" align="center" wrap gap={8} className="table-toolbar">
            <Typography.Text type="secondary">
              {group.accountName} · {t('groupsPage.memberCount', { count: group.memberCount })}
              {group.myCard && ` · ${t('groupPanel.myCard')}：${group.myCard}`}
            </Typography.Text>
            <Space wrap>
              <Button onClick={() => setDialog('rename')} data-testid="group-rename">
                {t('groupPanel.rename')}
              </Button>
              <CapabilityGate cap="groupCard">
                {(off) => (
                  <Button disabled={off} onClick={() => setDialog('card')} data-testid="group-card">
                    {t('groupPanel.setCard')}
                  </Button>
                )}
              </CapabilityGate>
              <Button onClick={() => setDialog('invite')} data-testid="group-invite">
                {t('groupPanel.invite')}
              </Button>
              <Button danger onClick={() => setDialog('leave')} data-testid="group-leave">
                {t('groupPanel.leave')}
              </Button>
            </Space>
          </Flex>
          <Tabs
            items={[
              {
                key: 'members',
                label: t('groupPanel.members'),
                children: <GroupMembers group={group} />,
              },
              {
                key: 'notices',
                label: t('groupPanel.notices'),
                children: <GroupNotices group={group} />,
              },
            ]}
          />
          {(['rename', 'card'] as const).map((kind) => {
            const texts = TEXT_DIALOGS[kind];
            return (
              <EditTextModal
                key={kind}
                open={dialog === kind}
                title={t(texts.title)}
                label={t(texts.label)}
                extra={texts.extra && t(texts.extra)}
                initial={kind === 'rename' ? group.name : group.myCard}
                schema={texts.schema}
                maxLength={texts.maxLength}
                testId={texts.testId}
                onClose={() => setDialog(null)}
                onSave={(value) =>
                  run(
                    () =>
                      kind === 'rename'
                        ? groupsApi.rename(groupRef!, value)
                        : groupsApi.card(groupRef!, value),
                    t(texts.done),
                  )
                }
              />
            );
          })}
          <ContactPicker
            open={dialog === 'invite'}
            title={t('groupPanel.invite')}
            onCancel={() => setDialog(null)}
            onConfirm={(picked) => {
              const { friends, ignored } = friendsOf(picked, group.workWxid);
              if (ignored > 0)
                void message.warning(t('groupPanel.onlyFriends', { count: ignored }));
              if (friends.length === 0) return;
              void run(
                () =>
                  groupsApi.invite(
                    groupRef!,
                    friends.map((f) => f.wxid),
                  ),
                t('groupPanel.invited', { count: friends.length }),
              ).catch(() => undefined);
            }}
          />
          <ConfirmWordModal
            open={dialog === 'leave'}
            title={t('groupPanel.leaveTitle')}
            hint={t('groupPanel.leaveHint', { name: group.name, word: 'yes' })}
            word="yes"
            danger
            onClose={() => setDialog(null)}
            onConfirm={async () => {
              await run(() => groupsApi.leave(groupRef!), t('groupPanel.left'));
              onClose();
            }}
          />
        </>
      )}
    </Drawer>
  );
}
