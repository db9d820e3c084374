import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, List, Segmented, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GROUP_NOTICE_KINDS,
  MAX_GROUP_NOTICE_LENGTH,
  groupNoticeBody,
  type GroupDetail,
  type GroupNoticeKind,
} from '@cst/shared';
import { groupsApi, groupsKeys } from './api.ts';
import { EditTextModal } from './EditTextModal.tsx';

const KIND_COLOR: Record<GroupNoticeKind, string> = {
  announcement: 'gold',
  memberJoined: 'green',
  memberLeft: 'default',
  renamed: 'blue',
};

/** The current announcement (the owner and admins edit it) and the group's notice history. */
export function GroupNotices({ group }: { group: GroupDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const ref = { workWxid: group.workWxid, groupId: group.groupId };
  const [kind, setKind] = useState<GroupNoticeKind | 'all'>('all');
  const [editing, setEditing] = useState(false);
  const k = kind === 'all' ? undefined : kind;
  const { data, isFetching } = useQuery({
    queryKey: groupsKeys.notices(ref, k),
    queryFn: () => groupsApi.notices(ref, k),
  });
  const save = async (notice: string) => {
    await groupsApi.notice(ref, notice);
    setEditing(false);
    void message.success(t('groupPanel.noticeSaved'));
    await qc.invalidateQueries({ queryKey: groupsKeys.all });
  };

  return (
    <>
      <Card
        size="small"
        title={t('groupPanel.currentNotice')}
        extra={
          group.myRole !== 'member' && (
            <Button size="small" onClick={() => setEditing(true)} data-testid="notice-edit">
              {t('groupPanel.editNotice')}
            </Button>
          )
        }
        style={{ marginBottom: 16 }}
      >
        <Typography.Paragraph className="group-panel-notice" data-testid="notice-current">
          {group.notice || (
            <Typography.Text type="secondary">{t('groupsPage.noNotice')}</Typography.Text>
          )}
        </Typography.Paragraph>
      </Card>
      <Segmented
        value={kind}
        onChange={(v) => setKind(v as GroupNoticeKind | 'all')}
        options={(['all', ...GROUP_NOTICE_KINDS] as const).map((v) => ({
          value: v,
          label: t(`groupPanel.kind.${v}`),
        }))}
        style={{ marginBottom: 8 }}
      />
      <List
        className="group-panel-history"
        loading={isFetching}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Empty description={t('groupPanel.noHistory')} /> }}
        renderItem={(n) => (
          <List.Item data-testid="notice-item">
            <List.Item.Meta
              title={
                <>
                  <Tag color={KIND_COLOR[n.kind]}>{t(`groupPanel.kind.${n.kind}`)}</Tag>
                  <Typography.Text type="secondary">
                    {dayjs(n.at).format('YYYY-MM-DD HH:mm:ss')}
                  </Typography.Text>
                </>
              }
              description={n.text}
            />
          </List.Item>
        )}
      />
      <EditTextModal
        open={editing}
        title={t('groupPanel.editNotice')}
        label={t('groupsPage.notice')}
        initial={group.notice}
        schema={groupNoticeBody.shape.notice}
        maxLength={MAX_GROUP_NOTICE_LENGTH}
        multiline
        placeholder={t('groupPanel.noticePlaceholder')}
        testId="notice-input"
        onClose={() => setEditing(false)}
        onSave={save}
      />
    </>
  );
}
