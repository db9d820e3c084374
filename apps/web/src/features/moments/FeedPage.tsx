import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Select, Spin, Switch, Typography } from 'antd';
import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { MomentItem } from '@cst/shared';
import { refreshAfterEvent } from '../../lib/realtime/refreshAfterEvent.ts';
import { accountsApi, accountsKeys } from '../accounts/api.ts';
import { usePlatformCapabilities } from '../accounts/CapabilityGate.tsx';
import { accountLabel, accountOptions } from '../../lib/workAccounts/workAccountFilter.ts';
import { momentsApi, momentsKeys } from './api.ts';
import { MomentCard } from './MomentCard.tsx';
import { MomentsUnsupported } from './MomentsUnsupported.tsx';
import { useMomentsLive } from './useMomentsLive.ts';
import './moments.css';

const PAGE = 20;

/**
 * Friends' moments (/moments/newhistory): the timelines of the visible accounts, newest first,
 * filtered by account (kept in the URL), live as friends post; like and comment as the account.
 */
export function FeedPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const workWxid = params.get('workWxid') || undefined;
  const friendsOnly = params.get('friends') === '1';
  const caps = usePlatformCapabilities();
  const { data: switcher } = useQuery({
    queryKey: accountsKeys.switcher,
    queryFn: accountsApi.switcher,
  });
  const accounts = useMemo(() => switcher?.wxAccount ?? [], [switcher]);
  const names = useMemo(() => new Map(accounts.map((a) => [a.wxid, accountLabel(a)])), [accounts]);
  useMomentsLive('feed');

  const key = [...momentsKeys.feed, workWxid ?? '', friendsOnly] as const;
  const feed = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) =>
      momentsApi.feed({
        workWxid,
        limit: PAGE,
        ...(friendsOnly ? { own: false } : {}),
        ...(pageParam ? { before: pageParam } : {}),
      }),
    initialPageParam: 0,
    getNextPageParam: (last) =>
      last.hasMore ? (last.list[last.list.length - 1]?.createdAt ?? undefined) : undefined,
  });

  // An account chosen: its timeline is fetched from the platform once (older posts included).
  useEffect(() => {
    if (!workWxid || !caps.can('moments')) return;
    void momentsApi
      .sync(workWxid)
      .then(() => client.invalidateQueries({ queryKey: momentsKeys.feed }))
      .catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [workWxid]);

  const setFilter = (name: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  const handleChanged = () => refreshAfterEvent(client, momentsKeys.feed);
  const list: MomentItem[] = feed.data?.pages.flatMap((p) => p.list) ?? [];
  const canInteract = caps.can('momentInteract');
  const online = new Set(accounts.filter((a) => a.status === 'online').map((a) => a.wxid));

  return (
    <Card title={t('moments.feed.title')} data-testid="moment-feed" className="moment-feed-card">
      <MomentsUnsupported />
      <Flex gap={12} wrap align="center" className="moment-feed-toolbar">
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 220 }}
          placeholder={t('moments.feed.accountPlaceholder')}
          value={workWxid}
          options={accountOptions(accounts)}
          onChange={(v: string | undefined) => setFilter('workWxid', v)}
          data-testid="moment-feed-account"
        />
        <Flex gap={6} align="center">
          <Switch
            size="small"
            checked={friendsOnly}
            onChange={(on) => setFilter('friends', on ? '1' : undefined)}
            data-testid="moment-feed-friends"
          />
          <Typography.Text>{t('moments.feed.onlyFriends')}</Typography.Text>
        </Flex>
        <Button icon={<ReloadOutlined />} onClick={handleChanged}>
          {t('moments.feed.refresh')}
        </Button>
      </Flex>
      {feed.isPending ? (
        <Spin style={{ display: 'block', margin: 48 }} />
      ) : list.length === 0 ? (
        <Empty
          description={
            <>
              <div>{t('moments.feed.empty')}</div>
              <Typography.Text type="secondary">{t('moments.feed.emptyHint')}</Typography.Text>
            </>
          }
          data-testid="moment-feed-empty"
        />
      ) : (
        <div className="moment-list">
          {list.map((m) => (
            <MomentCard
              key={`${m.workWxid}:${m.momentId}`}
              moment={m}
              accountName={workWxid ? undefined : names.get(m.workWxid)}
              canInteract={canInteract && online.has(m.workWxid)}
              onChanged={handleChanged}
            />
          ))}
          <Flex justify="center" style={{ padding: 12 }}>
            {feed.hasNextPage ? (
              <Button loading={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()}>
                {t('moments.feed.more')}
              </Button>
            ) : (
              <Typography.Text type="secondary">{t('moments.feed.noMore')}</Typography.Text>
            )}
          </Flex>
        </div>
      )}
    </Card>
  );
}
