import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { App, Flex, Image, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MOMENT_JOB_STATES, type MomentJobState, type MomentPostItem } from '@cst/shared';
import { ListScreen, RowButton, useListPage } from '../../components/listPage/index.ts';
import { accountsApi, accountsKeys } from '../accounts/api.ts';
import { workAccountFilter } from '../../lib/workAccounts/workAccountFilter.ts';
import { imageSrc } from '../bubbles/media.ts';
import { momentsApi, momentsKeys } from './api.ts';
import { JOB_STATE_COLOR } from './jobStates.ts';
import { MomentJobsDrawer } from './MomentJobsDrawer.tsx';
import { MomentsUnsupported } from './MomentsUnsupported.tsx';
import { useMomentsLive } from './useMomentsLive.ts';

/** The content of a post in one cell: its text, first picture and what else it carries. */
function PostContent({ post }: { post: MomentPostItem }) {
  const { t } = useTranslation();
  const first = post.media[0];
  return (
    <Flex gap={8} align="center">
      {first?.kind === 'image' && (
        <Image
          src={imageSrc(first.url) ?? undefined}
          width={40}
          height={40}
          preview={false}
          alt=""
        />
      )}
      <Space direction="vertical" size={0} style={{ minWidth: 0 }}>
        <Typography.Text ellipsis={{ tooltip: post.text }} data-testid="moment-post-text">
          {post.text || '—'}
        </Typography.Text>
        <Space size={4} wrap>
          {post.media.length > 0 && first?.kind === 'image' && (
            <Tag>{t('moments.history.picturesCount', { count: post.media.length })}</Tag>
          )}
          {first?.kind === 'video' && <Tag>{t('moments.history.video')}</Tag>}
          {post.link && <Tag>{t('moments.history.link')}</Tag>}
          {post.visibility === 'tags' && <Tag color="purple">{t('moments.history.visTags')}</Tag>}
        </Space>
      </Space>
    </Flex>
  );
}

/** Each account's state as small tags, with the counts in a tooltip. */
function PostProgress({ post }: { post: MomentPostItem }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('moments.history.counts', post.counts)}>
      <Space size={4} wrap data-testid="moment-post-progress">
        {MOMENT_JOB_STATES.filter((s) => post.counts[s] > 0).map((s: MomentJobState) => (
          <Tag key={s} color={JOB_STATE_COLOR[s]}>
            {t(`moments.history.states.${s}`)} {post.counts[s]}
          </Tag>
        ))}
      </Space>
    </Tooltip>
  );
}

/**
 * The history of moment posts (/moments/history): each post with its accounts' states live
 * (pending, posted, failed with the reason), cancel what is pending, post again what failed.
 */
export function MomentHistoryPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [openId, setOpenId] = useState<string | null>(null);
  const { data: switcher } = useQuery({
    queryKey: accountsKeys.switcher,
    queryFn: accountsApi.switcher,
  });
  useMomentsLive('posts');
  const page = useListPage<'keyword' | 'state' | 'workWxid', MomentPostItem>({
    key: momentsKeys.posts,
    frame: { title: 'moments.history.title', testId: 'moment-history' },
    fetch: (p) =>
      momentsApi.posts({
        page: p.page,
        pageSize: p.pageSize,
        keyword: p.keyword,
        workWxid: p.workWxid,
        state: MOMENT_JOB_STATES.includes(p.state as MomentJobState)
          ? (p.state as MomentJobState)
          : undefined,
      }),
    rowKey: 'postId',
    filters: [
      { kind: 'search', name: 'keyword', placeholder: 'moments.history.search' },
      {
        kind: 'select',
        name: 'state',
        placeholder: 'moments.history.allStates',
        options: { enum: MOMENT_JOB_STATES, prefix: 'moments.history.states.' },
      },
      workAccountFilter(switcher?.wxAccount ?? [], 'moments.history.allAccounts'),
    ],
    toolbar: {
      add: {
        label: 'moments.post.title',
        onClick: () => void navigate('/moments'),
        testId: 'moment-history-new',
      },
    },
    empty: { title: 'moments.history.empty', hint: 'moments.history.emptyHint', offerAdd: true },
    columns: [
      {
        kind: 'render',
        key: 'content',
        title: 'moments.history.content',
        width: 280,
        render: (p) => <PostContent post={p} />,
      },
      {
        kind: 'render',
        key: 'progress',
        title: 'moments.history.progress',
        width: 180,
        render: (p) => <PostProgress post={p} />,
      },
      {
        kind: 'render',
        key: 'sendAt',
        title: 'moments.history.sendAt',
        width: 170,
        render: (p) => (
          <Space size={4} wrap>
            <span>{dayjs(p.sendAt).format('YYYY-MM-DD HH:mm')}</span>
            {p.spreadMinutes > 0 && (
              <Tag>{t('moments.history.spreadTag', { minutes: p.spreadMinutes })}</Tag>
            )}
          </Space>
        ),
      },
      {
        kind: 'text',
        title: 'moments.history.createdBy',
        field: 'createdBy',
        width: 110,
        dash: true,
      },
      { kind: 'time', title: 'moments.history.createdAt', field: 'createdAt' },
      {
        kind: 'actions',
        width: 190,
        render: (p) => (
          <>
            <RowButton onClick={() => setOpenId(p.postId)} testId="moment-post-details">
              {t('moments.history.details')}
            </RowButton>
            {p.counts.pending > 0 && (
              <RowButton
                testId="moment-post-cancel"
                confirm={{
                  title: t('moments.history.cancelConfirm'),
                  okTestId: 'moment-cancel-ok',
                }}
                onClick={() =>
                  void momentsApi.cancel(p.postId).then((r) => {
                    void message.success(t('moments.history.cancelled', { count: r.changed }));
                    void page.refresh();
                  })
                }
              >
                {t('moments.history.cancelAll')}
              </RowButton>
            )}
            {p.counts.failed + p.counts.cancelled > 0 && (
              <RowButton
                testId="moment-post-repost"
                onClick={() =>
                  void momentsApi.repost(p.postId).then((r) => {
                    void message.success(t('moments.history.reposted', { count: r.changed }));
                    void page.refresh();
                  })
                }
              >
                {t('moments.history.repost')}
              </RowButton>
            )}
          </>
        ),
      },
    ],
  });
  const open = page.data?.list.find((p) => p.postId === openId) ?? null;

  return (
    <ListScreen page={page} notice={<MomentsUnsupported />}>
      <MomentJobsDrawer post={open} onClose={() => setOpenId(null)} onChanged={page.refresh} />
    </ListScreen>
  );
}
