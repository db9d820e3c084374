import { App, Drawer, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MomentJobItem, MomentPostItem } from '@cst/shared';
import { RowButton, timeColumn } from '../../components/listPage/index.ts';
import { momentsApi } from './api.ts';
import { JOB_STATE_COLOR } from './jobStates.ts';

/** Props of {@link MomentJobsDrawer}. */
export interface MomentJobsDrawerProps {
  post: MomentPostItem | null;
  onClose: () => void;
  /** After a cancel or repost: the list refreshes. */
  onChanged: () => void;
}

/** Each account's post of a moment: state, due and posted times, the reason, cancel or repost. */
export function MomentJobsDrawer({ post, onClose, onChanged }: MomentJobsDrawerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const act = async (run: () => Promise<{ changed: number }>, key: string) => {
    const r = await run();
    void message.success(t(key, { count: r.changed }));
    onChanged();
  };
  return (
    <Drawer
      open={post !== null}
      onClose={onClose}
      size="min(860px, calc(100vw - 24px))"
      title={t('moments.history.drawerTitle')}
      destroyOnHidden
      data-testid="moment-jobs-drawer"
    >
      {post && (
        <Table<MomentJobItem>
          rowKey="jobId"
          size="small"
          dataSource={post.jobs}
          pagination={false}
          scroll={{ x: 760 }}
          columns={[
            {
              title: t('moments.history.accounts'),
              key: 'account',
              width: 200,
              render: (_: unknown, j) => (
                <Typography.Text ellipsis={{ tooltip: j.workWxid }}>
                  {j.nickname || j.workWxid}
                </Typography.Text>
              ),
            },
            {
              title: t('moments.history.state'),
              key: 'state',
              width: 100,
              render: (_: unknown, j) => (
                <Tag color={JOB_STATE_COLOR[j.state]} data-testid="moment-job-state">
                  {t(`moments.history.states.${j.state}`)}
                </Tag>
              ),
            },
            timeColumn<MomentJobItem>(t('moments.history.dueAt'), 'dueAt'),
            timeColumn<MomentJobItem>(t('moments.history.postedAt'), 'postedAt'),
            {
              title: t('moments.history.reason'),
              key: 'reason',
              width: 180,
              render: (_: unknown, j) =>
                j.reason ? (
                  <Tooltip title={j.reason}>
                    <Typography.Text type="danger" ellipsis>
                      {j.reason}
                    </Typography.Text>
                  </Tooltip>
                ) : null,
            },
            {
              title: t('moments.history.actions'),
              key: 'actions',
              width: 110,
              fixed: 'right',
              render: (_: unknown, j) =>
                j.state === 'pending' ? (
                  <RowButton
                    onClick={() =>
                      void act(
                        () => momentsApi.cancel(post.postId, j.jobId),
                        'moments.history.cancelled',
                      )
                    }
                  >
                    {t('moments.history.cancel')}
                  </RowButton>
                ) : j.state === 'failed' || j.state === 'cancelled' ? (
                  <RowButton
                    onClick={() =>
                      void act(
                        () => momentsApi.repost(post.postId, j.jobId),
                        'moments.history.reposted',
                      )
                    }
                  >
                    {t('moments.history.repost')}
                  </RowButton>
                ) : null,
            },
          ]}
        />
      )}
    </Drawer>
  );
}
