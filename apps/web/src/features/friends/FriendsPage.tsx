import { useQuery } from '@tanstack/react-query';
import { Button, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_SOURCES, type ContactSource, type FriendItem } from '@cst/shared';
import {
  DateRangeFilter,
  EmptyState,
  ExportButton,
  ListPage,
  SearchFilter,
  SelectFilter,
  useListQuery,
} from '../../components/listPage/index.ts';
import { accountsApi, accountsKeys, usePlatform } from '../accounts/api.ts';
import { TagFilter, tagIdsOf } from '../tags/TagFilter.tsx';
import { UserCardHost } from '../userCard/UserCardDialog.tsx';
import { FriendsTable } from './FriendsTable.tsx';
import { RemarkModal } from './RemarkModal.tsx';
import { SyncFriendsModal } from './SyncFriendsModal.tsx';
import { useFriendActions } from './useFriendActions.ts';
import { useFriendsLive } from './useFriendsLive.ts';
import { usePatchFriends, useFriendsQuery, type FriendFilters } from './useFriendsQuery.ts';
import './friends.css';

const FILTER_KEYS = ['workWxid', 'keyword', 'addedFrom', 'addedTo', 'source', 'tagIds'] as const;

/** A number of the URL, or undefined. */
const num = (v: string | undefined) => (v && /^\d{1,15}$/.test(v) ? Number(v) : undefined);

/** The height the table body may take below the toolbar (it virtualises within it). */
function useBodyHeight(ref: React.RefObject<HTMLDivElement | null>): number {
  const [height, setHeight] = useState(400);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () =>
      setHeight(Math.max(240, window.innerHeight - el.getBoundingClientRect().top - 88));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [ref]);
  return height;
}

/**
 * My friends (/contacts/friends): every friend of the visible work accounts in one virtualised
 * table, filtered by account, keyword, added time and source (kept in the URL), with the chat,
 * card, remark, star / blacklist / pin, delete and sync at hand. Live: pushes update the rows.
 */
export function FriendsPage() {
  const { t } = useTranslation();
  const query = useListQuery(FILTER_KEYS);
  const f = query.filters;
  const filters: FriendFilters = useMemo(
    () => ({
      workWxid: f.workWxid,
      keyword: f.keyword,
      addedFrom: num(f.addedFrom),
      addedTo: num(f.addedTo),
      source: CONTACT_SOURCES.includes(f.source as ContactSource)
        ? (f.source as ContactSource)
        : undefined,
      tagIds: tagIdsOf(f.tagIds),
    }),
    [f.workWxid, f.keyword, f.addedFrom, f.addedTo, f.source, f.tagIds],
  );
  const filtered = Object.values(filters).some((v) => v !== undefined && v !== '');
  const list = useFriendsQuery(filters);
  const { data: switcher } = useQuery({
    queryKey: accountsKeys.switcher,
    queryFn: accountsApi.switcher,
  });
  const accounts = switcher?.wxAccount ?? [];
  const caps = usePlatform().data?.capabilities ?? [];
  const actions = useFriendActions();
  const patch = usePatchFriends();
  const [remarking, setRemarking] = useState<FriendItem | null>(null);
  const [syncing, setSyncing] = useState(false);
  const bodyRef = useRef<HTMLDivElement>(null);
  const height = useBodyHeight(bodyRef);
  useFriendsLive();

  const empty = filtered ? (
    <EmptyState
      title={t('friends.noMatch')}
      hint={t('listPage.emptyFilteredHint')}
      action={<Button onClick={query.reset}>{t('listPage.resetFilters')}</Button>}
      testId="friends-empty"
    />
  ) : (
    <EmptyState
      title={t('friends.empty')}
      hint={t('friends.emptyHint')}
      action={
        accounts.length > 0 && (
          <Button type="primary" onClick={() => setSyncing(true)}>
            {t('friends.sync')}
          </Button>
        )
      }
      testId="friends-empty"
    />
  );

  return (
    <ListPage
      title={t('friends.title')}
      testId="friends-page"
      extra={
        <Typography.Text type="secondary" data-testid="friends-total">
          {t('friends.total', { count: list.total })}
        </Typography.Text>
      }
      filters={
        <>
          <SelectFilter
            query={query}
            name="workWxid"
            placeholder={t('friends.allAccounts')}
            searchable
            width={180}
            options={accounts.map((a) => ({
              value: a.wxid,
              label: a.remark || a.nickname || a.wxid,
            }))}
            testId="friends-account"
          />
          <SearchFilter
            query={query}
            name="keyword"
            placeholder={t('friends.search')}
            testId="friends-search"
          />
          <DateRangeFilter query={query} names={['addedFrom', 'addedTo']} testId="friends-added" />
          <SelectFilter
            query={query}
            name="source"
            placeholder={t('friends.allSources')}
            options={CONTACT_SOURCES.map((s) => ({ value: s, label: t(`friends.sources.${s}`) }))}
            testId="friends-source"
          />
          <TagFilter
            query={query}
            name="tagIds"
            placeholder={t('tags.filter')}
            testId="friends-tags"
          />
        </>
      }
      actions={
        <>
          <Button
            onClick={() => setSyncing(true)}
            disabled={accounts.length === 0}
            data-testid="friends-sync"
          >
            {t('friends.sync')}
          </Button>
          <ExportButton
            url="/main-api/acc/friends-export"
            params={query.params}
            disabled={list.total === 0}
            testId="friends-export"
          />
        </>
      }
    >
      <div ref={bodyRef}>
        <FriendsTable
          rows={list.rows}
          loading={list.isLoading}
          height={height}
          accounts={accounts}
          canDelete={caps.includes('deleteFriend')}
          busy={actions.busy}
          empty={list.isLoading ? ' ' : empty}
          onNearEnd={list.loadMore}
          onOpenChat={actions.onOpenChat}
          onCard={actions.onCard}
          onRemark={setRemarking}
          onFlag={actions.onFlag}
          onDelete={actions.onDelete}
        />
      </div>
      <RemarkModal
        friend={remarking}
        onClose={() => setRemarking(null)}
        onSaved={(x) => patch([x], [])}
      />
      {syncing && (
        <SyncFriendsModal
          open
          accounts={accounts}
          initialWxid={filters.workWxid}
          onClose={(synced) => {
            setSyncing(false);
            if (synced) void list.refetch();
          }}
        />
      )}
      <UserCardHost />
    </ListPage>
  );
}
